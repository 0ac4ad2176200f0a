// One SnippetService per account, against two local servers at once that hold the same snippet
// guids (both start from the same demo data, as a staging server copied from production would):
// each account's service loads, knows and writes its own server's snippet, never the other's.
import * as assert from 'node:assert/strict';
import { BitbucketClient } from '../../../src/api/client';
import { withFileContent } from '../../../src/model/snippets/edits';
import { SnippetService } from '../../../src/model/snippets/service';
import { SnippetServices } from '../../../src/model/snippets/snippetServices';
import { startServer, type RunningServer } from '../../server/server';

describe('SnippetServices: one snippet service per account', function () {
  this.timeout(20_000);
  let production: RunningServer;
  let staging: RunningServer;
  const clients: BitbucketClient[] = [];

  const client = (server: RunningServer, user: string) => {
    const c = new BitbucketClient({
      baseUrl: server.url,
      credentials: () => ({ type: 'basic', username: user, password: user }),
      retry: { retries: 0 },
    });
    clients.push(c);
    return c;
  };
  /** Account ids as the extension makes them: `<server url>#<user>`. */
  const servers = () => ({
    [`${production.url}#alice`]: production,
    [`${staging.url}#alice`]: staging,
    [`${production.url}#bob`]: production,
  });

  let made: string[];
  const registry = () => {
    const make = (key: string) => {
      made.push(key);
      const [, user] = key.split('#');
      const service = new SnippetService(
        () => client(servers()[key], user),
        () => 25,
      );
      service.reset({ username: user });
      return service;
    };
    return new SnippetServices(
      make,
      new SnippetService(
        () => undefined,
        () => 25,
      ),
    );
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

  it('gives every account its own service, made once, the default account included', () => {
    const services = registry();
    const [prodAlice, stagingAlice, prodBob] = Object.keys(servers());
    const signedOut = services.defaultService;
    assert.deepEqual(made, [], 'no account, no service: the default one is the signed-out one');
    services.setDefault(prodAlice);
    assert.equal(services.defaultService, services.forAccount(prodAlice));
    assert.notEqual(services.defaultService, signedOut);
    const other = services.forAccount(stagingAlice);
    assert.equal(services.forAccount(stagingAlice), other, 'made once');
    assert.notEqual(services.forAccount(prodBob), other);
    assert.deepEqual(services.accountIds(), [prodAlice, stagingAlice, prodBob]);
    assert.equal(services.existing('nobody'), undefined);
    services.setDefault(undefined);
    assert.equal(services.defaultService, signedOut);
  });

  it('keeps every service, with its loaded lists, when the default account changes', async () => {
    const services = registry();
    const [prodAlice, stagingAlice] = Object.keys(servers());
    services.setDefault(prodAlice);
    const alice = services.forAccount(prodAlice);
    const staged = services.forAccount(stagingAlice);
    await Promise.all([alice.ensureLoaded('mine'), staged.ensureLoaded('mine')]);
    const disposed: SnippetService[] = [];
    for (const s of [alice, staged]) {
      const dispose = s.dispose.bind(s);
      s.dispose = () => (disposed.push(s), dispose());
    }
    services.setDefault(stagingAlice);
    assert.equal(services.defaultService, staged, "the new default's own service, not a new one");
    services.setDefault(prodAlice);
    assert.equal(services.forAccount(prodAlice), alice, 'the old default keeps its service');
    assert.ok(alice.store.list('mine').loaded && staged.store.list('mine').loaded, 'with the lists it had loaded');
    assert.deepEqual(disposed, [], 'nothing was dropped');
    assert.deepEqual(made, [prodAlice, stagingAlice], 'no service was made again');
  });

  it('disposes the services of accounts that signed out or signed in again, so their offline checks stop', () => {
    const services = registry();
    const [prodAlice, stagingAlice, prodBob] = Object.keys(servers());
    services.setDefault(prodAlice);
    const disposed: string[] = [];
    for (const key of [prodAlice, stagingAlice, prodBob]) {
      const service = services.forAccount(key);
      const dispose = service.dispose.bind(service);
      service.dispose = () => (disposed.push(key), dispose());
    }
    services.retain([prodAlice, stagingAlice]);
    assert.deepEqual(disposed, [prodBob], 'the account that signed out');
    assert.deepEqual(services.accountIds(), [prodAlice, stagingAlice]);
    const before = services.forAccount(stagingAlice);
    services.renew(stagingAlice);
    assert.deepEqual(disposed, [prodBob, stagingAlice], 'signed in again: its old service goes');
    assert.notEqual(services.forAccount(stagingAlice), before, 'and a new one starts empty');
  });

  it('keeps the same snippet guid on two servers apart: lists, reads and saves go to their own server', async () => {
    const services = registry();
    const [prodAlice, stagingAlice] = Object.keys(servers());
    services.setDefault(prodAlice);
    const prod = services.forAccount(prodAlice);
    const stage = services.forAccount(stagingAlice);
    await Promise.all([prod.ensureLoaded('mine'), stage.ensureLoaded('mine')]);
    const shared = prod.store.list('mine').guids.filter((g) => stage.store.list('mine').guids.includes(g));
    assert.ok(shared.length > 0, 'the two demo servers share snippet guids');
    const guid = shared[0];
    const original = prod.store.get(guid)!;
    const fileName = original.files[0].name;

    await stage.writes.update(guid, (fresh) => withFileContent(fresh, fileName, 'changed on staging\n'));
    assert.equal(stage.store.get(guid)!.files[0].content, 'changed on staging\n');
    assert.equal(
      prod.store.get(guid)!.files[0].content,
      original.files[0].content,
      "production's copy is untouched in memory",
    );
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
    const alicesOwn = alice.store.snippetsOf('mine')[0];
    assert.equal(alice.mayWrite(alicesOwn), true);
    assert.equal(bob.mayWrite(alicesOwn), false, "bob's service does not take alice's snippet for his");
  });
});
