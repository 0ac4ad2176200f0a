// NODE_TLS_REJECT_UNAUTHORIZED=0 turns certificate checks off for every connection that does not
// say otherwise. Every connection of this client says `rejectUnauthorized: true`, so the variable
// changes nothing here; the log says so once, so that nobody believes it took effect.
let told = false;

/** Once per process: the variable stays set for the whole session, and one line is enough to explain it. */
export function warnIfVerificationOffInEnvironment(warn: (message: string) => void): void {
  if (told || process.env.NODE_TLS_REJECT_UNAUTHORIZED !== '0') return;
  told = true;
  warn(
    'NODE_TLS_REJECT_UNAUTHORIZED=0 is set in the environment and ignored: this extension always verifies certificates (add a company CA to the Ca Files setting instead)',
  );
}
