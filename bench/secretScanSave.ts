// What the secret scan adds to a save, as the user waits for it: saves of one file of a snippet
// through the snippet core's one read-modify-write (SnippetWrites.update: the fresh GET, the check,
// the PUT) against the bench's local server, with the check the secret gate makes (the scan started
// on the store's copy with the GET, taken by the save's check when nothing changed) and with no
// check at all, alternating; the difference of the medians, against one PUT of it. Beside it, the
// same scan started only once the GET answered, as saves did before.
import type { BitbucketClient } from '../src/api/client';
import type { Snippet } from '../src/api/types';
import { loadScanRunner } from '../src/model/secretScan/gate/scanRunner';
import { ScansAhead, type ScanInputs } from '../src/model/secretScan/gate/scansAhead';
import type { ServerRule } from '../src/model/secretScan/serverRuleData';
import { withFileContent } from '../src/model/snippets/edits';
import type { Outgoing, OutgoingCheck } from '../src/model/snippets/outgoing';
import { SnippetService } from '../src/model/snippets/service';
import { against, median, ms, ratio, ratioGoal, type Figure } from './lib';

/** The goal: what the scan adds to a save, at most this share of the PUT it guards. */
const MAX_ADDED = 0.5;

export async function scanInSaveFigure(
  section: string,
  client: BitbucketClient,
  what: { name: string; text: string },
  serverRules: readonly ServerRule[],
  pairs: number,
): Promise<Figure> {
  const runner = loadScanRunner();
  let scanned = 0;
  const scans = new ScansAhead((inputs, signal) => {
    scanned++;
    return runner.scan(inputs.texts, { ...inputs, ...(signal ? { signal } : {}) });
  });
  let scanOn = false;
  const inputsOf = (outgoing: Outgoing): ScanInputs => ({
    texts: outgoing.texts,
    serverRules,
    allowlist: [],
    ignoredRuleIds: [],
  });
  // As the secret gate checks a save (src/editor/secretScan/secretGate.ts), with no dialog: the text holds no secret.
  const check: OutgoingCheck = Object.assign(
    async (outgoing: Outgoing) => {
      if (!scanOn) return;
      const result = await scans.scan(inputsOf(outgoing));
      if (result.findings.length > 0) {
        throw new Error(`the bench's text should hold no secret (${result.findings[0].ruleId})`);
      }
    },
    { ahead: (outgoing: Outgoing) => (scanOn ? scans.start(inputsOf(outgoing)) : () => undefined) },
  );
  const puts: number[] = [];
  const timed = {
    get baseUrl() {
      return client.baseUrl;
    },
    getSnippet: (guid: string) => client.getSnippet(guid),
    updateSnippet: async (...args: Parameters<BitbucketClient['updateSnippet']>) => {
      const t = performance.now();
      const updated = await client.updateSnippet(...args);
      puts.push(performance.now() - t);
      return updated;
    },
  } as unknown as BitbucketClient;
  const created: Snippet = await client.createSnippet({
    name: `bench save ${what.name}`,
    files: [{ name: 'code.ts', content: what.text }],
  });
  const service = new SnippetService(
    () => timed,
    () => 25,
    { checkOutgoing: check },
  );
  try {
    service.reset({ username: 'alice', userId: created.userId });
    service.store.put(created);
    type Mode = 'ahead' | 'after' | 'off';
    const save = async (i: number, mode: Mode) => {
      scanOn = mode !== 'off';
      const edited = `${what.text}\n// save ${i}`;
      const build = (fresh: Snippet) => withFileContent(fresh, 'code.ts', edited);
      const t = performance.now();
      // 'after': the scan waits for the GET, as before saves started it ahead.
      await service.writes.update(created.guid, build, mode === 'ahead' ? { expected: build } : {});
      return performance.now() - t;
    };
    const modes: Mode[] = ['ahead', 'after', 'off'];
    // Warm: the worker waiting, the connection open, every path run.
    for (let i = 0; i < 6; i++) await save(-1 - i, modes[i % 3]);
    const took: Record<Mode, number[]> = { ahead: [], after: [], off: [] };
    const putsOff: number[] = [];
    let scansAhead = 0;
    for (let i = 0; i < pairs; i++) {
      // Alternating, and which goes first too, so that no side has the machine's quiet moments.
      for (const [k, mode] of [...modes.slice(i % 3), ...modes.slice(0, i % 3)].entries()) {
        puts.length = 0;
        const before = scanned;
        took[mode].push(await save(i * 3 + k, mode));
        if (mode === 'ahead') scansAhead += scanned - before;
        if (mode === 'off') putsOff.push(...puts);
      }
    }
    const [withScan, without, put] = [median(took.ahead), median(took.off), median(putsOff)];
    const added = withScan - without;
    const addedAfter = median(took.after) - without;
    const perSave = scansAhead / pairs;
    return {
      section,
      name: `what the scan adds to the save of ${what.name}`,
      value: `${ms(added)} (save ${ms(withScan)} with the scan, ${ms(without)} without) vs one PUT of it ${ms(put)} = ${ratio(added / put)}; ${perSave.toFixed(2)} scans per save; started after the GET instead, as before: ${ms(addedAfter)}`,
      ...ratioGoal(added, put, MAX_ADDED, 'the PUT it guards'),
      method: `SnippetWrites.update (fresh GET, check, PUT) of one edited file to the local server (loopback, no added latency), the check as the secret gate makes it (the scan in its worker started on the store's copy with the GET, built-in, secretlint's and ${serverRules.length} server rules) vs the scan started after the GET vs no check; ${pairs} of each, alternating; median with the scan minus median without, against the median PUT of the saves without`,
      numbers: against(
        added,
        put,
        'ms',
        { maxRatio: MAX_ADDED },
        {
          saveWithScan: { value: withScan, unit: 'ms' },
          saveWithout: { value: without, unit: 'ms' },
          scansPerSave: { value: perSave, unit: 'none' },
          addedWhenTheScanWaitsForTheGet: { value: addedAfter, unit: 'ms' },
        },
      ),
    };
  } finally {
    await client.deleteSnippet(created.guid);
  }
}
