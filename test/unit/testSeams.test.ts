// The extension's own tests reach into it through one seam: the test API (src/onDemand/testingApi.ts,
// a bundle that activate() requires outside Production mode only) is the one place that queues
// answers for prompts, and src/editor/ui/prompts.ts the one place product code takes them from. No
// product constructor is told whether it runs under test: only activate() asks the extension's mode.
// No command returns a value for the tests: they read what the user can, the log and the editor.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as ts from 'typescript';

const ROOT = path.resolve(__dirname, '../../..');

/** Every source file of src/, as a path from the checkout's root with forward slashes. */
function sources(dir = path.join(ROOT, 'src')): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return entry.name.endsWith('.ts') ? [path.relative(ROOT, full).split(path.sep).join('/')] : [];
  });
}

/** The files of src/ whose code matches `pattern`. */
function filesMatching(pattern: RegExp): string[] {
  return sources().filter((file) => pattern.test(fs.readFileSync(path.join(ROOT, file), 'utf8')));
}

/** The members of each interface `<Name>Feature` a bundle's entry declares (src/onDemand/<bundle>/bundle.ts): what activation may read of a loaded bundle. */
function featureMembers(): Array<{ feature: string; member: string }> {
  return sources()
    .filter((file) => /^src\/onDemand\/[^/]+\/bundle\.ts$/.test(file))
    .flatMap((file) => {
      const source = ts.createSourceFile(file, fs.readFileSync(path.join(ROOT, file), 'utf8'), ts.ScriptTarget.Latest);
      return source.statements
        .filter((s): s is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(s) && s.name.text.endsWith('Feature'))
        .flatMap((s) =>
          s.members.map((m) => ({
            feature: s.name.text,
            member: m.name && ts.isIdentifier(m.name) ? m.name.text : '?',
          })),
        );
    });
}

describe('test seams', () => {
  it('only activate() asks whether the extension runs under test', () => {
    assert.deepEqual(filesMatching(/\bExtensionMode\b|\bextensionMode\b/), ['src/extension.ts']);
  });

  it('only the test API installs scripted answers, and only the prompts module defines where they come from', () => {
    assert.deepEqual(filesMatching(/\banswerPromptsFrom\(/).sort(), [
      'src/editor/ui/prompts.ts',
      'src/onDemand/testingApi.ts',
    ]);
    assert.deepEqual(filesMatching(/^let scriptedAnswerSource\b/m), ['src/editor/ui/prompts.ts']);
  });

  it('no product module carries a scripted-answers flag or queue of its own', () => {
    assert.deepEqual(filesMatching(/\bscriptedAnswers\s*[:?]|enableScriptedAnswers/), []);
  });

  it('scripted answers answer the prompts of editor/ui/prompts.ts only: no other picker takes one (Search Snippets… has no branch for the tests)', () => {
    assert.deepEqual(filesMatching(/\btakeScriptedAnswer\b/), ['src/editor/ui/prompts.ts']);
    assert.doesNotMatch(
      fs.readFileSync(path.join(ROOT, 'src/editor/ui/prompts.ts'), 'utf8'),
      /export function takeScriptedAnswer\b/,
    );
  });

  it("every member of a loaded bundle's feature is read by the product, none only by the test API", () => {
    const members = featureMembers();
    assert.ok(
      members.some((m) => m.feature === 'SnippetsFeature' && m.member === 'explorer'),
      'the features were read',
    );
    const product = sources()
      .filter((file) => file !== 'src/onDemand/testingApi.ts')
      .map((file) => fs.readFileSync(path.join(ROOT, file), 'utf8'));
    const unread = members.filter(
      ({ member }) => !product.some((code) => new RegExp(`(\\.get\\(\\)|\\.feature\\(\\))\\.${member}\\b`).test(code)),
    );
    assert.deepEqual(unread, []);
  });

  it('no product function returns or resolves to a value documented as being for the tests', () => {
    // A command or a drop shows and logs what it did; tests read the log or the editor, not a value kept for them.
    const forTests =
      /(?:\bresolves?\b|\breturns?\b|\bwhat an? [\w ]+ (?:did|showed)\b)[^\n]*\b(?:for (?:the )?tests?\b|what a test checks)|\b(?:for (?:the )?tests?|what a test checks)\b[^\n]*\b(?:resolves?|returns?)\b/i;
    assert.deepEqual(filesMatching(forTests), []);
  });

  it('the editor and wiring layers export no outcome types: what a command did is shown and logged, not returned', () => {
    const outcomes = sources()
      .filter((file) => /^src\/(editor|onDemand)\//.test(file))
      .filter((file) =>
        /^export (?:type|interface) \w*Outcome\b/m.test(fs.readFileSync(path.join(ROOT, file), 'utf8')),
      );
    assert.deepEqual(outcomes, []);
  });

  it('the test API is required from activate() alone', () => {
    assert.deepEqual(filesMatching(/require\('[./]*onDemand\/testingApi'\)|require\('\.\/testingApi'\)/), [
      'src/extension.ts',
    ]);
  });
});
