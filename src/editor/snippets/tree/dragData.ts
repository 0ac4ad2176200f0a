// What a drag of the Snippets view carries and what a drop on it holds: the rows dragged, the row
// dropped on, and the files dropped from the Explorer or from outside VS Code, read as the user
// sees them.
import * as path from 'node:path';
import vscode = require('vscode');
import { Mimes } from '../../../util/constants';
import type { DraggedRow } from '../../../model/snippets/draggedRows';
import type { DroppedEntry } from '../../../model/snippets/droppedFiles';
import type { TreeNode } from '../../../model/snippets/tree/nodes';

/** A uri-list that names no resource. */
export const NO_URIS = '# Bitbucket snippet rows: their text is inserted, no resource is opened';

/** Files dropped on the view: from the Explorer (URIs) or from outside VS Code (names and bytes). */
export type DroppedSource = { uri: vscode.Uri } | { file: vscode.DataTransferFile };

/** The snippets and files of the dragged rows (other rows carry nothing). */
export function draggedRows(source: readonly TreeNode[]): DraggedRow[] {
  return source.flatMap((node) =>
    rowOf(node).map((row) => (node.accountId === undefined ? row : { ...row, accountId: node.accountId })),
  );
}

function rowOf(node: TreeNode): DraggedRow[] {
  switch (node.kind) {
    case 'snippet':
    case 'searchSnippet':
      return [{ snippetGuid: node.snippetGuid }];
    case 'file':
      // A later file of a shared name would carry the first one's content: it carries nothing.
      return node.occurrence !== undefined && node.occurrence > 1
        ? []
        : [{ snippetGuid: node.snippetGuid, fileName: node.fileName }];
    case 'searchMatch':
      return [
        node.fileName ? { snippetGuid: node.snippetGuid, fileName: node.fileName } : { snippetGuid: node.snippetGuid },
      ];
    default:
      return [];
  }
}

/** The snippet a row stands for, when it stands for one. */
export function targetSnippet(node: TreeNode): string | undefined {
  switch (node.kind) {
    case 'snippet':
    case 'file':
    case 'comments':
    case 'searchSnippet':
    case 'searchMatch':
      return node.snippetGuid;
    default:
      return undefined;
  }
}

function parseUriList(text: string): vscode.Uri[] {
  return text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'))
    .flatMap((l) => {
      try {
        return [vscode.Uri.parse(l, true)];
      } catch {
        return [];
      }
    });
}

/**
 * The files of a drop: those VS Code hands over as files (from the file manager: a name and bytes,
 * a URI when it knows one) and the URIs of a uri-list (the Explorer, a desktop file manager), each
 * once.
 */
export async function droppedSources(dataTransfer: vscode.DataTransfer): Promise<DroppedSource[]> {
  const sources: DroppedSource[] = [];
  const seen = new Set<string>();
  const add = (source: DroppedSource, uri: vscode.Uri | undefined) => {
    if (uri) {
      if (seen.has(uri.toString())) return;
      seen.add(uri.toString());
    }
    sources.push(source);
  };
  let uriList: vscode.DataTransferItem | undefined;
  dataTransfer.forEach((item, mime) => {
    if (mime === Mimes.uriList) uriList = item;
    const file = item.asFile();
    if (file) add(file.uri?.scheme === 'file' ? { uri: file.uri } : { file }, file.uri);
  });
  if (uriList) for (const uri of parseUriList(await uriList.asString())) add({ uri }, uri);
  return sources;
}

/** A dropped file as the user sees it: an open editor's text (saved or not) wins over the disk. */
export async function readEntry(source: DroppedSource): Promise<DroppedEntry> {
  if ('file' in source) {
    // A folder from the file manager comes without a URI, and its bytes cannot be read.
    try {
      return { name: source.file.name, bytes: await source.file.data() };
    } catch {
      return { name: source.file.name, bytes: undefined };
    }
  }
  const { uri } = source;
  const name = path.posix.basename(uri.path);
  const stat = await vscode.workspace.fs.stat(uri);
  if (stat.type & vscode.FileType.Directory) return { name, bytes: undefined };
  const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
  return { name, bytes: open ? new TextEncoder().encode(open.getText()) : await vscode.workspace.fs.readFile(uri) };
}
