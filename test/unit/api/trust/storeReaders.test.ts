// The OS store readers. Linux reads real files the test writes; macOS and Windows are tested at
// their boundary, a command runner that answers with output shaped like `security` and PowerShell
// give it, built from real root certificates.
import * as assert from 'node:assert/strict';
import { X509Certificate } from 'node:crypto';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as tls from 'node:tls';
import type { CommandRunner } from '../../../../src/api/trust/commandRunner';
import { readLinuxStore } from '../../../../src/api/trust/linuxStore';
import { MAC_KEYCHAINS, readMacStore } from '../../../../src/api/trust/macStore';
import { base64DerToPem, parsableCertificates, splitPemBundle } from '../../../../src/api/trust/pem';
import { readSystemStore } from '../../../../src/api/trust/systemStore';
import { POWERSHELL_ARGS, readWindowsStore } from '../../../../src/api/trust/windowsStore';

const [rootA, rootB, rootC] = tls.rootCertificates.slice(0, 3).map((pem) => `${pem.trim()}\n`);
const fingerprint = (pem: string) => new X509Certificate(pem).fingerprint256;
const fingerprints = (pems: string[]) => pems.map(fingerprint);
const base64Der = (pem: string) => new X509Certificate(pem).raw.toString('base64');

/** A runner that answers from a table, and remembers what it was asked. */
function fakeRunner(answers: Record<string, string | Error>): CommandRunner & { calls: string[] } {
  const calls: string[] = [];
  const runner = async (command: string, args: string[]) => {
    const line = [command, ...args].join(' ');
    calls.push(line);
    const answer = answers[line];
    if (answer === undefined) throw new Error(`unexpected command: ${line}`);
    if (answer instanceof Error) throw answer;
    return answer;
  };
  return Object.assign(runner, { calls });
}

describe('OS trust store readers', () => {
  describe('PEM handling', () => {
    it('splits a bundle, skipping comments and OpenSSL trusted-certificate blocks, and writes each block the same way', () => {
      const trusted = rootC.replace(/CERTIFICATE/g, 'TRUSTED CERTIFICATE');
      const found = splitPemBundle(`# Comment\n${rootA.replace(/\n/g, '\r\n')}\r\n${trusted}Issuer: x\n${rootB}`);
      assert.deepEqual(fingerprints(found), fingerprints([rootA, rootB]));
      assert.equal(found[0], splitPemBundle(rootA)[0], 'CRLF and LF give the same block');
    });

    it('leaves out entries that are not certificates, and duplicates, before trusting the store', async () => {
      const broken = '-----BEGIN CERTIFICATE-----\nTm90IGEgY2VydGlmaWNhdGU=\n-----END CERTIFICATE-----\n';
      const run = fakeRunner({
        [['powershell.exe', ...POWERSHELL_ARGS].join(' ')]: `${base64Der(rootA)}\nQUJD\n${base64Der(rootA)}\n`,
      });
      const store = await readSystemStore('win32', run);
      assert.deepEqual(fingerprints(store.certificates), fingerprints([rootA]));
      assert.match(store.problems.join(), /1 entries are not readable certificates/);
      assert.deepEqual(parsableCertificates(splitPemBundle(rootA + broken)).length, 1);
    });

    it("turns Windows' base64 DER into PEM, and refuses what is not base64", () => {
      assert.equal(fingerprint(base64DerToPem(base64Der(rootA)) ?? ''), fingerprint(rootA));
      assert.equal(base64DerToPem('WARNING: not base64!'), undefined);
    });
  });

  describe('Linux', () => {
    let dir: string;
    beforeEach(async () => {
      dir = await mkdtemp(join(tmpdir(), 'bitbucket-store-test-'));
    });
    afterEach(() => rm(dir, { recursive: true, force: true }));

    it('reads the first bundle file that exists, not the ones after it', async () => {
      await writeFile(join(dir, 'second.crt'), rootA + rootB);
      await writeFile(join(dir, 'third.crt'), rootC);
      const reading = await readLinuxStore({
        env: {},
        bundleFiles: [join(dir, 'missing.crt'), join(dir, 'second.crt'), join(dir, 'third.crt')],
        certificateDirs: [],
      });
      assert.deepEqual(fingerprints(reading.certificates), fingerprints([rootA, rootB]));
      assert.deepEqual(reading.problems, []);
    });

    it('falls back to certificate folders, reading *.pem, *.crt and hashed links only', async () => {
      const certs = join(dir, 'certs');
      await mkdir(certs);
      await writeFile(join(certs, 'a.pem'), rootA);
      await writeFile(join(certs, '5ad8a5d6.0'), rootB);
      await writeFile(join(certs, 'README'), rootC);
      await symlink(join(certs, 'a.pem'), join(certs, '3513523f.0'));
      const reading = await readLinuxStore({
        env: {},
        bundleFiles: [join(dir, 'none.crt')],
        certificateDirs: [certs, join(dir, 'absent')],
      });
      assert.deepEqual(
        fingerprints(reading.certificates).sort(),
        fingerprints([rootA, rootB]).sort(),
        'a linked file is read once',
      );
    });

    it('lets SSL_CERT_FILE and SSL_CERT_DIR replace the defaults, as OpenSSL does', async () => {
      await writeFile(join(dir, 'default.crt'), rootA);
      await writeFile(join(dir, 'chosen.crt'), rootB);
      const extra = join(dir, 'extra');
      await mkdir(extra);
      await writeFile(join(extra, 'c.crt'), rootC);
      const reading = await readLinuxStore({
        env: { SSL_CERT_FILE: join(dir, 'chosen.crt'), SSL_CERT_DIR: `${extra}:${join(dir, 'gone')}` },
        bundleFiles: [join(dir, 'default.crt')],
        certificateDirs: [],
      });
      assert.deepEqual(fingerprints(reading.certificates), fingerprints([rootB, rootC]));
      assert.equal(reading.problems.length, 1, 'the missing folder is noted');
      assert.match(reading.problems[0], /gone: ENOENT/);
    });

    it('notes that nothing was found instead of failing', async () => {
      const reading = await readLinuxStore({
        env: {},
        bundleFiles: [join(dir, 'none.crt')],
        certificateDirs: [join(dir, 'none')],
      });
      assert.deepEqual(reading.certificates, []);
      assert.match(reading.problems.join(), /no system certificate bundle/);
    });
  });

  describe('macOS', () => {
    it("reads the system roots and the System keychain through `security`, not the user's keychains", async () => {
      const run = fakeRunner({
        [`/usr/bin/security find-certificate -a -p ${MAC_KEYCHAINS[0]}`]: rootA + rootB,
        [`/usr/bin/security find-certificate -a -p ${MAC_KEYCHAINS[1]}`]: rootC,
      });
      const reading = await readMacStore(run);
      assert.deepEqual(
        run.calls,
        MAC_KEYCHAINS.map((k) => `/usr/bin/security find-certificate -a -p ${k}`),
      );
      assert.deepEqual(MAC_KEYCHAINS, [
        '/System/Library/Keychains/SystemRootCertificates.keychain',
        '/Library/Keychains/System.keychain',
      ]);
      assert.deepEqual(fingerprints(reading.certificates), fingerprints([rootA, rootB, rootC]));
      assert.deepEqual(reading.problems, []);
    });

    it('keeps what it could read when one keychain fails', async () => {
      const run = fakeRunner({
        [`/usr/bin/security find-certificate -a -p ${MAC_KEYCHAINS[0]}`]: rootA,
        [`/usr/bin/security find-certificate -a -p ${MAC_KEYCHAINS[1]}`]: new Error(
          'security: SecKeychainOpen: The specified keychain could not be found.\nmore',
        ),
      });
      const reading = await readMacStore(run);
      assert.deepEqual(fingerprints(reading.certificates), fingerprints([rootA]));
      assert.equal(reading.problems.length, 1);
      assert.match(reading.problems[0], /System\.keychain: security: SecKeychainOpen/);
    });

    it('counts a certificate found in two keychains once', async () => {
      const run = fakeRunner({
        [`/usr/bin/security find-certificate -a -p ${MAC_KEYCHAINS[0]}`]: rootA,
        [`/usr/bin/security find-certificate -a -p ${MAC_KEYCHAINS[1]}`]: rootA + rootB,
      });
      const store = await readSystemStore('darwin', run);
      assert.deepEqual(fingerprints(store.certificates), fingerprints([rootA, rootB]));
    });
  });

  describe('Windows', () => {
    it("reads the machine's and the user's Trusted Root stores through PowerShell, one base64 DER per line", async () => {
      const output = [rootA, rootB, rootA].map(base64Der).join('\r\n') + '\r\n';
      const run = fakeRunner({ [['powershell.exe', ...POWERSHELL_ARGS].join(' ')]: output });
      const store = await readSystemStore('win32', run);
      assert.deepEqual(fingerprints(store.certificates), fingerprints([rootA, rootB]));
      assert.deepEqual(store.problems, []);
      assert.match(
        POWERSHELL_ARGS.join(' '),
        /Get-ChildItem -Path 'Cert:\\LocalMachine\\Root','Cert:\\CurrentUser\\Root' /,
      );
      assert.doesNotMatch(POWERSHELL_ARGS.join(' '), /\\CA'/, 'intermediates are not made trust anchors');
    });

    it('notes output lines that are not certificates, and keeps the rest', async () => {
      const run = fakeRunner({
        [['powershell.exe', ...POWERSHELL_ARGS].join(' ')]: `${base64Der(rootC)}\nGet-ChildItem : Access denied\n`,
      });
      const reading = await readWindowsStore(run);
      assert.deepEqual(fingerprints(reading.certificates), fingerprints([rootC]));
      assert.match(reading.problems.join(), /1 lines of PowerShell output were not base64/);
    });

    it('leaves the store empty, with a note, when PowerShell cannot run', async () => {
      const run = fakeRunner({
        [['powershell.exe', ...POWERSHELL_ARGS].join(' ')]: Object.assign(new Error('spawn powershell.exe ENOENT'), {
          code: 'ENOENT',
        }),
      });
      const store = await readSystemStore('win32', run);
      assert.deepEqual(store.certificates, []);
      assert.match(store.problems.join(), /powershell\.exe: spawn powershell\.exe ENOENT/);
    });
  });
});
