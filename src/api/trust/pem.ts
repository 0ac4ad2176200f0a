// PEM certificates as trust stores hand them out: bundles of many, DER from the OS, duplicates
// between stores. Node's `ca` option wants one PEM string per certificate.
import { X509Certificate } from 'node:crypto';

const PEM_CERTIFICATE = /-----BEGIN CERTIFICATE-----[A-Za-z0-9+/=\s]+?-----END CERTIFICATE-----/g;

/**
 * The certificates of a PEM bundle, each one as it would be written alone. OpenSSL's "TRUSTED
 * CERTIFICATE" blocks and anything that does not parse are left out: one broken entry in a
 * system bundle must not make every connection fail.
 */
export function splitPemBundle(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(PEM_CERTIFICATE)) {
    const pem = normalisePem(match[0]);
    if (isCertificate(pem)) found.push(pem);
  }
  return found;
}

/** A DER certificate in base64 (as Windows exports it) as PEM, or undefined when it is not one. */
export function base64DerToPem(base64: string): string | undefined {
  const body = base64.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]+=*$/.test(body)) return undefined;
  const pem = `-----BEGIN CERTIFICATE-----\n${body.replace(/(.{64})/g, '$1\n').replace(/\n$/, '')}\n-----END CERTIFICATE-----\n`;
  return isCertificate(pem) ? pem : undefined;
}

/** The same certificate from two stores counts once; the first occurrence keeps its place. */
export function uniqueCertificates(pems: Iterable<string>): string[] {
  const seen = new Set<string>();
  const result: string[] = [];
  for (const pem of pems) {
    const key = pem.replace(/\s+/g, '');
    if (seen.has(key)) continue;
    seen.add(key);
    result.push(pem);
  }
  return result;
}

function normalisePem(block: string): string {
  const body = block.replace(/-----(BEGIN|END) CERTIFICATE-----/g, '').replace(/\s+/g, '');
  return `-----BEGIN CERTIFICATE-----\n${body.replace(/(.{64})/g, '$1\n').replace(/\n$/, '')}\n-----END CERTIFICATE-----\n`;
}

function isCertificate(pem: string): boolean {
  try {
    new X509Certificate(pem);
    return true;
  } catch {
    return false;
  }
}
