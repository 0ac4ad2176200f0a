// Where a proxy URL names its host, when the user name and password before it may hold any
// character. A URL parser ends the user info at the first `/`, `?` or `#`, and VS Code's proxy
// agent ends a PAC-style entry at a `;` or a space, so a password holding one of them leaves a
// "host" made of the password's first characters. The host the user wrote is the one after the
// last `@`: a proxy is named only where that is also where the connection goes.

const HOST_PORT = /^(?:[\w.-]+|\[[0-9a-fA-F:.]+\])(?::\d{1,5})?$/;

/** The `host[:port]` written after the last `@` of `text` (up to a `/`, `?`, `#`, `;` or space), or undefined when it is not one. */
export function hostAfterCredentials(text: string): string | undefined {
  const written = text.slice(text.lastIndexOf('@') + 1).split(/[/?#;\s]/)[0];
  return HOST_PORT.test(written) ? written : undefined;
}

/** Whether `url` goes to the `host[:port]` written, as its scheme's parser reads both (case, default port). */
export function goesTo(url: URL, written: string): boolean {
  try {
    const expected = new URL(`${url.protocol}//${written}`);
    return expected.hostname === url.hostname && expected.port === url.port;
  } catch {
    return false;
  }
}

/**
 * Whether a proxy URL (or the part after its `scheme://`) that holds user info connects to the host
 * written after its last `@`; one without user info always does.
 */
export function readsAsWritten(url: URL, afterScheme: string): boolean {
  if (!afterScheme.includes('@')) return true;
  const written = hostAfterCredentials(afterScheme);
  return written !== undefined && goesTo(url, written);
}
