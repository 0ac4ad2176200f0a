// A terminal has no tab stops: files in the snippet-syntax category reach it as the text VS Code
// would insert with every tab stop left at its default.
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { snippetSyntaxAsPlainText as plain } from '../../../src/model/terminal/snippetSyntaxText';

describe('snippet syntax as plain text for the terminal', () => {
  it('gives a placeholder its default, and a bare or empty tab stop nothing', () => {
    assert.equal(plain('kubectl logs ${1:my-pod} -n ${2:default}$0'), 'kubectl logs my-pod -n default');
    assert.equal(plain('echo $1 ${2} done'), 'echo   done');
  });

  it('gives a choice its first option, with its escapes', () => {
    assert.equal(plain('git push ${1|origin,upstream|} ${2|a\\,b,c|}'), 'git push origin a,b');
  });

  it('gives a tab stop mirrored elsewhere the default of its placeholder, before or after it', () => {
    assert.equal(plain('$1 = ${1:name}; echo $1'), 'name = name; echo name');
    assert.equal(plain('${1|dev,prod|} $1'), 'dev dev');
  });

  it('resolves nested placeholders', () => {
    assert.equal(plain('docker run ${1:--name ${2:web}} ${3:nginx} $2'), 'docker run --name web nginx web');
  });

  it('gives variables their default or nothing, and transforms nothing', () => {
    assert.equal(plain('cat $TM_FILENAME ${TM_SELECTED_TEXT} ${CLIPBOARD:fallback}'), 'cat   fallback');
    assert.equal(plain('x${TM_FILENAME/(.*)\\..+$/$1/}y ${1:a} ${1/(a)/b/g}z'), 'xy a z');
  });

  it('keeps escaped characters as the character: \\$, \\} and \\\\', () => {
    assert.equal(plain('echo \\$HOME \\} \\\\ \\n'), 'echo $HOME } \\ \\n');
    assert.equal(plain('${1:a\\}b}'), 'a}b');
  });

  it('leaves what is not snippet syntax as written', () => {
    assert.equal(plain('cost: 5$ and ${ nothing } and ${1:open'), 'cost: 5$ and ${ nothing } and ${1:open');
    assert.equal(plain('awk "{print $$1}" }'), 'awk "{print $}" }');
    assert.equal(plain('${1|a,b}'), '${1|a,b}');
  });

  it('ends for a placeholder that holds its own tab stop', () => {
    assert.equal(plain('${1:a $1 b}'), 'a  b');
    assert.equal(plain('${1:x ${2:$1}} $2'), 'x  x ');
  });

  it('returns text without snippet syntax unchanged (property)', () => {
    fc.assert(
      fc.property(
        fc.string().filter((s) => !/[$\\]/.test(s)),
        (text) => {
          assert.equal(plain(text), text);
        },
      ),
    );
  });

  it('reads any text without throwing; without a placeholder the text never grows (property)', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('$', '{', '}', '1', ':', '|', ',', '/', '\\', 'a', ' ') }),
        (text) => {
          const result = plain(text);
          assert.equal(typeof result, 'string');
          // Without a placeholder (no ':' and no '|'), nothing is added: tab stops and escapes only take away.
          if (!/[:|]/.test(text)) {
            assert.ok(result.length <= text.length, `${JSON.stringify(text)} gave ${JSON.stringify(result)}`);
          }
        },
      ),
    );
  });
});
