// The secret scan measured like a scanner, for the bench: recall and precision on the labelled
// corpus the rules were tuned on and on the held-out one they were not (test/unit/secretScan/corpus),
// overall and per rule; the time the rules take over 1 MB of text; and what the scan adds to the
// save of a 100 KB file, against the same save with the scan off.
import type { BitbucketClient } from '../src/api/client';
import { BUILTIN_RULES } from '../src/model/secretScan/builtinRules';
import { scanTexts } from '../src/model/secretScan/scanTexts';
import { TextScan } from '../src/model/secretScan/textScan';
import { heldOutCorpus, tunedCorpus } from '../test/unit/secretScan/corpus/corpus';
import { measure, type CorpusFigures } from '../test/unit/secretScan/corpus/measure';
import { against, measured, median, ms, ratio, type Figure } from './lib';

const pct = (x: number) => `${(100 * x).toFixed(1)} %`;
/** The first few of a list, for a table's cell (every rule's figure is in the JSON). */
const listed = (items: string[], most = 6) =>
  items.length === 0
    ? 'none'
    : `${items.slice(0, most).join(', ')}${items.length > most ? ` and ${items.length - most} more` : ''}`;

function corpusFigures(
  section: string,
  name: string,
  f: CorpusFigures,
  goals: { recall: number; falsePositives: number },
  printRules: boolean,
): Figure[] {
  const met = f.recall >= goals.recall && f.falsePositiveRate <= goals.falsePositives;
  const figures: Figure[] = [
    {
      section,
      name: `${name}: recall, look-alikes flagged, precision`,
      value: `recall ${pct(f.recall)} (${f.found}/${f.secrets}; on the secret's line: ${pct(f.foundOnLine / f.secrets)}), flagged ${pct(f.falsePositiveRate)} (${f.lookAlikesFlagged}/${f.lookAlikes}), precision ${pct(f.precision)} (${f.trueFindings}/${f.findings})`,
      goal: `recall ≥ ${pct(goals.recall)}, flagged ≤ ${pct(goals.falsePositives)}`,
      met,
      method:
        'each sample through TextScan (own and library rules); a secret counts as found only at its exact place and mask; a look-alike counts as flagged if any rule finds anything in it',
      numbers: measured(f.recall, 'ratio', {
        falsePositiveRate: { value: f.falsePositiveRate, unit: 'ratio' },
        precision: { value: f.precision, unit: 'ratio' },
      }),
    },
  ];
  if (printRules) {
    const rules = [...f.byRule.entries()];
    const short = (id: string) =>
      id.replace('bitbucket-snippets/', '').replace('@secretlint/secretlint-rule-', 'secretlint/');
    const below = rules
      .filter(([, r]) => r.found < r.secrets || r.wrongConfidence > 0)
      .map(
        ([id, r]) =>
          `${short(id)} ${r.found}/${r.secrets}${r.wrongConfidence ? ` (${r.wrongConfidence} other confidence)` : ''}`,
      );
    const noisy = rules.filter(([, r]) => r.falseFindings > 0).map(([id, r]) => `${short(id)} ${r.falseFindings}`);
    figures.push({
      section,
      name: `${name}, per rule`,
      value: `${rules.filter(([, r]) => r.secrets > 0 && r.found === r.secrets).length} of ${rules.filter(([, r]) => r.secrets > 0).length} kinds all found; below: ${listed(below)}; false findings: ${listed(noisy)}`,
      method:
        'found of the samples of each kind; false: findings of a rule that are no secret (every rule, in bench-results JSON)',
      numbers: measured(
        NaN,
        'none',
        Object.fromEntries(
          rules.map(([id, r]) => [
            short(id),
            { value: r.secrets > 0 ? r.found / r.secrets : -r.falseFindings, unit: 'ratio' as const },
          ]),
        ),
      ),
    });
  }
  return figures;
}

/** Code and configuration without a secret, of about `bytes`. */
export function mixedText(bytes: number): string {
  const lines = [
    'export async function load(id: string): Promise<Order> { return repo.find(id); }',
    'DB_HOST=db.internal',
    'password: ${DB_PASSWORD}',
    'token_url: https://login.example.com/oauth2/token',
    '  "integrity": "sha512-Zm9vYmFyYmF6cXV4Zm9vYmFyYmF6cXV4Zm9vYmFyYmF6cXV4Zm9vYmFyYmF6cXV4",',
    'commit 8f14e45fceea167a5a36dedd4bea2543b4e2c9a1',
    'logger.info("user %s logged in from %s", user.id, request.ip);',
  ];
  const out: string[] = [];
  for (let size = 0, i = 0; size < bytes; i++) {
    const line = `${lines[i % lines.length]} // ${i}`;
    out.push(line);
    size += line.length + 1;
  }
  return out.join('\n');
}

export async function secretScanCorpusFigures(section: string): Promise<Figure[]> {
  const tuned = await measure(tunedCorpus());
  const heldOut = await measure(heldOutCorpus());
  return [
    ...corpusFigures(section, 'tuned corpus', tuned, { recall: 0.95, falsePositives: 0.03 }, true),
    ...corpusFigures(section, 'held-out corpus (not tuned on)', heldOut, { recall: 0.9, falsePositives: 0.05 }, false),
  ];
}

export async function secretScanCostFigures(
  section: string,
  client: BitbucketClient,
  samples: number,
): Promise<Figure[]> {
  const figures: Figure[] = [];
  const mb = mixedText(1024 * 1024);
  const own: number[] = [];
  const all: number[] = [];
  for (let i = 0; i < samples; i++) {
    const text = `${mb}\n// ${i}`;
    let t = performance.now();
    for (const rule of BUILTIN_RULES) rule.find(text);
    own.push(performance.now() - t);
    t = performance.now();
    await new TextScan({ label: 'big.ts', text }, new Set()).builtinAndLibraryFindings();
    all.push(performance.now() - t);
  }
  figures.push({
    section,
    name: 'rules over 1 MB of text',
    value: `own rules ${ms(median(own))}, own and library ${ms(median(all))}`,
    method: `the ${BUILTIN_RULES.length} own rules' find(), then TextScan (own and secretlint's), in this thread, over 1 MB of code and configuration without a secret, median of ${samples}`,
    numbers: measured(median(all), 'ms', { ownRules: { value: median(own), unit: 'ms' } }),
  });

  // A save as the extension does it: the scan of the file (in the worker), then the fresh GET and the PUT.
  const content = mixedText(100 * 1024);
  const snippet = await client.createSnippet({ name: 'bench save 100 KB', files: [{ name: 'config.ts', content }] });
  try {
    const save = async (i: number, scan: boolean) => {
      const edited = `${content}\n// save ${i}`;
      const t = performance.now();
      if (scan) await scanTexts([{ label: 'config.ts', text: edited, previous: content }]);
      const current = await client.getSnippet(snippet.guid);
      await client.updateSnippet(snippet.guid, {
        name: current.name,
        description: current.description ?? '',
        categories: [],
        files: [{ name: 'config.ts', content: edited }],
      });
      return performance.now() - t;
    };
    const off: number[] = [];
    const on: number[] = [];
    for (let i = 0; i < samples * 2; i++) {
      off.push(await save(i, false));
      on.push(await save(i, true));
    }
    const [withScan, without] = [median(on), median(off)];
    figures.push({
      section,
      name: 'save of a 100 KB file, scan on vs off',
      value: `${ms(withScan)} vs ${ms(without)} = ${ratio(withScan / without)} (the scan: ${ms(withScan - without)})`,
      method: `scanTexts of the file (worker thread, own and library rules, with the server's version), GET and PUT of the snippet to the local server, vs the GET and PUT alone; alternating, median of ${samples * 2}`,
      numbers: against(withScan, without, 'ms'),
    });
  } finally {
    await client.deleteSnippet(snippet.guid);
  }
  return figures;
}
