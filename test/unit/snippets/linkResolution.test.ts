import * as assert from 'node:assert/strict';
import { resolveSnippetLink, type LinkResolutionDeps } from '../../../src/model/snippets/links/linkResolution';

const GUID = '3f2b8c1e-1d4a-4c1b-9a7e-2b5c6d7e8f90';
const SERVER = 'https://bitbucket.example.com/context';
const query = (params: Record<string, string>) =>
  Object.entries(params)
    .map(([k, v]) => `${k}=${encodeURIComponent(v)}`)
    .join('&');

class NotFound extends Error {}

/** A signed-in server holding one snippet; counts the reads, so a refusal can be shown to read nothing. */
function serverWith(
  signedInServerUrl: string | undefined,
  snippets: Record<string, { name: string; files: { name: string }[] }>,
) {
  const reads: string[] = [];
  const deps: LinkResolutionDeps = {
    signedInServerUrl,
    getSnippet: (guid) => {
      reads.push(guid);
      const snippet = snippets[guid];
      return snippet ? Promise.resolve(snippet) : Promise.reject(new NotFound(guid));
    },
    isNotFound: (err) => err instanceof NotFound,
  };
  return { deps, reads };
}

const deploy = { name: 'deploy', files: [{ name: 'deploy.sh' }, { name: 'a#b.md' }] };

describe('where a snippet link leads', () => {
  it('opens the named file at the line when signed in to that server', async () => {
    const { deps } = serverWith(`${SERVER}/`, { [GUID]: deploy });
    const outcome = await resolveSnippetLink(
      '/open',
      query({ server: SERVER, snippet: GUID, file: 'a#b.md', line: '7' }),
      deps,
    );
    assert.deepEqual(outcome, { kind: 'open', snippetGuid: GUID, fileName: 'a#b.md', line: 7, snippetName: 'deploy' });
  });

  it('opens the snippet alone when the link names no file', async () => {
    const { deps } = serverWith(SERVER, { [GUID]: deploy });
    const outcome = await resolveSnippetLink('/open', query({ server: SERVER, snippet: GUID }), deps);
    assert.deepEqual(outcome, {
      kind: 'open',
      snippetGuid: GUID,
      fileName: undefined,
      line: undefined,
      snippetName: 'deploy',
    });
  });

  it('a link to another server asks for a sign-in there and reads nothing', async () => {
    const { deps, reads } = serverWith('https://other.example.com', { [GUID]: deploy });
    const outcome = await resolveSnippetLink('/open', query({ server: SERVER, snippet: GUID }), deps);
    assert.equal(outcome.kind, 'sign-in');
    assert.match(
      outcome.kind === 'sign-in' ? outcome.message : '',
      /for https:\/\/bitbucket\.example\.com\/context, but you are signed in to https:\/\/other\.example\.com/,
    );
    assert.deepEqual(reads, []);
  });

  it('a link while signed out asks for a sign-in and reads nothing', async () => {
    const { deps, reads } = serverWith(undefined, { [GUID]: deploy });
    const outcome = await resolveSnippetLink('/open', query({ server: SERVER, snippet: GUID }), deps);
    assert.equal(outcome.kind, 'sign-in');
    assert.match(outcome.kind === 'sign-in' ? outcome.message : '', /not signed in/);
    assert.deepEqual(reads, []);
  });

  it('a link to a deleted snippet says it is not there', async () => {
    const { deps } = serverWith(SERVER, {});
    const outcome = await resolveSnippetLink(
      '/open',
      query({ server: SERVER, snippet: GUID, file: 'deploy.sh' }),
      deps,
    );
    assert.deepEqual(outcome, {
      kind: 'refused',
      message: 'The snippet of this link is not on bitbucket.example.com: it was deleted, or you may not see it.',
    });
  });

  it('a link to a file the snippet no longer has says so', async () => {
    const { deps } = serverWith(SERVER, { [GUID]: deploy });
    const outcome = await resolveSnippetLink(
      '/open',
      query({ server: SERVER, snippet: GUID, file: 'gone.sh', line: '1' }),
      deps,
    );
    assert.equal(outcome.kind, 'refused');
    assert.match(outcome.kind === 'refused' ? outcome.message : '', /"deploy" has no file "gone\.sh"/);
  });

  it('hands any other failure on, to be reported like every request failure', async () => {
    const boom = new Error('socket hang up');
    const deps: LinkResolutionDeps = {
      signedInServerUrl: SERVER,
      getSnippet: () => Promise.reject(boom),
      isNotFound: () => false,
    };
    assert.deepEqual(await resolveSnippetLink('/open', query({ server: SERVER, snippet: GUID }), deps), {
      kind: 'failed',
      error: boom,
    });
  });

  it('a malformed link is refused before the account or the server is asked', async () => {
    const { deps, reads } = serverWith(SERVER, { [GUID]: deploy });
    const outcome = await resolveSnippetLink(
      '/open',
      query({ server: SERVER, snippet: GUID, file: 'deploy.sh', line: '-1' }),
      deps,
    );
    assert.equal(outcome.kind, 'refused');
    assert.deepEqual(reads, []);
  });
});
