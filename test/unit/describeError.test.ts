import * as assert from 'node:assert/strict';
import { BitbucketError, type ClientCertificateProblem } from '../../src/api/errors';
import { describeError, describeSignInError } from '../../src/util/describeError';

describe('user messages', () => {
  it('suggests the CA setting for a TLS failure, at sign-in and later', () => {
    const err = new BitbucketError('network', 'The secure connection to h failed: its certificate is not trusted.', {
      tlsFailure: true,
    });
    const signIn = describeSignInError(err, 'h', 'basic');
    assert.equal(signIn.action, 'openCaSetting');
    assert.match(signIn.message, /Ca Files/);
    assert.match(describeError(err, { action: 'load My Snippets' }), /Ca Files/);
  });

  it('tells a wrong password apart from an unreachable server and an HTML login page', () => {
    const auth = describeSignInError(new BitbucketError('auth', 'Authentication failed.'), 'h', 'basic');
    const down = describeSignInError(
      new BitbucketError('network', 'Cannot reach h: the connection was refused.'),
      'h',
      'basic',
    );
    const html = describeSignInError(
      new BitbucketError('unexpected-response', 'The server answered with a web page.'),
      'h',
      'basic',
    );
    assert.match(auth.message, /did not accept the user name or password\. Nothing was saved/);
    assert.match(down.message, /refused.*Check the server URL/);
    assert.match(html.message, /did not answer like Bitbucket's API.*context path/);
    assert.equal(new Set([auth.message, down.message, html.message]).size, 3);
  });

  it('speaks of the token when a token was refused', () => {
    assert.match(describeSignInError(new BitbucketError('auth', 'x'), 'h', 'token').message, /access token/);
  });

  it('sends a CAPTCHA lock to the browser instead of retrying credentials', () => {
    assert.equal(describeSignInError(new BitbucketError('captcha', 'x'), 'h', 'basic').action, 'openInBrowser');
  });

  it('lists the fields of a validation failure', () => {
    const err = new BitbucketError('validation', 'bad', {
      serverMessages: [
        { context: 'name', message: 'Name is required', exceptionName: null },
        { context: 'files', message: 'At least one file', exceptionName: null },
      ],
    });
    assert.equal(
      describeError(err, { action: 'create the snippet' }),
      'Could not create the snippet: the server refused it. name: Name is required; files: At least one file',
    );
  });

  it('says who was refused when permission is missing', () => {
    const msg = describeError(new BitbucketError('forbidden', 'You are not permitted to access this resource'), {
      action: 'save a.ts',
      user: 'bob',
    });
    assert.match(msg, /signed in as bob, but you are not permitted/);
  });

  it('promises unsaved work is kept when the network fails', () => {
    assert.match(
      describeError(new BitbucketError('network', 'Cannot reach h.'), { action: 'save a.ts' }),
      /unsaved work is kept/,
    );
  });

  it('gives each proxy failure its own next step, and sends certificate trouble to Ca Files', () => {
    const failures = ['auth-required', 'refused', 'unreachable', 'certificate', 'invalid-url'] as const;
    const problems = failures.map((proxyFailure) =>
      describeSignInError(
        new BitbucketError('proxy', `The proxy http://p:3128 failed (${proxyFailure}).`, {
          proxy: 'http://p:3128',
          proxyFailure,
          tlsFailure: proxyFailure === 'certificate',
        }),
        'h',
        'basic',
      ),
    );
    assert.deepEqual(
      problems.map((p) => p.action),
      ['openProxySetting', 'openProxySetting', 'openProxySetting', 'openCaSetting', 'openProxySetting'],
    );
    assert.match(problems[0].message, /http\.proxyAuthorization/);
    assert.match(problems[3].message, /always verifies certificates.*Ca Files/);
    const later = describeError(
      new BitbucketError('proxy', 'The proxy http://p:3128 refused the connection.', { proxyFailure: 'refused' }),
      { action: 'save a.ts' },
    );
    assert.equal(
      later,
      'Could not save a.ts: The proxy http://p:3128 refused the connection. Check the http.proxy setting (or HTTP_PROXY / HTTPS_PROXY), and list hosts that are reached without the proxy in http.noProxy.',
    );
  });

  describe('client certificates', () => {
    const problem = (
      clientCertificate: ClientCertificateProblem,
      message = 'The client certificate /certs/me.p12 failed.',
    ) => new BitbucketError('network', message, { clientCertificate });

    it('points every certificate problem a setting can fix at the Client Certificate setting, at sign-in and later', () => {
      for (const kind of ['file', 'expired', 'not-yet-valid', 'required', 'rejected'] as const) {
        const signIn = describeSignInError(problem(kind), 'h', 'basic');
        assert.equal(signIn.action, 'openClientCertificateSetting', kind);
        assert.match(signIn.message, /"Bitbucket Snippets: Client Certificate" setting/, kind);
        assert.match(
          describeError(problem(kind), { action: 'load My Snippets' }),
          /^Could not load My Snippets: .*Client Certificate/,
          kind,
        );
      }
    });

    it('offers to try again after a wrong or missing passphrase, rather than the CA setting', () => {
      for (const kind of ['wrong-passphrase', 'passphrase-needed'] as const) {
        const signIn = describeSignInError(problem(kind), 'h', 'basic');
        assert.equal(signIn.action, 'retry', kind);
        assert.match(signIn.message, /Try again/, kind);
        assert.doesNotMatch(signIn.message, /Ca Files/, kind);
      }
    });

    it('gives each problem its own advice', () => {
      const kinds: ClientCertificateProblem[] = [
        'file',
        'passphrase-needed',
        'wrong-passphrase',
        'expired',
        'required',
        'rejected',
      ];
      const advice = kinds.map((kind) => describeSignInError(problem(kind, 'm.'), 'h', 'basic').message);
      assert.equal(new Set(advice).size, kinds.length);
      assert.match(advice[kinds.indexOf('expired')], /current certificate/);
      assert.match(advice[kinds.indexOf('required')], /Set your certificate/);
    });

    it('keeps a TLS failure that is not about the certificate with the CA setting', () => {
      const err = new BitbucketError('network', 'The secure connection to h failed.', { tlsFailure: true });
      assert.equal(err.clientCertificate, undefined);
      assert.equal(describeSignInError(err, 'h', 'basic').action, 'openCaSetting');
    });
  });
});
