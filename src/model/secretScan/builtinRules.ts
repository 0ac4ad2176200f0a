// The rules the scan brings itself, for secrets the library does not know: Bitbucket's own tokens,
// passwords in URLs, and private keys of every PEM kind (the library's own rule misses some).
import { bitbucketTokens } from './bitbucketTokens';
import { privateKeys } from './privateKeys';
import type { BuiltinRule } from './secretMatch';
import { urlPasswords } from './urlPasswords';

export const BUILTIN_RULES: readonly BuiltinRule[] = [bitbucketTokens, urlPasswords, privateKeys];
