import * as assert from 'node:assert/strict';
import { accountLabel } from '../../src/util/accountLabels';

describe('account labels', () => {
  const a = (serverUrl: string, username = 'alice') => ({ serverUrl, username });

  it('names the user and host alone when that is enough', () => {
    const one = a('https://bitbucket.example.com:8443/bitbucket');
    assert.equal(accountLabel(one, [one]), 'alice @ bitbucket.example.com');
    const bob = a('https://bitbucket.example.com:8443/bitbucket', 'bob');
    assert.equal(accountLabel(one, [one, bob]), 'alice @ bitbucket.example.com');
  });

  it('adds the port, then the context path, only when another account would read the same', () => {
    const p1 = a('http://127.0.0.1:7990');
    const p2 = a('http://127.0.0.1:7991');
    assert.equal(accountLabel(p1, [p1, p2]), 'alice @ 127.0.0.1:7990');
    const c1 = a('https://host.example/bitbucket');
    const c2 = a('https://host.example/staging');
    assert.deepEqual(
      [accountLabel(c1, [c1, c2]), accountLabel(c2, [c1, c2])],
      ['alice @ host.example/bitbucket', 'alice @ host.example/staging'],
    );
    const http = a('http://host.example:8080');
    const https = a('https://host.example:8080');
    assert.notEqual(accountLabel(http, [http, https]), accountLabel(https, [http, https]));
  });
});
