// Values that stand for a secret without being one: what a tool fills in later (`${VAR}`,
// `$(VAR)`, `{{ .Values.x }}`, `%VAR%`, `#{x}`), what documentation writes (`<your-token>`,
// `xxxx`, `****`, `changeme`, `your_password_here`), and words a schema or a type names.
const FILLED_IN = /^(?:\$\{|\$\(|\$[A-Za-z_]|\{\{|\{%|<|%[A-Za-z_(]|#\{|@[A-Za-z_]|&[A-Za-z_])|\$\{|\{\{|%\(|%s$/;
const MASKED = /x{4}|X{4}|\*{3}|\.{3}|…|_{4}|-{4}|#{4}|0{8}/;
const WORDS =
  /^(?:change[_-]?me|changeit|password|passwd|secret|token|api[_-]?key|null|nil|none|true|false|undefined|string|str|number|integer|boolean|object|required|optional|redacted|placeholder|dummy|test|testing|example|sample|default|empty|todo|tbd|fixme|hidden|masked|secret[_-]?here|not[_-]?set|unset|admin|root|guest)$/i;
const DOC_WORDS =
  /^(?:your|my|enter|insert|put|replace|paste|add|some|the)[_ -]|example|placeholder|changeme|change[_-]me|dummy|sample|fake|redacted|xxxxx|here$|_here\b|-here\b/i;

/** Documentation's shape of a token, `ghp_XxxX0x…`: mostly x, X and 0 (a random value has 3 in 62 of those). */
const FILLER = /[xX0*]/g;
const mostlyFiller = (v: string): boolean => v.length >= 8 && (v.match(FILLER)?.length ?? 0) / v.length > 0.5;

export function isPlaceholder(value: string): boolean {
  const v = value.trim();
  return (
    v === '' ||
    FILLED_IN.test(v) ||
    MASKED.test(v) ||
    WORDS.test(v) ||
    DOC_WORDS.test(v) ||
    /^(.)\1*$/.test(v) ||
    mostlyFiller(v)
  );
}
