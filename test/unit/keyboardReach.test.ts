// An inline action on a tree row is reached with the mouse only: a keyboard user gets a row's
// actions from its context menu (Shift+F10 or the Menu key). This holds package.json to that:
// for every kind of row of the Snippets view, each inline action it shows is in its context menu too.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { contextValue, type TreeNode } from '../../src/model/snippets/tree/nodes';
import { Views } from '../../src/util/constants';

interface MenuItem {
  command: string;
  when?: string;
  group?: string;
}

const manifest = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../../package.json'), 'utf8')) as {
  contributes: { menus: Record<string, MenuItem[]> };
};

/** Every contextValue a row of the Snippets view can have, from the function that makes them. */
const ROWS: TreeNode[] = [
  ...(['mine', 'starred', 'browse', 'user:bob', 'category:c1'] as const).map(
    (list) => ({ kind: 'root', list, label: list }) as TreeNode,
  ),
  { kind: 'categories', label: 'Categories' } as TreeNode,
  ...[true, false].flatMap((own) => [
    { kind: 'snippet', list: 'mine', snippetGuid: 'g', own } as TreeNode,
    { kind: 'file', list: 'mine', snippetGuid: 'g', fileName: 'a.sh', own } as TreeNode,
    { kind: 'comments', list: 'mine', snippetGuid: 'g', own } as TreeNode,
    { kind: 'comment', list: 'mine', snippetGuid: 'g', commentGuid: 'c', mine: own } as TreeNode,
  ]),
  { kind: 'loadMore', list: 'mine' } as TreeNode,
  ...[true, false].map((isError) => ({ kind: 'message', list: 'mine', text: 'x', isError }) as TreeNode),
];

/** Evaluates the `when` clauses these menus use (`view`, `viewItem` with ==, =~, &&, ||, parentheses) for a row of the Snippets view. */
function shows(clause: string | undefined, viewItem: string): boolean {
  if (!clause) return true;
  const logic = clause
    .replace(/viewItem =~ \/((?:[^/\\]|\\.)+)\/([a-z]*)/g, (_, source: string, flags: string) =>
      String(new RegExp(source, flags).test(viewItem)),
    )
    .replace(/\b(view|viewItem) == ([\w.:-]+)/g, (_, key: string, value: string) =>
      String((key === 'view' ? Views.explorer : viewItem) === value),
    );
  assert.match(logic, /^(?:\s|\(|\)|&&|\|\||true|false)*$/, `teach this test the rest of: ${clause}`);
  return new Function(`return (${logic});`)() as boolean;
}

describe('tree actions reachable with the keyboard', () => {
  const items = manifest.contributes.menus['view/item/context'] ?? [];
  const inline = items.filter((i) => i.group?.startsWith('inline'));
  const menu = items.filter((i) => !i.group?.startsWith('inline'));

  it('the Snippets view has inline actions to check', () => {
    assert.ok(
      inline.some((i) => shows(i.when, 'snippet.own')),
      'no inline action on an own snippet',
    );
  });

  for (const row of ROWS) {
    const value = contextValue(row);
    it(`${value}: every inline action is also in the context menu`, () => {
      for (const action of inline.filter((i) => shows(i.when, value))) {
        assert.ok(
          menu.some((i) => i.command === action.command && shows(i.when, value)),
          `${action.command} is inline on ${value} rows but not in their context menu`,
        );
      }
    });
  }
});
