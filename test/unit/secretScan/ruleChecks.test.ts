// What makes a rule precise beyond its pattern: a token with a wrong checksum, a PyPI token whose
// macaroon is not PyPI's, a "JWT" whose header is no JSON, a Discord token whose first part is no
// user id, a Docker `auth` without a password: none is a 'known' finding. And each finding names
// the value itself, so the mask shows the value's own first and last characters.
import * as assert from 'node:assert/strict';
import { maskSecret } from '../../../src/model/secretScan/maskSecret';
import { RULE } from '../../../src/model/secretScan/ruleIds';
import { TextScan } from '../../../src/model/secretScan/textScan';
import { githubToken } from './fixtures';
import { jwtOf } from './corpus/kinds';
import { B62, B64, Random, base64, base64url, withCrc } from './corpus/random';

const scan = (text: string, label = '.env') => new TextScan({ label, text }, new Set()).builtinAndLibraryFindings();
const known = async (text: string, label?: string) =>
  (await scan(text, label)).filter((f) => f.confidence === 'known').map((f) => f.ruleId);

/** The token with its last character changed: its checksum no longer holds. */
const brokenChecksum = (token: string) => `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;

describe('secret scan: checksums and structures', () => {
  const r = new Random(4242);

  it("finds GitHub and npm tokens whose CRC32 holds, and no token whose checksum is wrong as 'known'", async () => {
    for (const prefix of ['ghp_', 'gho_', 'ghu_', 'ghs_', 'ghr_']) {
      const token = withCrc(prefix, r);
      assert.deepEqual(await known(`echo ${token}`), [RULE.github], token);
      assert.deepEqual(await known(`echo ${brokenChecksum(token)}`), [], `${brokenChecksum(token)} fails its checksum`);
      // Given to a name that says token, it is still worth a question, but only a generic one.
      assert.deepEqual(
        (await scan(`GITHUB_TOKEN=${brokenChecksum(token)}`)).map((f) => f.confidence),
        ['generic'],
      );
    }
    const npm = withCrc('npm_', r);
    assert.deepEqual(await known(`//registry.npmjs.org/:_authToken=${npm}`, '.npmrc'), [RULE.npm]);
    assert.deepEqual(await known(`echo ${brokenChecksum(npm)}`), []);
    // The fixtures' own tokens are made the same way.
    assert.deepEqual(await known(`x ${githubToken('a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5')}`), [RULE.github]);
  });

  it("finds a PyPI token only when its macaroon's location is pypi.org or test.pypi.org", async () => {
    const macaroon = (location: string) => {
      const id = Buffer.from(`{"version": 1, "id": "${r.uuid()}"}`);
      return `pypi-${base64url(Buffer.concat([Buffer.from([2, 1, location.length]), Buffer.from(location), Buffer.from([2, id.length]), id, Buffer.from(r.chars(B64, 40))]))}`;
    };
    assert.deepEqual(await known(`TWINE_PASSWORD=${macaroon('pypi.org')}`), [RULE.pypi]);
    assert.deepEqual(await known(`TWINE_PASSWORD=${macaroon('test.pypi.org')}`), [RULE.pypi]);
    assert.deepEqual(await known(`echo ${macaroon('pypi.evil')}`), []);
  });

  it('finds a JWT only when its header is JSON with an algorithm', async () => {
    assert.deepEqual(await known(`curl -H "X-Session: ${jwtOf(r)}" https://api.example.com`), [RULE.jwt]);
    const notJson = `eyJ${r.chars(B62, 30)}.eyJ${r.chars(B62, 40)}.${r.chars(B62, 43)}`;
    assert.deepEqual(await known(`curl -H "X-Session: ${notJson}" https://api.example.com`), []);
  });

  it('finds a Discord bot token only when its first part is a user id in base64', async () => {
    const rest = `.${r.chars(B62, 6)}.${r.chars(B62, 38)}`;
    // Ids of 17 to 20 digits: 23 to 27 characters of base64 once its padding is left off, as Discord does.
    for (const id of ['81234567890123456', '812345678901234567', '8123456789012345678', '81234567890123456789']) {
      assert.deepEqual(await known(`bot.run("${base64(id).replace(/=+$/, '')}${rest}")`, 'bot.py'), [RULE.discord], id);
    }
    assert.deepEqual(await known(`bot.run("${base64('81234567890abcdefg')}${rest}")`, 'bot.py'), []);
  });

  it('finds Docker and HTTP Basic credentials only when they decode to user:password', async () => {
    const good = base64(`ci:${r.chars(B62, 16)}`);
    assert.deepEqual(await known(`{"auths":{"r.example.com":{"auth":"${good}"}}}`, 'config.json'), [RULE.dockerAuth]);
    assert.deepEqual(
      await known(`{"auths":{"r.example.com":{"auth":"${base64(`ci${r.chars(B62, 16)}`)}"}}}`, 'config.json'),
      [],
    );
    assert.deepEqual(await known(`Authorization: Basic ${good}`, 'request.http'), [RULE.basicAuth]);
    assert.deepEqual(await known(`Authorization: Basic ${base64('just-a-user')}`, 'request.http'), []);
  });

  it("names the value itself: an AWS secret access key is masked by its own ends, not its variable's", async () => {
    const secret = r.chars(B64, 40);
    const [finding] = await scan(`AWS_SECRET_ACCESS_KEY=${secret}\n`);
    assert.deepEqual(
      [finding.ruleId, finding.column, finding.masked, finding.confidence],
      [RULE.awsSecretAccessKey, 23, maskSecret(secret), 'known'],
    );
    const password = `Pg-${r.chars(B62, 14)}`;
    const [jdbc] = await scan(
      `spring.datasource.url=jdbc:postgresql://db:5432/app?user=app&password=${password}&ssl=true\n`,
      'application.properties',
    );
    assert.deepEqual([jdbc.ruleId, jdbc.masked], [RULE.jdbcPassword, maskSecret(password)]);
  });
});
