// What the server answered, read: the body of a success (JSON, or its text when asked), or the
// BitbucketError its status and error body mean. A web page where data was expected is named
// as what it usually is, a proxy's or single sign-on's login page.
import { BitbucketError, type ServerMessage } from './errors';
import { LARGE_JSON_CHARS, parseJsonSliced } from './slicedJson';
import { headerValue, type WireHeaders } from './wire/wire';
import * as l10n from '@vscode/l10n';

function looksLikeHtml(text: string, contentType: string): boolean {
  return contentType.includes('html') || /^\s*</.test(text);
}

const WEB_PAGE_MESSAGE = l10n.t(
  'The server answered with a web page instead of Bitbucket data. A login page of a proxy or single sign-on usually does this: check the server URL, or sign in to the proxy in a browser first.',
);

/**
 * The body of a success. A large one (a snippet of several MB) is parsed a slice at a time
 * (slicedJson.ts): in one go, the 50 MB the client accepts held the thread for 60 ms.
 */
export async function parseSuccessBody(
  text: string,
  contentType: string,
  status: number,
  label: string,
  asText: boolean,
): Promise<unknown> {
  if (status === 204 || text.trim() === '') return undefined;
  if (looksLikeHtml(text, contentType)) {
    throw new BitbucketError('unexpected-response', WEB_PAGE_MESSAGE, { status, request: label });
  }
  if (asText) return text;
  try {
    return text.length >= LARGE_JSON_CHARS ? await parseJsonSliced(text) : JSON.parse(text);
  } catch (err) {
    throw new BitbucketError(
      'unexpected-response',
      l10n.t('The server answered with something that is not valid JSON.'),
      {
        status,
        request: label,
        cause: err,
      },
    );
  }
}

/** Reads `{"errors":[...]}`; anything else gives no messages. */
function parseServerMessages(text: string): ServerMessage[] {
  try {
    const parsed = JSON.parse(text) as { errors?: unknown };
    if (!Array.isArray(parsed?.errors)) return [];
    return parsed.errors
      .filter((e): e is Record<string, unknown> => typeof e === 'object' && e !== null)
      .map((e) => ({
        context: typeof e.context === 'string' ? e.context : null,
        message: typeof e.message === 'string' ? e.message : '',
        exceptionName: typeof e.exceptionName === 'string' ? e.exceptionName : null,
      }));
  } catch {
    return [];
  }
}

export function errorFromResponse(
  status: number,
  text: string,
  contentType: string,
  headers: WireHeaders,
  label: string,
  host: string,
): BitbucketError {
  const serverMessages = parseServerMessages(text);
  const retryAfterMs = parseRetryAfter(headerValue(headers, 'retry-after'));
  const init = { status, serverMessages, request: label, retryAfterMs };
  const first = serverMessages.find((m) => m.message)?.message;
  const plain = serverMessages.length === 0 && !looksLikeHtml(text, contentType) ? text.trim().slice(0, 200) : '';
  const said = first ?? (plain || undefined);

  if (status >= 300 && status < 400) {
    return new BitbucketError('unexpected-response', WEB_PAGE_MESSAGE, init);
  }
  if (status === 401) {
    const exception = serverMessages.map((m) => m.exceptionName ?? '').join(' ');
    if (exception.includes('Captcha')) {
      return new BitbucketError(
        'captcha',
        l10n.t(
          'Too many failed sign-ins: Bitbucket now wants a CAPTCHA. Sign in once in a browser, then try again here.',
        ),
        init,
      );
    }
    // Bitbucket answers "signed in but not allowed" with 401 too; the exception tells them apart.
    if (exception.includes('AuthorisationException') || /not permitted/i.test(first ?? '')) {
      return new BitbucketError('forbidden', said ?? l10n.t('You are not permitted to do this.'), init);
    }
    return new BitbucketError(
      'auth',
      said ?? l10n.t('Authentication failed: check the user name and password or token.'),
      init,
    );
  }
  if (status === 403) return new BitbucketError('forbidden', said ?? l10n.t('You are not permitted to do this.'), init);
  if (status === 404) return new BitbucketError('not-found', said ?? l10n.t('Not found on the server.'), init);
  if (status === 409) {
    return new BitbucketError('conflict', said ?? l10n.t('It was changed on the server in the meantime.'), init);
  }
  if (status === 413) {
    return new BitbucketError('validation', said ?? l10n.t('The server refused the request as too large.'), init);
  }
  if (status === 400 || status === 422) {
    return new BitbucketError('validation', said ?? l10n.t('The server refused the request as invalid.'), init);
  }
  if (status >= 500) {
    if (looksLikeHtml(text, contentType) && serverMessages.length === 0) {
      return new BitbucketError(
        'server',
        l10n.t('{0} answered with a server error (HTTP {1}). Try again later.', host, status),
        init,
      );
    }
    return new BitbucketError(
      'server',
      said
        ? l10n.t('{0} had a server error (HTTP {1}): {2}. Try again later.', host, status, said.replace(/\.$/, ''))
        : l10n.t('{0} had a server error (HTTP {1}). Try again later.', host, status),
      init,
    );
  }
  if (looksLikeHtml(text, contentType)) return new BitbucketError('unexpected-response', WEB_PAGE_MESSAGE, init);
  return new BitbucketError(
    'unexpected-response',
    said
      ? l10n.t('The server answered HTTP {0}: {1}.', status, said.replace(/\.$/, ''))
      : l10n.t('The server answered HTTP {0}.', status),
    init,
  );
}

function parseRetryAfter(value: string | undefined): number | undefined {
  if (!value) return undefined;
  const secs = Number(value);
  if (Number.isFinite(secs)) return Math.max(0, secs * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

/** The answer grew past the size limit and was cut off while it streamed in. */
export function answerTooLarge(host: string, limitBytes: number, status: number, request: string): BitbucketError {
  const mb = Math.round((limitBytes / (1024 * 1024)) * 10) / 10;
  return new BitbucketError(
    'unexpected-response',
    l10n.t(
      'The answer of {0} is larger than {1} MB, the most this extension reads: it was cut off. If the server really sends this much, raise the "Max Response Size MB" setting (bitbucketSnippets.maxResponseSizeMB, or this server\'s entry in bitbucketSnippets.servers).',
      host,
      mb,
    ),
    { status, request },
  );
}
