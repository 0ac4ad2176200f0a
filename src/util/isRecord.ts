// Whether a value read from outside (JSON from a file, a message from a webview, a stored state)
// is an object whose fields can be read by name: not null, not an array.

/** A plain object to read fields of: not null, not an array. */
export const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
