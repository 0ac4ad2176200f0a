// One SnippetService per account, against two local servers at once that hold the same snippet
// guids (both start from the same demo data, as a staging server copied from production would):
// each account's service loads, knows and writes its own server's snippet, never the other's.
import * as assert from 'node:assert/strict';
import { BitbucketClient } from '../../../src/api/client';
import { withFileContent } from '../../../src/snippets/core/edits';
import { SnippetService } from '../../../src/snippets/core/service';
import { SnippetServices } from '../../../src/snippets/core/services';
import { startServer, type RunningServer } from '../../server/server';

describe('SnippetServices: one snippet service per account', function () {
  this.timeout(20_000);
  let production: RunningServer;
  let staging: RunningServer;
  const clients: BitbucketClient[] = [];

  const client = (server: RunningServer, user: string) => {
    const c = new BitbucketClient({ baseUrl: server.url, credentials: () => ({ type: 'basic', username: user, password: user }), retry: { retries: 0 } });
    clients.push(c);
    return c;
  };
  /** Account ids as the extension makes them: `<server url>#<user>`. */
  const servers = () => ({ [`${production.url}#alice`]: production, [`${staging.url}#alice`]: staging, [`${production.url}#bob`]: production });

  let made: string[];
  const registry = () => {
    const make = (key: string) => {
      made.push(key);
      const [, user] = key.split('#');
      const service = new SnippetService(() => client(servers()[key], user), () => 25);
      service.reset({ username: user });
      return service;
    };
    return new SnippetServices(make(`${production.url}#alice`), make);
  };

  beforeEach(async () => {
    made = [];
    production = await startServer({ port: 0, demo: true });
    staging = await startServer({ port: 0, contextPath: '/bitbucket', demo: true });
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.dispose()));
    await Promise.all([production.close(), staging.close()]);
  });

  it('gives the default account the default service, and each other account its own, made once', () => {
    const services = registry();
    const [prodAlice, stagingAlice, prodBob] = Object.keys(servers());
    services.setDefault(prodAlice);
    assert.equal(services.forAccount(prodAlice), services.defaultService);
    const other = services.forAccount(stagingAlice);
    assert.notEqual(other, services.defaultService);
    assert.equal(services.forAccount(stagingAlice), other, 'made once');
    assert.notEqual(services.forAccount(prodBob), other);
    assert.deepEqual(services.otherAccounts(), [stagingAlice, prodBob]);
    assert.equal(services.existing('nobody'), undefined);
  });

  it('drops the services of accounts that signed out, and the own service of the new default', () => {
    const services = registry();
    const [prodAlice, stagingAlice, prodBob] = Object.keys(servers());
    services.setDefault(prodAlice);
    services.forAccount(stagingAlice);
    services.forAccount(prodBob);
    services.retain([prodAlice, stagingAlice]);
    assert.deepEqual(services.otherAccounts(), [stagingAlice]);
    services.setDefault(stagingAlice);
    assert.equal(services.forAccount(stagingAlice), services.defaultService, 'the default service follows the new default');
    assert.deepEqual(services.otherAccounts(), []);
  });

  it('disposes a dropped service, so its offline check stops asking the server', () => {
    const services = registry();
    const [prodAlice, stagingAlice, prodBob] = Object.keys(servers());
    services.setDefault(prodAlice);
    const disposed: string[] = [];
    for (const key of [stagingAlice, prodBob]) {
      const service = services.forAccount(key);
      const dispose = service.dispose.bind(service);
      service.dispose = () => (disposed.push(key), dispose());
    }
    services.retain([prodAlice, stagingAlice]);
    assert.deepEqual(disposed, [prodBob], 'the account that signed out');
    services.setDefault(stagingAlice);
    assert.deepEqual(disposed, [prodBob, stagingAlice], 'the new default\'s own service, replaced by the default one');
  });

  it('keeps the same snippet guid on two servers apart: lists, reads and saves go to their own server', async () => {
    const services = registry();
    const [prodAlice, stagingAlice] = Object.keys(servers());
    services.setDefault(prodAlice);
    const prod = services.forAccount(prodAlice);
    const stage = services.forAccount(stagingAlice);
    await Promise.all([prod.ensureLoaded('mine'), stage.ensureLoaded('mine')]);
    const shared = prod.list('mine').guids.filter((g) => stage.list('mine').guids.includes(g));
    assert.ok(shared.length > 0, 'the two demo servers share snippet guids');
    const guid = shared[0];
    const original = prod.get(guid)!;
    const fileName = original.files[0].name;

    await stage.update(guid, (fresh) => withFileContent(fresh, fileName, 'changed on staging\n'));
    assert.equal(stage.get(guid)!.files[0].content, 'changed on staging\n');
    assert.equal(prod.get(guid)!.files[0].content, original.files[0].content, "production's copy is untouched in memory");
    const onProduction = await client(production, 'alice').getSnippet(guid);
    const onStaging = await client(staging, 'alice').getSnippet(guid);
    assert.equal(onProduction.files[0].content, original.files[0].content, 'production was not written');
    assert.equal(onStaging.files[0].content, 'changed on staging\n');
  });

  it('learns each account its own identity', async () => {
    const services = registry();
    const [prodAlice, , prodBob] = Object.keys(servers());
    services.setDefault(prodAlice);
    const alice = services.forAccount(prodAlice);
    const bob = services.forAccount(prodBob);
    await Promise.all([alice.ensureLoaded('mine'), bob.ensureLoaded('mine')]);
    const alicesOwn = alice.snippetsOf('mine')[0];
    assert.equal(alice.mayWrite(alicesOwn), true);
    assert.equal(bob.mayWrite(alicesOwn), false, "bob's service does not take alice's snippet for his");
  });
});
