// Credentials as HTTP sends them: `Authorization: Basic` (base64 of user:password), a JWT
// (its header must be JSON naming an algorithm), and any other token after `Bearer` (generic: its
// format says nothing, only its place does).
import { RULE } from '../ruleIds';
import { isBase64UserPassword, isJwt } from './checks';
import { isPlaceholder } from './placeholders';
import { tokenRule } from './tokenRule';

export const basicAuth = tokenRule({
  id: RULE.basicAuth,
  confidence: 'known',
  hints: ['Basic ', 'basic '],
  patterns: [/(?<![A-Za-z0-9_])[Bb]asic[ \t]+([A-Za-z0-9+/]{6,1000}={0,2})(?![A-Za-z0-9+/=])/dg],
  valid: isBase64UserPassword,
});

export const jwt = tokenRule({
  id: RULE.jwt,
  confidence: 'known',
  hints: ['eyJ'],
  patterns: [
    /(?<![A-Za-z0-9_.-])eyJ[A-Za-z0-9_-]{8,3000}\.eyJ[A-Za-z0-9_-]{8,8000}\.[A-Za-z0-9_-]{16,1000}(?![A-Za-z0-9_.-])/g,
  ],
  valid: isJwt,
});

export const bearerToken = tokenRule({
  id: RULE.bearerToken,
  confidence: 'generic',
  hintsAnyCase: ['bearer'],
  patterns: [/(?<![A-Za-z0-9_])bearer[ \t]+([A-Za-z0-9._~+/-]{16,4000}=*)(?![A-Za-z0-9._~+/=-])/dgi],
  valid: (value) => /[0-9]/.test(value) && /[A-Za-z]/.test(value) && !isPlaceholder(value),
});
