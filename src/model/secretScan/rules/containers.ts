// Docker and Kubernetes credentials: a Docker config.json's `auth` (base64 of user:password) and
// identity tokens, a Kubernetes Secret's `data` and `stringData` values (YAML or JSON), and a
// kubeconfig's `client-key-data` (a private key in base64).
import type { BuiltinRule, SecretMatch } from '../secretMatch';
import { RULE } from '../ruleIds';
import { base64Bytes, isBase64UserPassword } from './checks';
import { isPlaceholder } from './placeholders';
import { mayHold, tokenRule } from './tokenRule';

const dockerAuthField = tokenRule({
  id: RULE.dockerAuth,
  confidence: 'known',
  hints: ['"auth"'],
  patterns: [/"auth"[ \t]*:[ \t]*"([A-Za-z0-9+/]{4,2000}={0,2})"/dg],
  valid: isBase64UserPassword,
});

const dockerIdentityToken = tokenRule({
  id: RULE.dockerAuth,
  confidence: 'known',
  hints: ['"identitytoken"', '"registrytoken"'],
  patterns: [/"(?:identitytoken|registrytoken)"[ \t]*:[ \t]*"([A-Za-z0-9._~+/=-]{16,4000})"/dg],
  valid: (value) => !isPlaceholder(value),
});

export const dockerAuth: BuiltinRule = {
  id: RULE.dockerAuth,
  confidence: 'known',
  find: (text) => [...dockerAuthField.find(text), ...dockerIdentityToken.find(text)],
};

export const kubeconfigKey = tokenRule({
  id: RULE.kubeconfigKey,
  confidence: 'known',
  hints: ['client-key-data'],
  patterns: [/client-key-data[ \t]*:[ \t]*["']?([A-Za-z0-9+/]{40,20000}={0,2})/dg],
  valid: (value) => base64Bytes(value)?.toString('latin1').includes('PRIVATE KEY') ?? false,
});

const SECRET_KIND_YAML = /^[ \t]*kind:[ \t]*["']?Secret["']?[ \t]*(?:#.*)?$/m;
const SECRET_KIND_JSON = /"kind"[ \t]*:[ \t]*"Secret"/;
const DATA_KEY = /^([ \t]*)(data|stringData):[ \t]*(?:#.*)?\r?$/gm;
const ENTRY = /^([ \t]*)["']?([A-Za-z0-9._-]{1,253})["']?:[ \t]*(["']?)([^\s"'#]{1,20000})\3[ \t]*(?:#.*)?\r?$/d;
const JSON_DATA = /"(data|stringData)"[ \t]*:[ \t]*\{([^{}]{0,200000})\}/dg;
const JSON_ENTRY = /"[A-Za-z0-9._-]{1,253}"[ \t\r\n]*:[ \t\r\n]*"([^"\\]{1,20000})"/dg;

/** A value under `data` is base64; under `stringData`, text. A filled-in template is neither. */
function isSecretValue(section: string, value: string): boolean {
  if (isPlaceholder(value)) return false;
  if (section === 'stringData') return value.length >= 6;
  const bytes = base64Bytes(value);
  return bytes !== undefined && bytes.length >= 4 && !isPlaceholder(bytes.toString('utf8'));
}

function yamlSecretValues(text: string): SecretMatch[] {
  const found: SecretMatch[] = [];
  for (const section of text.matchAll(DATA_KEY)) {
    const indent = section[1].length;
    let lineStart = section.index + section[0].length + 1;
    while (lineStart < text.length) {
      const newline = text.indexOf('\n', lineStart);
      const lineEnd = newline < 0 ? text.length : newline;
      const line = text.slice(lineStart, lineEnd);
      const m = ENTRY.exec(line);
      if (line.trim() !== '' && (m === null || m[1].length <= indent)) break;
      const place = m?.indices?.[4];
      if (m && place && isSecretValue(section[2], m[4])) {
        found.push({ ruleId: RULE.kubernetesSecret, start: lineStart + place[0], end: lineStart + place[1] });
      }
      lineStart = lineEnd + 1;
    }
  }
  return found;
}

function jsonSecretValues(text: string): SecretMatch[] {
  const found: SecretMatch[] = [];
  for (const section of text.matchAll(JSON_DATA)) {
    const bodyStart = section.indices?.[2]?.[0] ?? 0;
    for (const entry of section[2].matchAll(JSON_ENTRY)) {
      const place = entry.indices?.[1];
      if (place && isSecretValue(section[1], entry[1])) {
        found.push({ ruleId: RULE.kubernetesSecret, start: bodyStart + place[0], end: bodyStart + place[1] });
      }
    }
  }
  return found;
}

export const kubernetesSecret: BuiltinRule = {
  id: RULE.kubernetesSecret,
  confidence: 'known',
  find(text) {
    if (!mayHold(text, ['Secret'], undefined)) return [];
    return [
      ...(SECRET_KIND_YAML.test(text) ? yamlSecretValues(text) : []),
      ...(SECRET_KIND_JSON.test(text) ? jsonSecretValues(text) : []),
    ];
  },
};
