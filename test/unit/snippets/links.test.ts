import * as assert from 'node:assert/strict';
import {
  DEFAULT_SNIPPET_URL_TEMPLATE,
  formatSnippetLink,
  isSameServer,
  parseSnippetLink,
  selfLink,
  snippetWebUrl,
  type SnippetLinkTarget,
} from '../../../src/model/snippets/links/links';
import { normaliseServerUrl } from '../../../src/util/serverUrl';

const SCHEME = 'vscode';
const EXT = 'bitbucket-snippets.bitbucket-snippets';
const GUID = '3f2b8c1e-1d4a-4c1b-9a7e-2b5c6d7e8f90';
const SERVER = 'https://bitbucket.example.com/context';

/** What the URI handler gets from a link's text: the vscode.Uri's path and query, each decoded once as VS Code does. */
function asHandlerSees(link: string): { path: string; query: string } {
  const m = /^[a-z-]+:\/\/[^/?#]*([^?#]*)(?:\?([^#]*))?/.exec(link);
  assert.ok(m, link);
  return { path: decodeURIComponent(m[1]), query: decodeURIComponent(m[2] ?? '') };
}

function roundTrip(target: SnippetLinkTarget): ReturnType<typeof parseSnippetLink> {
  const { path, query } = asHandlerSees(formatSnippetLink(SCHEME, EXT, target));
  return parseSnippetLink(path, query);
}

function problemOf(path: string, query: string): string {
  const parsed = parseSnippetLink(path, query);
  assert.equal(parsed.ok, false, `expected a refusal of ${query}`);
  return parsed.ok ? '' : parsed.problem;
}

describe('snippet links', () => {
  describe('web page URL', () => {
    it('fills the default template with the base URL (context path included) and the guid', () => {
      assert.equal(
        snippetWebUrl(DEFAULT_SNIPPET_URL_TEMPLATE, SERVER, GUID),
        `${SERVER}/plugins/servlet/snippets/${GUID}`,
      );
    });

    it("an account's base URL has no trailing slash (sign-in normalised it), so the page has no double slash", () => {
      assert.equal(
        snippetWebUrl('{server}/snippets/{guid}', normaliseServerUrl('https://h.example/')!, 'abc'),
        'https://h.example/snippets/abc',
      );
    });

    it('takes a template the user changed, each placeholder as often as it appears', () => {
      assert.equal(snippetWebUrl('{server}/s/{guid}?from={guid}', SERVER, 'abc'), `${SERVER}/s/abc?from=abc`);
    });

    it('refuses a template that gives no http(s) URL, and a guid with a slash', () => {
      assert.throws(() => snippetWebUrl('javascript:alert({guid})', SERVER, 'abc'), /https/);
      assert.throws(() => snippetWebUrl('not a url {guid}', SERVER, 'abc'), /does not give a URL/);
      assert.throws(() => snippetWebUrl(DEFAULT_SNIPPET_URL_TEMPLATE, SERVER, 'a/b'), /Not a snippet guid/);
    });
  });

  describe("the server's own link", () => {
    it('takes links.self[0].href when an answer carries one', () => {
      assert.equal(
        selfLink({ guid: GUID, links: { self: [{ href: `${SERVER}/snippets/${GUID}` }] } }),
        `${SERVER}/snippets/${GUID}`,
      );
    });

    it('is undefined for the answers the spec shows (no links), and for a link that is not plain http(s)', () => {
      assert.equal(selfLink({ guid: GUID, name: 'x', files: [] }), undefined);
      assert.equal(selfLink({ links: { self: [{ href: 'javascript:alert(1)' }] } }), undefined);
      assert.equal(selfLink({ links: { self: [{ href: 'https://me:pw@h.example/s' }] } }), undefined);
      assert.equal(selfLink({ links: { self: { href: `${SERVER}/s` } } }), undefined);
      assert.equal(selfLink(undefined), undefined);
    });
  });

  describe('VS Code link', () => {
    it('starts with the scheme and the extension id, and names the open action', () => {
      const link = formatSnippetLink(SCHEME, EXT, { serverUrl: SERVER, snippetGuid: GUID });
      assert.ok(link.startsWith(`vscode://${EXT}/open?`), link);
    });

    it('round-trips a snippet, a file and a line through the decoding VS Code does', () => {
      assert.deepEqual(roundTrip({ serverUrl: SERVER, snippetGuid: GUID, fileName: 'deploy.sh', line: 12 }), {
        ok: true,
        target: { serverUrl: SERVER, snippetGuid: GUID, fileName: 'deploy.sh', line: 12 },
      });
      assert.deepEqual(roundTrip({ serverUrl: SERVER, snippetGuid: GUID }), {
        ok: true,
        target: { serverUrl: SERVER, snippetGuid: GUID },
      });
    });

    for (const fileName of [
      'a#b.md',
      '100%.txt',
      'a&line=1.txt',
      'x=y+z.txt',
      'my file.txt',
      'dir/inner.ts',
      'ünï©ødé.md',
      '%41.txt',
    ]) {
      it(`keeps the file name ${JSON.stringify(fileName)} exactly`, () => {
        const parsed = roundTrip({ serverUrl: SERVER, snippetGuid: GUID, fileName, line: 3 });
        assert.ok(parsed.ok, JSON.stringify(parsed));
        assert.equal(parsed.target.fileName, fileName);
        assert.equal(parsed.target.line, 3);
      });
    }

    it('refuses to build a link with a guid holding a slash, a line of 0, or a line without a file', () => {
      assert.throws(
        () => formatSnippetLink(SCHEME, EXT, { serverUrl: SERVER, snippetGuid: 'a/b' }),
        /not a snippet guid/,
      );
      assert.throws(
        () => formatSnippetLink(SCHEME, EXT, { serverUrl: SERVER, snippetGuid: GUID, fileName: 'a', line: 0 }),
        /positive/,
      );
      assert.throws(() => formatSnippetLink(SCHEME, EXT, { serverUrl: SERVER, snippetGuid: GUID, line: 2 }), /no file/);
    });
  });

  describe('reading a link someone else made', () => {
    const q = (extra: string) => `server=${encodeURIComponent(SERVER)}&snippet=${GUID}&file=a.txt${extra}`;

    for (const line of ['0', '-1', 'ten', '1.5', '1e3', '', '01', '9999999999']) {
      it(`refuses the line ${JSON.stringify(line)}`, () => {
        assert.match(problemOf('/open', q(`&line=${encodeURIComponent(line)}`)), /line .* not a positive whole number/);
      });
    }

    it('refuses a guid with a slash, a dot or a percent sign', () => {
      for (const guid of ['a/b', '../x', 'a%2Fb']) {
        assert.match(
          problemOf('/open', `server=${encodeURIComponent(SERVER)}&snippet=${encodeURIComponent(guid)}`),
          /not a snippet guid/,
        );
      }
    });

    it('refuses parameters it does not know, such as a command, and names them', () => {
      const problem = problemOf('/open', q('&command=workbench.action.terminal.new&args=x'));
      assert.match(problem, /does not know \("command", "args"\)/);
    });

    it('refuses a parameter given twice instead of choosing one', () => {
      assert.match(problemOf('/open', q(`&snippet=${GUID}`)), /"snippet" twice/);
    });

    it('refuses another path, so no other action can be reached', () => {
      assert.match(problemOf('/run', q('')), /not a snippet link/);
      assert.match(problemOf('/open/../run', q('')), /not a snippet link/);
    });

    it('refuses a server that is not an http(s) URL, or carries a user name, a password or a query', () => {
      for (const server of [
        'file:///etc',
        'javascript:alert(1)',
        'https://me:secret@h.example',
        'https://h.example/?x=1',
        'bitbucket',
      ]) {
        const problem = problemOf('/open', `server=${encodeURIComponent(server)}&snippet=${GUID}`);
        assert.match(problem, /server of this snippet link/);
        assert.ok(!problem.includes('secret'), 'a password never reaches a message');
      }
    });

    it('refuses a link without its server or its snippet, and a garbled value', () => {
      assert.match(problemOf('/open', `snippet=${GUID}`), /does not name its server/);
      assert.match(problemOf('/open', `server=${encodeURIComponent(SERVER)}`), /does not name its snippet/);
      assert.match(
        problemOf('/open', `server=${encodeURIComponent(SERVER)}&snippet=${GUID}&file=%E0%A4%A`),
        /"file" of this snippet link is garbled/,
      );
    });

    it('refuses a file name that is empty, too long, or holds control characters', () => {
      for (const name of ['', 'x'.repeat(256), 'a\nb.txt']) {
        assert.match(
          problemOf('/open', `server=${encodeURIComponent(SERVER)}&snippet=${GUID}&file=${encodeURIComponent(name)}`),
          /not a file name/,
        );
      }
    });
  });

  describe('same server', () => {
    it('ignores host case and a trailing slash, not the context path, scheme or port', () => {
      assert.ok(isSameServer('https://Bitbucket.Example.com/context/', 'https://bitbucket.example.com/context'));
      assert.ok(isSameServer('https://h.example:443', 'https://h.example'));
      assert.ok(!isSameServer('https://h.example/a', 'https://h.example/b'));
      assert.ok(!isSameServer('http://h.example', 'https://h.example'));
      assert.ok(!isSameServer('https://h.example:8443', 'https://h.example'));
    });
  });
});
