// PEM certificates as trust stores hand them out: bundles of many, DER from the OS, duplicates
// between stores. Node's `ca` option wants one PEM string per certificate.
import { X509Certificate } from 'node:crypto';

const PEM_CERTIFICATE = /-----BEGIN CERTIFICATE-----[A-Za-z0-9+/=\s]+?-----END CERTIFICATE-----/g;

/**
 * The certificate blocks of a PEM bundle, each one written as it would be alone, so the same
 * certificate from two sources compares equal. OpenSSL's "TRUSTED CERTIFICATE" blocks are left
 * out (Node cannot read them). Blocks are not parsed here: see `parsableCertificates`.
 */
export function splitPemBundle(text: string): string[] {
  return [...text.matchAll(PEM_CERTIFICATE)].map((match) => normalisePem(match[0]));
}

/** A DER certificate in base64 (as Windows exports it) as a PEM block, or undefined when it is not base64. */
export function base64DerToPem(base64: string): string | undefined {
  const body = base64.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]+=*$/.test(body)) return undefined;
  return normalisePem(body);
}

/**
 * Only the blocks that parse as certificates. Node would skip a broken one silently; leaving it
 * out here keeps the count in the log true, and a note says how many were dropped. Parsing costs
 * about 0.15 ms a certificate, so duplicates are removed first.
 */
export function parsableCertificates(pems: string[]): string[] {
  return pems.filter(isCertificate);
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
