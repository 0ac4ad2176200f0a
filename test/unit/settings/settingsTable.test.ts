// The settings the code reads, and their defaults, are the ones package.json contributes: a
// setting added to one and missed in the other fails here. The connection settings' table
// (src/api/connectionSettings.ts) is the one list a new per-server setting is added to; this holds
// it to both places package.json names it (the top level and a `servers` entry) and to its scope.
import * as assert from 'node:assert/strict';
import { readJson } from '../l10n/localizedManifest';
import { CONNECTION_SETTINGS, CONNECTION_SETTING_NAMES, SERVERS_SETTING } from '../../../src/api/connectionSettings';
import { SETTINGS_SECTION, Settings } from '../../../src/util/constants';
import { TRUST_SETTINGS } from '../../../src/util/trustSettings';
import { CLIENT_SETTINGS, EXTENSION_SETTINGS } from '../../../src/model/settings/settingsTable';

interface Property {
  type?: string;
  default?: unknown;
  scope?: string;
  additionalProperties?: { properties?: Record<string, unknown> };
}

const properties = readJson<{ contributes: { configuration: { properties: Record<string, Property> } } }>(
  'package.json',
).contributes.configuration.properties;
const ours = Object.fromEntries(
  Object.entries(properties)
    .filter(([name]) => name.startsWith(`${SETTINGS_SECTION}.`))
    .map(([name, property]) => [name.slice(SETTINGS_SECTION.length + 1), property]),
);

/** Every setting the code reads, with the default it falls back on. */
const tables: Record<string, unknown> = {
  ...EXTENSION_SETTINGS,
  [SERVERS_SETTING.name]: SERVERS_SETTING.default,
  ...Object.fromEntries(CONNECTION_SETTING_NAMES.map((name) => [name, CONNECTION_SETTINGS[name].default])),
};

describe('the settings table and package.json', () => {
  it('names every setting package.json contributes, and none it does not', () => {
    assert.deepEqual(Object.keys(tables).sort(), Object.keys(ours).sort());
  });

  it('lists each setting once: the connection settings apart from the others', () => {
    const names: string[] = [...Object.keys(EXTENSION_SETTINGS), SERVERS_SETTING.name, ...CONNECTION_SETTING_NAMES];
    assert.deepEqual(
      names.filter((name, i) => names.indexOf(name) !== i),
      [],
    );
  });

  it('gives each setting the default package.json gives it', () => {
    for (const [name, fallback] of Object.entries(tables)) assert.deepEqual(fallback, ours[name]?.default, name);
  });

  it("has no setting whose name extends another's that is not an object (VS Code would drop it)", () => {
    const names = Object.keys(properties);
    const hidden = names.flatMap((outer) =>
      properties[outer].type === 'object'
        ? []
        : names.filter((name) => name.startsWith(`${outer}.`)).map((name) => `${name} under ${outer}`),
    );
    assert.deepEqual(hidden, []);
  });

  it('names each setting by the identifier the code uses for it', () => {
    assert.deepEqual(Object.keys(tables).sort(), Object.values(Settings).sort());
  });
});

describe('the connection settings table and package.json', () => {
  it('has exactly the settings a servers entry may hold', () => {
    const perServer = Object.keys(ours[SERVERS_SETTING.name]?.additionalProperties?.properties ?? {});
    assert.deepEqual([...CONNECTION_SETTING_NAMES].sort(), perServer.sort());
  });

  it('marks as trust exactly the machine-scoped ones, which are read from user settings only', () => {
    for (const name of CONNECTION_SETTING_NAMES) {
      assert.equal(CONNECTION_SETTINGS[name].trust, ours[name]?.scope === 'machine', name);
      assert.equal(CONNECTION_SETTINGS[name].trust, TRUST_SETTINGS.includes(name), name);
    }
    assert.equal(ours[SERVERS_SETTING.name]?.scope, 'machine');
    assert.ok(SERVERS_SETTING.trust && TRUST_SETTINGS.includes(SERVERS_SETTING.name));
  });

  it('remakes every client when a connection setting, a servers entry or a proxy or certificate setting of VS Code changes', () => {
    const vscodeOnes = [
      'http.proxy',
      'http.noProxy',
      'http.proxyAuthorization',
      'http.proxySupport',
      'http.proxyStrictSSL',
      'http.systemCertificates',
    ];
    const named = [...CONNECTION_SETTING_NAMES, SERVERS_SETTING.name].map((name) => `${SETTINGS_SECTION}.${name}`);
    assert.deepEqual([...CLIENT_SETTINGS].sort(), [...named, ...vscodeOnes].sort());
  });
});
