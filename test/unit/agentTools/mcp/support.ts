// What the MCP tests share: the server bundle built by esbuild.js as `npm run package` builds it,
// and a host side whose operations are backed by the real snippet core (SnippetService) against
// the local Bitbucket-compatible server over real HTTP, with the real model code of each
// operation (schemas, result text, proposals, digests, the edit's read-modify-write). It stands in
// for the editor adapter (src/editor/agentTools/mcp/operations.ts) only where that needs VS Code: the modal
// is `confirm`, and the secret scan is `checkOutgoing`.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { BitbucketClient } from '../../../../src/api/client';
import type { Snippet } from '../../../../src/api/types';
import { notSignedIn } from '../../../../src/model/agentTools/accountChoice';
import { categoriesText, countCategories, hasCategory } from '../../../../src/model/agentTools/categories';
import { proposalDigest } from '../../../../src/model/agentTools/confirmations';
import { fileResultText } from '../../../../src/model/agentTools/fileResult';
import { snippetListText } from '../../../../src/model/agentTools/listResults';
import { parseReference } from '../../../../src/model/agentTools/references';
import { proposal } from '../../../../src/model/agentTools/saveProposal';
import { validateInput } from '../../../../src/model/agentTools/validate';
import { editProposal, writeEdit } from '../../../../src/model/agentTools/mcp/fileEdit';
import type { McpOperations, PromptSnippet, Proposed } from '../../../../src/model/agentTools/mcp/hostHandler';
import { McpTools } from '../../../../src/model/agentTools/mcp/protocol';
import { TOOL_DEFINITIONS } from '../../../../src/model/agentTools/mcp/toolDefinitions';
import type { Outgoing } from '../../../../src/model/snippets/outgoing';
import { SnippetService } from '../../../../src/model/snippets/service';

const ROOT = path.resolve(__dirname, '../../../../..');

let built: Promise<string> | undefined;

/** dist/mcpServer.js as esbuild.js builds it (with the bundles it requires beside it), once per run. */
export function serverBundle(): Promise<string> {
  built ??= (async () => {
    const outdir = fs.mkdtempSync(path.join(os.tmpdir(), 'bbs-mcp-bundle-'));
    process.on('exit', () => fs.rmSync(outdir, { recursive: true, force: true }));
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { buildBundles } = require(path.join(ROOT, 'esbuild.js')) as {
      buildBundles(o: { production: boolean; outdir: string; quiet: boolean }): Promise<unknown>;
    };
    await buildBundles({ production: true, outdir, quiet: true });
    return path.join(outdir, 'mcpServer.js');
  })();
  return built;
}

export const ALICE_ID = 'http://bitbucket.test#alice';

export interface TestHost {
  ops: McpOperations;
  service: SnippetService;
  client: BitbucketClient;
  /** The modal's answer; every question it was asked. */
  confirm: { answer: boolean; asked: string[] };
  /** What the secret scan saw. */
  scanned: Outgoing[];
  state: { readOnly: boolean; signedIn: boolean; promptCategory: string };
  dispose(): Promise<void>;
}

export function testHost(serverUrl: string): TestHost {
  const client = new BitbucketClient({
    baseUrl: serverUrl,
    credentials: () => ({ type: 'basic', username: 'alice', password: 'alice' }),
    retry: { retries: 0 },
  });
  const scanned: Outgoing[] = [];
  const service = new SnippetService(
    () => client,
    () => 25,
    { checkOutgoing: async (o) => void scanned.push(o) },
  );
  service.reset({ username: 'alice', userId: 2 });
  const confirm = { answer: true, asked: [] as string[] };
  const state = { readOnly: false, signedIn: true, promptCategory: 'prompt' };
  const source = { account: 'alice @ bitbucket.test', serverUrl };
  const mine = async (): Promise<Snippet[]> => {
    await service.ensureLoaded('mine');
    while (service.store.list('mine').nextStart !== undefined) await service.store.loadMore('mine');
    return service.store.snippetsOf('mine');
  };
  const listed = (heading: string, found: Snippet[], none: string) =>
    snippetListText({
      heading,
      sources: [source],
      found: found.map((snippet) => ({ accountId: ALICE_ID, accountLabel: source.account, snippet, owner: 'alice' })),
      max: 20,
      noun: 'snippets',
      none,
      notes: [],
      languageOf: () => undefined,
    });
  const reads: Record<string, (input: Record<string, string>) => Promise<string>> = {
    [McpTools.search]: async ({ query }) =>
      listed(
        `Search for "${query}"`,
        (await service.search.find(query, { lists: ['mine'] })).results.map((r) => r.snippet),
        'none',
      ),
    [McpTools.readFile]: async ({ reference }) => {
      const parsed = parseReference(reference);
      if (!parsed.ok) return parsed.problem;
      const snippet = await service.snippet(parsed.reference.snippetGuid);
      return fileResultText({
        source,
        accountId: ALICE_ID,
        snippet,
        fileName: parsed.reference.fileName ?? snippet.files[0].name,
        owner: 'alice',
        language: undefined,
        maxCharacters: 20_000,
        notes: [],
      });
    },
    [McpTools.listCategories]: async () =>
      categoriesText(
        countCategories((await mine()).map((snippet) => ({ snippet, accountLabel: source.account }))),
        [source],
        [],
        false,
      ),
    [McpTools.listCategory]: async ({ category }) =>
      listed(
        `Snippets in category "${category}"`,
        (await mine()).filter((s) => hasCategory(s, category)),
        'none',
      ),
  };
  const ops: McpOperations = {
    readOnly: () => state.readOnly,
    unavailable: () => (state.signedIn ? undefined : notSignedIn()),
    read: async (tool, input) => {
      const checked = validateInput<Record<string, string>>(
        input,
        TOOL_DEFINITIONS.find((t) => t.name === tool)!.schema,
      );
      return checked.ok ? reads[tool](checked.value) : checked.problems.join('\n');
    },
    snippetFiles: async () =>
      (await mine()).flatMap((s) =>
        s.files.map((f) => ({
          accountId: ALICE_ID,
          snippetGuid: s.guid,
          fileName: f.name,
          snippetName: s.name,
          description: s.description,
          language: f.name.endsWith('.py') ? 'python' : undefined,
        })),
      ),
    readFile: async (file) => {
      const snippet = (await mine()).find((s) => s.guid === file.snippetGuid);
      const content = file.accountId === ALICE_ID ? snippet?.files.find((f) => f.name === file.fileName) : undefined;
      return content
        ? { text: content.content ?? '', language: file.fileName.endsWith('.py') ? 'python' : undefined }
        : 'This snippet is not in a list tools may read.';
    },
    promptSnippets: async () =>
      (await mine())
        .filter((s) => hasCategory(s, state.promptCategory))
        .sort((a, b) => a.guid.localeCompare(b.guid))
        .map((s): PromptSnippet => ({
          accountId: ALICE_ID,
          snippetGuid: s.guid,
          snippetName: s.name,
          description: s.description ?? '',
          owner: 'alice',
          account: source.account,
          fileName: s.files[0].name,
          text: s.files[0].content ?? '',
        })),
    proposeSave: async ({ confirmationCode: _code, ...input }): Promise<Proposed> => {
      const checked = proposal(input);
      if (!checked.ok) return { ok: false, text: checked.problems.join('\n') };
      return {
        ok: true,
        digest: proposalDigest(ALICE_ID, checked.details, checked.files),
        summary: `A new snippet with ${checked.files.length} file(s).`,
        confirmAndWrite: async () => {
          confirm.asked.push(checked.files.map((f) => f.content).join('\n'));
          if (!confirm.answer) return 'Nothing was written: the user did not confirm it.';
          const created = await service.writes.create(checked.files, checked.details);
          return `Created ${created.snippet.guid}`;
        },
      };
    },
    proposeEdit: async (input): Promise<Proposed> => {
      const parsed = parseReference(input.reference);
      if (!parsed.ok) return { ok: false, text: parsed.problem };
      const snippet = await service.snippet(parsed.reference.snippetGuid);
      const edit = editProposal(
        ALICE_ID,
        snippet,
        service.mayWrite(snippet),
        parsed.reference.fileName,
        input.find,
        input.replace,
      );
      if (!edit.ok) return edit;
      return {
        ok: true,
        digest: edit.digest,
        summary: edit.summary,
        confirmAndWrite: async () => {
          confirm.asked.push(edit.text);
          if (!confirm.answer) return 'Nothing was written: the user did not confirm it.';
          return (await writeEdit(service.writes, snippet.guid, edit)) === 'changed'
            ? 'Nothing was written: the file changed on the server since it was read.'
            : 'Changed.';
        },
      };
    },
  };
  return { ops, service, client, confirm, scanned, state, dispose: () => client.dispose() };
}
