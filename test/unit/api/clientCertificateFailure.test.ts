// How a failed connection is read when a server checks client certificates. Node's TLS server
// (used in clientCertificate.test.ts) only closes the connection; servers in Java or on OpenSSL
// send an alert instead, reproduced here by the error codes Node gives for each alert.
import * as assert from 'node:assert/strict';
import { clientCertificateFailure, type HandshakeFacts } from '../../../src/api/clientCertificateFailure';

const facts = (codes: string[], certificate?: string, error: unknown = new Error('x')): HandshakeFacts => ({
  codes,
  error,
  host: 'bb.example.com',
  certificate,
  request: 'GET /rest/snippets/1.0/snippets',
});

describe('client certificate failures', () => {
  it('reads the TLS 1.3 "certificate required" alert as a missing certificate', () => {
    const err = clientCertificateFailure(facts(['ERR_SSL_TLSV13_ALERT_CERTIFICATE_REQUIRED']));
    assert.equal(err?.clientCertificate, 'required');
    assert.equal(err?.message, 'bb.example.com requires a client certificate, and none is set for it.');
    assert.equal(err?.tlsFailure, true);
  });

  it('reads "certificate expired" as expired by the server\'s clock', () => {
    const err = clientCertificateFailure(facts(['ERR_SSL_SSLV3_ALERT_CERTIFICATE_EXPIRED'], '/me.pem'));
    assert.equal(err?.clientCertificate, 'expired');
    assert.match(err?.message ?? '', /\/me\.pem: by its clock the certificate has expired/);
  });

  it('reads "unknown CA", "bad certificate" and "certificate revoked" as a certificate turned down', () => {
    for (const code of [
      'ERR_SSL_TLSV1_ALERT_UNKNOWN_CA',
      'ERR_SSL_SSLV3_ALERT_BAD_CERTIFICATE',
      'ERR_SSL_SSLV3_ALERT_CERTIFICATE_REVOKED',
    ]) {
      assert.equal(clientCertificateFailure(facts([code], '/me.pem'))?.clientCertificate, 'rejected', code);
    }
  });

  it('reads a handshake failure by whether a certificate was sent', () => {
    assert.equal(
      clientCertificateFailure(facts(['ERR_SSL_SSLV3_ALERT_HANDSHAKE_FAILURE']))?.clientCertificate,
      'required',
    );
    assert.equal(
      clientCertificateFailure(facts(['ERR_SSL_SSLV3_ALERT_HANDSHAKE_FAILURE'], '/me.pem'))?.clientCertificate,
      'rejected',
    );
  });

  it('takes a connection closed before any byte was read as the server turning the certificate down, hedged', () => {
    const closed = Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET', socket: { bytesRead: 0 } });
    const err = clientCertificateFailure(facts(['UND_ERR_SOCKET'], undefined, closed));
    assert.equal(err?.clientCertificate, 'required');
    assert.match(err?.message ?? '', /closed the connection right after the secure handshake: it probably requires/);
    // TLS 1.2: the server's verdict ends the handshake itself.
    const reset = Object.assign(
      new Error('Client network socket disconnected before secure TLS connection was established'),
      { code: 'ECONNRESET' },
    );
    assert.equal(clientCertificateFailure(facts(['ECONNRESET'], '/me.pem', reset))?.clientCertificate, 'rejected');
  });

  it('leaves other failures alone: a close after an answer began, a reset, an untrusted server', () => {
    const midAnswer = Object.assign(new Error('other side closed'), {
      code: 'UND_ERR_SOCKET',
      socket: { bytesRead: 120 },
    });
    assert.equal(clientCertificateFailure(facts(['UND_ERR_SOCKET'], '/me.pem', midAnswer)), undefined);
    assert.equal(
      clientCertificateFailure(
        facts(['ECONNRESET'], '/me.pem', Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' })),
      ),
      undefined,
    );
    assert.equal(clientCertificateFailure(facts(['UNABLE_TO_VERIFY_LEAF_SIGNATURE'], '/me.pem')), undefined);
  });
});
