// The extension's log as the user can read it (Output ▸ Bitbucket Snippets, written to a file in
// VS Code's log folder): tests read what a command or a drop logged there, the refusal's sentence
// as shown, instead of a value the product would return for them.
import * as fs from 'node:fs';
import type * as vscode from 'vscode';
import type { TreeNode } from '../../src/model/snippets/tree/nodes';
import type { TestingApi } from '../../src/onDemand/testingApi';
import { until } from './support';
import { extensionLogFiles } from './userDataFiles';

/** Where each of the extension's log files ends now; lines written later are "since" the mark. */
export type LogMark = ReadonlyMap<string, number>;

export function logMark(): LogMark {
  return new Map(extensionLogFiles().map((file) => [file, fs.statSync(file).size]));
}

/** The whole lines written to the extension's log since `mark`, oldest first. */
function linesSince(mark: LogMark): string[] {
  return extensionLogFiles().flatMap((file) => {
    const text = fs
      .readFileSync(file)
      .subarray(mark.get(file) ?? 0)
      .toString('utf8');
    return text.split('\n').slice(0, -1);
  });
}

/** Waits until a line written since `mark` includes every one of `texts`, and returns it. */
export function logLineSince(mark: LogMark, ...texts: string[]): Promise<string> {
  return until(`a line in the extension's log with ${texts.map((t) => `"${t}"`).join(' and ')}`, () =>
    linesSince(mark).find((line) => texts.every((t) => line.includes(t))),
  );
}

/** What a drop did, read back from the line it logged. */
export type LoggedDrop = { done: string; snippets: string[]; skipped?: number } | { refused: string };

/** Drops on `target` as VS Code does (handleDrop), and reads what the drop logged. */
export async function dropAndRead(
  api: TestingApi,
  target: TreeNode | undefined,
  dataTransfer: vscode.DataTransfer,
): Promise<LoggedDrop> {
  const mark = logMark();
  await api.explorer.dragAndDrop.handleDrop(target, dataTransfer);
  const line = await logLineSince(mark, '[drop] drop on ');
  const refused = / drop on (?:the view|\S+) refused: (.*)$/.exec(line);
  if (refused) return { refused: refused[1] };
  const done = / drop on (?:the view|\S+): (\w+) ([^;]*)(?:; (\d+) snippet\(s\) of others left as they were)?$/.exec(
    line,
  );
  if (!done) throw new Error(`The drop logged a line this test does not read: ${line}`);
  return { done: done[1], snippets: done[2].split(', '), ...(done[3] ? { skipped: Number(done[3]) } : {}) };
}
