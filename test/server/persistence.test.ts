import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page, PagesRefSetting, Snippet, StarredEntry } from '../../src/api/types';
import { demoGuid } from './demoData';
import { HookKeys } from './hookCatalog';
import { startServer, type RunningServer } from './server';
import { expectStatus, SNIPPETS } from './testClient';

describe('local server: data file and demo data', () => {
  let dir: string;
  let server: RunningServer | undefined;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'bitbucket-local-test-'));
  });
  afterEach(async () => {
    await server?.close();
    server = undefined;
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps what was created across a restart with the same data file', async () => {
    const dataFile = join(dir, 'data.json');
    server = await startServer({ port: 0, dataFile });
    const created = await expectStatus<Snippet>(200, server, 'POST', SNIPPETS, {
      body: { name: 'kept', files: [{ name: 'a', content: 'b' }] },
    });
    await expectStatus(200, server, 'PUT', '/rest/latest/pages-settings/PROJ/repo2/enabled?refId=refs%2Ftags%2Fv1');
    await expectStatus(
      200,
      server,
      'PUT',
      `/rest/api/latest/projects/PROJ/repos/repo1/settings/hooks/${HookKeys.yacc}/enabled`,
      { user: 'admin' },
    );
    await server.close();
    assert.deepEqual(readdirSync(dir), ['data.json'], 'no temporary file is left behind');

    server = await startServer({ port: 0, dataFile });
    assert.deepEqual(await expectStatus(200, server, 'GET', `${SNIPPETS}/${created.guid}`), created);
    const pages = await expectStatus<PagesRefSetting>(
      200,
      server,
      'GET',
      '/rest/latest/pages-settings/PROJ/repo2/enabled?refId=refs%2Ftags%2Fv1',
    );
    assert.equal(pages.isEnabled, true);
    const hook = await expectStatus<{ enabled: boolean }>(
      200,
      server,
      'GET',
      `/rest/api/latest/projects/PROJ/repos/repo1/settings/hooks/${HookKeys.yacc}`,
      {
        user: 'admin',
      },
    );
    assert.equal(hook.enabled, true);
  });

  it('refuses to start on a file that is not its data', async () => {
    const dataFile = join(dir, 'other.json');
    writeFileSync(dataFile, '{"hello": "world"}');
    await assert.rejects(startServer({ port: 0, dataFile }), /not a data file/);
  });

  it('fills realistic demo data: snippets of three users, categories, comments, stars, pages and hooks', async () => {
    server = await startServer({ port: 0, demo: true });
    const { snippets, stars } = server.state.data;
    assert.ok(snippets.length >= 35);
    for (const userId of [1, 2, 3]) assert.ok(snippets.filter((s) => s.userId === userId).length >= 8);
    assert.ok(snippets.some((s) => s.files.length >= 3));
    assert.ok(snippets.some((s) => s.comments.length >= 2 && new Set(s.comments.map((c) => c.userId)).size >= 2));
    const categories = new Set(snippets.flatMap((s) => s.categories.map((c) => c.name)));
    for (const name of ['devops', 'sql', 'testing', 'snippets for onboarding']) assert.ok(categories.has(name), name);
    const bobVisible = snippets.filter((s) => s.userId === 3 && s.isVisible).length;
    assert.ok(bobVisible >= 3 && bobVisible < snippets.filter((s) => s.userId === 3).length);
    assert.ok(stars.filter((s) => s.userId === 2).length >= 3 && stars.filter((s) => s.userId === 3).length >= 3);

    assert.equal(snippets[0].guid, demoGuid('snippet', 0), 'guids are stable');
    const starred = await expectStatus<Page<StarredEntry>>(200, server, 'GET', `${SNIPPETS}/starred`);
    assert.ok(starred.size >= 3);
    const main = await expectStatus<PagesRefSetting>(
      200,
      server,
      'GET',
      '/rest/latest/pages-settings/PROJ/repo1/enabled?refId=refs%2Fheads%2Fmain',
    );
    assert.equal(main.isEnabled, true);
    const settings = await expectStatus<{ exe: string }>(
      200,
      server,
      'GET',
      `/rest/api/latest/projects/PROJ/repos/repo1/settings/hooks/${HookKeys.externalPreReceive}/settings`,
      { user: 'admin' },
    );
    assert.match(settings.exe, /^\//);
  });

  it('makes the same demo data on every start', async () => {
    server = await startServer({ port: 0, demo: true });
    const first = JSON.stringify(server.state.data);
    await server.close();
    server = await startServer({ port: 0, demo: true });
    assert.equal(JSON.stringify(server.state.data), first);
  });

  it('keeps an existing data file over the demo data', async () => {
    const dataFile = join(dir, 'demo.json');
    server = await startServer({ port: 0, demo: true, dataFile });
    const created = await expectStatus<Snippet>(200, server, 'POST', SNIPPETS, {
      body: { name: 'mine', files: [{ name: 'a', content: 'b' }] },
    });
    await expectStatus(204, server, 'DELETE', `${SNIPPETS}/${demoGuid('snippet', 0)}`);
    await server.close();

    server = await startServer({ port: 0, demo: true, dataFile });
    await expectStatus(200, server, 'GET', `${SNIPPETS}/${created.guid}`);
    assert.equal(server.state.snippet(demoGuid('snippet', 0)), undefined, 'the deleted demo snippet stays deleted');
  });
});
