// The reference a tool result gives for each snippet file, which the read tool takes back: the
// account, the snippet's id and the file, in one string a model copies as it is. Every reference
// names its account, so with several accounts signed in a file is read from the one it was found
// in. Plain Node.
import * as l10n from '@vscode/l10n';

export interface FileReference {
  /** The account's id (`<server url>#<user name>`, model/accounts/accounts.ts). */
  accountId: string;
  snippetGuid: string;
  /** Undefined: the snippet's first file. */
  fileName?: string;
}

const PREFIX = 'snippet';
const SEPARATOR = '|';

/** Only `%` and the separator are encoded, so the account and file read as they are. */
const encode = (part: string): string => part.replace(/%/g, '%25').replace(/\|/g, '%7C');
const decode = (part: string): string => part.replace(/%7C/gi, SEPARATOR).replace(/%25/g, '%');

/** `snippet|<account id>|<snippet id>|<file name>`: the file part is empty for the snippet's first file. */
export function formatReference(ref: FileReference): string {
  return [PREFIX, encode(ref.accountId), encode(ref.snippetGuid), encode(ref.fileName ?? '')].join(SEPARATOR);
}

export type ParsedReference = { ok: true; reference: FileReference } | { ok: false; problem: string };

export function parseReference(text: string): ParsedReference {
  const parts = unquoted(text.trim()).split(SEPARATOR);
  if (parts.length !== 4 || parts[0] !== PREFIX || !parts[1] || !parts[2]) {
    return {
      ok: false,
      problem: l10n.t(
        '"reference" is not a snippet reference. Copy one exactly as a search or list result gave it (it starts with "snippet|"), or give "snippetName" instead.',
      ),
    };
  }
  const fileName = decode(parts[3]);
  return {
    ok: true,
    reference: { accountId: decode(parts[1]), snippetGuid: decode(parts[2]), ...(fileName ? { fileName } : {}) },
  };
}

/** A reference copied with the quotes a result gives it (outsideData.ts's quoted), as the text inside them. */
function unquoted(text: string): string {
  if (text.length < 2 || !text.startsWith('"') || !text.endsWith('"')) return text;
  try {
    const inside: unknown = JSON.parse(text);
    return typeof inside === 'string' ? inside.trim() : text;
  } catch {
    return text;
  }
}
