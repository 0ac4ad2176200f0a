// Runs the workbench in another display language without downloading a language pack.
//
// code-server 1.100.3 takes the language from `--locale` (or argv.json's "locale", or the
// browser's), but switches to it only when a language pack for it is installed: without one it
// falls back to English, and the extension host's vscode.env.language stays "en". What it reads
// of a pack is user-data/languagepacks.json, naming a file of translations of VS Code's own
// strings. A stand-in pack with no translations is enough: the workbench then runs in that
// language (its own strings stay English, for lack of translations), vscode.env.language is the
// language, and VS Code loads the extension's package.nls.<language>.json and
// l10n/bundle.l10n.<language>.json as it would with Microsoft's pack installed.
import * as fs from 'node:fs';
import * as path from 'node:path';

/** Writes the stand-in language pack for `language` (e.g. "de") into a user-data folder. */
export function installStandInLanguagePack(userDataDir: string, language: string): void {
  const packDir = path.join(userDataDir, 'stand-in-language-pack', language);
  fs.mkdirSync(packDir, { recursive: true });
  const translations = path.join(packDir, 'main.i18n.json');
  fs.writeFileSync(translations, JSON.stringify({ contents: {} }));
  const packs = {
    [language]: {
      hash: `stand-in-${language}`,
      // The language picker reads the pack's extension id from here.
      extensions: [
        {
          extensionIdentifier: { id: `bitbucket-snippets-tests.stand-in-language-pack-${language}` },
          version: '0.0.0',
        },
      ],
      translations: { vscode: translations },
      label: language,
    },
  };
  fs.writeFileSync(path.join(userDataDir, 'languagepacks.json'), JSON.stringify(packs, null, 2));
}
