// The read operations both surfaces offer: each has one implementation here, with the schema its
// input is checked against, and two adapters call it: the language model tools (tools.ts) and the
// MCP server's host side (src/editor/agentTools/mcp/). A call is checked first and never throws: whatever
// goes wrong becomes a result that says what.
import vscode = require('vscode');
import type { SnippetsContext } from '../snippets/context';
import {
  LIST_CATEGORIES_SCHEMA,
  LIST_CATEGORY_SCHEMA,
  READ_FILE_SCHEMA,
  SEARCH_SCHEMA,
  type Schema,
} from '../../model/agentTools/schemas';
import { validateInput } from '../../model/agentTools/validate';
import { describeError, messageContext } from '../../util/describeError';
import { listCategoriesTool, listCategoryTool } from './categoryTools';
import { readFileTool } from './readFileTool';
import { searchTool } from './searchTool';

export type ReadOperationName = 'search' | 'readFile' | 'listCategories' | 'listCategory';

type Run = (host: SnippetsContext, input: never, signal: AbortSignal) => Promise<string>;

export const READ_OPERATIONS: Record<ReadOperationName, { schema: Schema; run: Run }> = {
  search: { schema: SEARCH_SCHEMA, run: searchTool },
  readFile: { schema: READ_FILE_SCHEMA, run: readFileTool },
  listCategories: { schema: LIST_CATEGORIES_SCHEMA, run: listCategoriesTool },
  listCategory: { schema: LIST_CATEGORY_SCHEMA, run: listCategoryTool },
};

/** Checks `input` against the operation's schema, then runs it; a failure is said in the result. */
export async function runChecked(
  host: SnippetsContext,
  label: string,
  schema: Schema,
  run: (input: never) => Promise<string>,
  input: unknown,
  signal: AbortSignal,
): Promise<string> {
  const checked = validateInput<never>(input, schema);
  if (!checked.ok) {
    return [
      vscode.l10n.t("The input does not match this tool's schema, so nothing was done:"),
      ...checked.problems.map((p) => `- ${p}`),
    ].join('\n');
  }
  try {
    const text = await run(checked.value);
    return signal.aborted ? vscode.l10n.t('Cancelled.') : text;
  } catch (err) {
    host.log.error(`tool ${label} failed`, err);
    return describeError(err, messageContext(vscode.l10n.t('run {0}', label), host.session.account));
  }
}

/** One read operation, by name, as either adapter calls it. */
export function runRead(
  host: SnippetsContext,
  name: ReadOperationName,
  label: string,
  input: unknown,
  signal: AbortSignal,
): Promise<string> {
  const operation = READ_OPERATIONS[name];
  return runChecked(host, label, operation.schema, (checked) => operation.run(host, checked, signal), input, signal);
}
