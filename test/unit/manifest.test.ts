// What the Marketplace and a careful user read in package.json: where the project lives, honest
// categories, a title per command that tells it from every other, settings in a deliberate order,
// and a Snippets view title bar that fits a narrow side bar (at most three buttons, the rest in
// its `…` menu) with icons that say what they do.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { SEARCH_MATCH_ICONS } from '../../src/model/snippets/tree/icons';

const ROOT = path.resolve(__dirname, '../../..');

interface MenuItem {
  command: string;
  when?: string;
  group?: string;
}
interface Manifest {
  repository?: { type?: string; url?: string } | string;
  bugs?: { url?: string } | string;
  homepage?: string;
  categories: string[];
  contributes: {
    commands: Array<{ command: string; title: string; icon?: string }>;
    menus: Record<string, MenuItem[]>;
    configuration:
      { properties: Record<string, { order?: number }> } | Array<{ properties: Record<string, { order?: number }> }>;
  };
}

const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as Manifest;
const english = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.nls.json'), 'utf8')) as Record<string, string>;
const text = (value: string) => (/^%.+%$/.test(value) ? english[value.slice(1, -1)] : value);

/** Every .ts file under src/, for what the code really registers. */
function sources(): string {
  const dir = path.join(ROOT, 'src');
  return (fs.readdirSync(dir, { recursive: true }) as string[])
    .filter((f) => f.endsWith('.ts'))
    .map((f) => fs.readFileSync(path.join(dir, f), 'utf8'))
    .join('\n');
}

/** Evaluates a view/title `when` clause (==, !=, !, &&) for one combination of the context keys it uses. */
function shows(clause: string | undefined, keys: Record<string, string | boolean>): boolean {
  if (!clause) return true;
  return clause.split('&&').every((part) => {
    const term = part.trim();
    const compare = /^([\w.:]+) (==|!=) ([\w.:-]+)$/.exec(term);
    if (compare) return (String(keys[compare[1]]) === compare[3]) === (compare[2] === '==');
    const key = /^(!?)([\w.:]+)$/.exec(term);
    assert.ok(key, `teach this test the rest of: ${clause}`);
    return Boolean(keys[key[2]]) !== (key[1] === '!');
  });
}

describe('the manifest as the Marketplace and a user read it', () => {
  it('says where the project lives: repository, bugs and homepage, all https and of one repository', () => {
    const repository = typeof manifest.repository === 'string' ? manifest.repository : manifest.repository?.url;
    const bugs = typeof manifest.bugs === 'string' ? manifest.bugs : manifest.bugs?.url;
    assert.ok(repository, 'package.json has a repository');
    assert.match(repository, /^https:\/\/[^/]+\/[^/]+\/[^/]+?(\.git)?$/);
    const home = repository.replace(/\.git$/, '');
    assert.equal(bugs, `${home}/issues`);
    assert.ok(manifest.homepage?.startsWith(home), `the homepage ${manifest.homepage} is the repository's`);
  });

  it('names only categories it has: no SCM Providers without a registered source control', () => {
    if (!/\bscm\.createSourceControl\(/.test(sources())) {
      assert.ok(!manifest.categories.includes('SCM Providers'), `categories: ${manifest.categories.join(', ')}`);
    }
    assert.ok(manifest.categories.includes('Snippets'));
  });

  it('gives every command a title of its own (an ellipsis does not make a title different)', () => {
    const seen = new Map<string, string>();
    for (const { command, title } of manifest.contributes.commands) {
      const shown = text(title)
        .replace(/(…|\.\.\.)$/, '')
        .trim()
        .toLowerCase();
      assert.ok(!seen.has(shown), `${command} and ${seen.get(shown)} are both titled "${text(title)}"`);
      seen.set(shown, command);
    }
  });

  it('orders the settings deliberately: every order value is used once', () => {
    const sections = Array.isArray(manifest.contributes.configuration)
      ? manifest.contributes.configuration
      : [manifest.contributes.configuration];
    const byOrder = new Map<number, string>();
    for (const [key, setting] of sections.flatMap((s) => Object.entries(s.properties))) {
      assert.equal(typeof setting.order, 'number', `${key} has an order`);
      assert.ok(
        !byOrder.has(setting.order!),
        `${key} and ${byOrder.get(setting.order!)} both have order ${setting.order}`,
      );
      byOrder.set(setting.order!, key);
    }
  });

  it('names the Snippets view as its container, so VS Code shows the name once and a 300 px side bar does not cut it', () => {
    // VS Code titles a container with one view "CONTAINER: VIEW", unless both are the same.
    const raw = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
      contributes: {
        viewsContainers: { activitybar: Array<{ id: string; title: string }> };
        views: Record<string, Array<{ id: string; name: string; contextualTitle?: string }>>;
      };
    };
    const container = raw.contributes.viewsContainers.activitybar.find((c) => c.id === 'bitbucketSnippets');
    const views = raw.contributes.views.bitbucketSnippets;
    assert.equal(views.length, 1);
    assert.equal(text(views[0].name), text(container?.title ?? ''));
    assert.match(text(views[0].name), /Bitbucket/, 'the Open View list names the product');
    assert.match(
      text(views[0].contextualTitle ?? ''),
      /Bitbucket/,
      'moved elsewhere, the view still names the product',
    );
  });

  it('shows at most three buttons in the Snippets view title (Collapse All counts), the rest in its … menu', () => {
    const items = manifest.contributes.menus['view/title'].filter((i) =>
      i.when?.includes('view == bitbucketSnippets.explorer'),
    );
    const collapseAll = /showCollapseAll:\s*true/.test(sources()) ? 1 : 0;
    for (const signedIn of [true, false]) {
      for (const filterActive of [true, false]) {
        for (const sortOrder of ['name', 'updated']) {
          const keys = {
            view: 'bitbucketSnippets.explorer',
            'bitbucketSnippets:signedIn': signedIn,
            'bitbucketSnippets:filterActive': filterActive,
            'bitbucketSnippets:sortOrder': sortOrder,
          };
          const buttons = items
            .filter((i) => i.group?.startsWith('navigation') && shows(i.when, keys))
            .map((i) => i.command);
          assert.ok(
            buttons.length + collapseAll <= 3,
            `signed in ${signedIn}, filter ${filterActive}, sort ${sortOrder}: ${buttons.join(', ')}${collapseAll ? ' and Collapse All' : ''}`,
          );
        }
      }
    }
    // What left the title bar is still in its … menu.
    const menu = new Set(items.filter((i) => !i.group?.startsWith('navigation')).map((i) => i.command));
    for (const command of [
      'filterSnippets',
      'clearFilter',
      'sortByName',
      'sortByUpdated',
      'browseUser',
      'refreshExplorer',
    ]) {
      const id = `bitbucketSnippets.${command}`;
      assert.ok(
        menu.has(id) || items.some((i) => i.command === id && i.group?.startsWith('navigation')),
        `${id} is in the view title or its … menu`,
      );
    }
  });

  it('gives sorting an icon that says sort, not the case-sensitive "Aa"', () => {
    const icon = (id: string) => manifest.contributes.commands.find((c) => c.command === id)?.icon;
    assert.notEqual(icon('bitbucketSnippets.sortByName'), '$(case-sensitive)');
  });

  it('marks search match rows with icons of a line and a field, not the magnifier with a person', () => {
    for (const icon of Object.values(SEARCH_MATCH_ICONS)) {
      assert.ok(!['search-fuzzy', 'account', 'person'].includes(icon), icon);
    }
  });
});
