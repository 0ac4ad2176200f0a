// An answer's body checked against the shape Bitbucket sends (validate.ts), and hook settings read
// with every number's own text (exactJson.ts). Anything else is an 'unexpected-response' that
// says what was wrong, never the answer itself.
import { BitbucketError } from './errors';
import { ExactJsonError, MAX_JSON_DEPTH, parseExactJson } from './exactJson';
import type { HookSettings } from './types';
import * as check from './validate';
import * as l10n from '@vscode/l10n';

/** Hook settings read from the answer's text with every number's own text, nesting limited. */
export function exactHookSettings(text: string, request: string): HookSettings {
  let settings: unknown;
  try {
    settings = parseExactJson(text);
  } catch (err) {
    if (!(err instanceof ExactJsonError)) throw err;
    const message = err.tooDeep
      ? l10n.t(
          "The server's answer is not what Bitbucket sends: {0}.",
          l10n.t('its values are nested more than {0} levels deep', MAX_JSON_DEPTH),
        )
      : l10n.t('The server answered with something that is not valid JSON.');
    throw new BitbucketError('unexpected-response', message, { request, cause: err });
  }
  return checked(check.hookSettings, settings, request);
}

export function checked<T>(shape: check.Check<T>, body: unknown, request: string): T {
  try {
    return shape(body, '');
  } catch (err) {
    if (!(err instanceof check.ShapeError)) throw err;
    throw new BitbucketError(
      'unexpected-response',
      l10n.t("The server's answer is not what Bitbucket sends: {0}.", err.message),
      {
        request,
        cause: err,
      },
    );
  }
}
