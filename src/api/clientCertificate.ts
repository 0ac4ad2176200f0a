// The client certificate a server may demand (mutual TLS): reads the PEM or PKCS#12 files,
// opens them with a passphrase asked of the caller only when they are encrypted, and checks
// them before any connection, so that each problem is named precisely rather than surfacing as
// a closed connection. The passphrase is handed to TLS and nowhere else: never to a log line
// or an error message.
import { readFileSync } from 'node:fs';
import type * as Crypto from 'node:crypto';
import type * as Tls from 'node:tls';
import { BitbucketError, type ClientCertificateProblem } from './errors';
import * as l10n from '@vscode/l10n';

/** Either a PEM certificate with its PEM key, or one PKCS#12 (`.p12` / `.pfx`) file. */
export type ClientCertificate = { certFile: string; keyFile: string } | { pfxFile: string };

/** Where passphrases come from: the editor asks the user and keeps them in its secret storage. */
export interface PassphraseSource {
  /**
   * The passphrase of `file`, or undefined when the user gives up. `wrong` is true when the
   * passphrase given last for this file did not open it (so a stored one must be dropped).
   */
  get(file: string, wrong: boolean): Promise<string | undefined> | string | undefined;
  /** The passphrase opened the file: worth keeping for next time. */
  accepted?(file: string, passphrase: string): Promise<void> | void;
}

export interface ClientCertificateOptions {
  certificate: ClientCertificate;
  passphrases?: PassphraseSource;
}

/** What node:tls (and undici's `connect`) takes. */
export interface TlsClientMaterial {
  cert?: Buffer;
  key?: Buffer;
  pfx?: Buffer;
  passphrase?: string;
}

/** Wrong passphrases accepted in a row before giving up with an error. */
const PASSPHRASE_ATTEMPTS = 3;

/** The file a passphrase opens: the key file, or the PKCS#12 file. */
export const protectedFile = (certificate: ClientCertificate): string =>
  'pfxFile' in certificate ? certificate.pfxFile : certificate.keyFile;

/** A short name of the certificate for messages: its file names, never their content. */
export const certificateLabel = (certificate: ClientCertificate): string =>
  'pfxFile' in certificate ? certificate.pfxFile : certificate.certFile;

/** Reads, opens and checks the certificate; throws a BitbucketError with `clientCertificate` set. */
export async function loadClientCertificate(
  options: ClientCertificateOptions,
  now = new Date(),
): Promise<TlsClientMaterial> {
  // node:tls is required here, not at the top: only a client that uses a certificate pays for it.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const tls = require('node:tls') as typeof Tls;
  const { certificate } = options;
  const material = readMaterial(certificate);
  const file = protectedFile(certificate);

  let context = tryContext(tls, material, certificate);
  let passphrase: string | undefined;
  for (let attempt = 0; context === 'locked'; attempt++) {
    if (attempt === PASSPHRASE_ATTEMPTS) {
      throw problem(
        'wrong-passphrase',
        l10n.t('The passphrase does not open {0} (tried {1} times).', file, PASSPHRASE_ATTEMPTS),
      );
    }
    passphrase = await options.passphrases?.get(file, attempt > 0);
    if (passphrase === undefined) {
      throw problem('passphrase-needed', l10n.t('{0} is protected by a passphrase, and none was given.', file));
    }
    context = tryContext(tls, { ...material, passphrase }, certificate);
  }
  if (passphrase !== undefined) await options.passphrases?.accepted?.(file, passphrase);
  checkValidity(tls, context, certificate, now);
  return passphrase === undefined ? material : { ...material, passphrase };
}

function readMaterial(certificate: ClientCertificate): TlsClientMaterial {
  if ('pfxFile' in certificate) {
    const pfx = readFile(certificate.pfxFile);
    if (isPem(pfx)) {
      throw problem(
        'file',
        l10n.t(
          '{0} is a PEM file, not PKCS#12: give it as the certificate file, with its key file.',
          certificate.pfxFile,
        ),
      );
    }
    return { pfx };
  }
  const cert = readFile(certificate.certFile);
  const key = readFile(certificate.keyFile);
  if (!isPem(cert)) {
    throw problem(
      'file',
      l10n.t(
        '{0} is not a PEM certificate (it has no "-----BEGIN" line). A .p12 or .pfx file is given as a PKCS#12 file instead.',
        certificate.certFile,
      ),
    );
  }
  if (!isPem(key)) {
    throw problem(
      'file',
      l10n.t(
        '{0} is not a PEM private key (it has no "-----BEGIN" line). A .p12 or .pfx file is given as a PKCS#12 file instead.',
        certificate.keyFile,
      ),
    );
  }
  return { cert, key };
}

function readFile(file: string): Buffer {
  try {
    return readFileSync(file);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw problem(
      'file',
      code === 'ENOENT'
        ? l10n.t('The client certificate file {0} does not exist.', file)
        : l10n.t('The client certificate file {0} could not be read ({1}).', file, code ?? 'error'),
    );
  }
}

/** The start of a file, where a PEM file's BEGIN line and headers are. */
const pemHead = (content: Buffer): string => content.subarray(0, 4096).toString('latin1');

const isPem = (content: Buffer): boolean => pemHead(content).includes('-----BEGIN ');

/** A secure context, or 'locked' when a passphrase is missing or wrong. */
function tryContext(
  tls: typeof Tls,
  material: TlsClientMaterial,
  certificate: ClientCertificate,
): Tls.SecureContext | 'locked' {
  if (material.key && isEncryptedPem(material.key) && !opensKey(material.key, material.passphrase)) return 'locked';
  try {
    return tls.createSecureContext(material);
  } catch (err) {
    const reason = openSslReason(err);
    // OpenSSL's words for "this passphrase does not decrypt it" (PEM key, PKCS#12 respectively).
    if (/bad decrypt|mac verify failure|bad password read|interrupted or cancelled/i.test(reason)) return 'locked';
    if (/key values mismatch/i.test(reason)) {
      throw problem(
        'file',
        l10n.t(
          'The key in {0} does not belong to the certificate in {1}.',
          protectedFile(certificate),
          certificateLabel(certificate),
        ),
      );
    }
    const what =
      'pfxFile' in certificate ? l10n.t('a PKCS#12 (.p12 / .pfx) file') : l10n.t('a PEM certificate and key');
    throw problem('file', l10n.t('{0} could not be used as {1} ({2}).', certificateLabel(certificate), what, reason));
  }
}

/** A PEM key encrypted as PKCS#8 ("ENCRYPTED PRIVATE KEY") or the traditional way (Proc-Type). */
const isEncryptedPem = (key: Buffer): boolean =>
  /-----BEGIN ENCRYPTED PRIVATE KEY-----|Proc-Type:\s*4,ENCRYPTED/.test(pemHead(key));

/**
 * Whether the passphrase opens an encrypted PEM key. OpenSSL's error cannot tell: about one
 * passphrase in 256 that is not the key's (an empty one included) decrypts it to garbage with
 * valid padding, and OpenSSL then calls the key "unsupported" instead of a bad decrypt.
 */
function opensKey(key: Buffer, passphrase: string | undefined): boolean {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { createPrivateKey } = require('node:crypto') as typeof Crypto;
  try {
    createPrivateKey({ key, format: 'pem', passphrase });
    return true;
  } catch {
    return false;
  }
}

/** OpenSSL's reason, without the error-queue prefix ("error:1C800064:Provider routines::bad decrypt"). */
function openSslReason(err: unknown): string {
  const e = err as { reason?: unknown; message?: unknown };
  const text = typeof e.reason === 'string' ? e.reason : String(e.message ?? err);
  return text.replace(/^error:[0-9A-F]+:[^:]*::?/i, '');
}

/** Refuses a certificate outside its dates: the server would only close the connection. */
function checkValidity(tls: typeof Tls, context: Tls.SecureContext, certificate: ClientCertificate, now: Date): void {
  // A socket that never connects reads the certificate out of the context: the one public way to
  // see what a PKCS#12 file holds.
  const socket = new tls.TLSSocket(null as never, { secureContext: context });
  let validFrom: string | undefined;
  let validTo: string | undefined;
  try {
    const own = socket.getCertificate();
    if (own && 'valid_to' in own) ({ valid_from: validFrom, valid_to: validTo } = own);
  } finally {
    socket.destroy();
  }
  const label = certificateLabel(certificate);
  if (validTo && Date.parse(validTo) < now.getTime()) {
    throw problem('expired', l10n.t('The client certificate {0} expired on {1}.', label, day(validTo)));
  }
  if (validFrom && Date.parse(validFrom) > now.getTime()) {
    throw problem(
      'not-yet-valid',
      l10n.t('The client certificate {0} is not valid before {1}.', label, day(validFrom)),
    );
  }
}

const day = (date: string): string => new Date(date).toISOString().slice(0, 10);

const problem = (kind: ClientCertificateProblem, message: string): BitbucketError =>
  new BitbucketError('network', message, { clientCertificate: kind });
