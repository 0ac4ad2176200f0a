// The secret scan before a send, against the request it guards: the scan of a typical 2 KB
// snippet and of 1 MB of code, each as a ratio of one PUT of a snippet of that size to the local
// server (no added latency, so the request is as fast as it gets). A 2 KB snippet's save starts
// its scan with its GET, so its goal is on what the scan adds to the save (secretScanSave.ts), and
// the scan alone is kept beside it as a reference. Then the longest stretch the extension host's
// thread is held while the 1 MB scan runs (the scan runs in a worker thread).
// The built-in rules, secretlint's and three server rules, as an administrator's scan has them.
// Then the scan measured like a scanner and what it costs a save (secretScanCorpus.ts).
import { BitbucketClient } from '../src/api/client';
import { compileServerRules } from '../src/model/secretScan/serverRuleData';
import { scanTexts } from '../src/model/secretScan/scanTexts';
import { disposeSecretScanWorkers, prepareSecretScan } from '../src/model/secretScan/scanWorkers';
import { against, HOLD_RATIO, holdGoal, median, ms, ratio, ratioGoal, startServerProcess, type Figure } from './lib';
import { heldMs, waitedMs } from './holds';
import { secretScanCorpusFigures, secretScanCostFigures } from './secretScanCorpus';
import { scanInSaveFigure } from './secretScanSave';

const SERVER_RULES = compileServerRules([
  { id: 1, name: 'Acme deploy key', lineRegex: 'ACME-DEPLOY-[0-9A-F]{24}' },
  { id: 2, name: 'Service account password', lineRegex: '(?i)svc_password\\s*[=:]\\s*\\S{8,}' },
  { id: 3, name: 'Java keystore', pathRegex: '.*\\.(jks|keystore)$' },
]).rules;

/** Code-like text of about `bytes`, without a secret: what most snippets are. */
function codeText(bytes: number): string {
  const lines = [
    'export async function retry<T>(work: () => Promise<T>, attempts = 3): Promise<T> {',
    '  for (let i = 0; ; i++) {',
    '    try { return await work(); } catch (err) { if (i + 1 >= attempts) throw err; }',
    '    await new Promise((resolve) => setTimeout(resolve, 2 ** i * 100)); // back off',
    '  }',
    '}',
    'const url = `https://api.example.com/v1/orders/${orderId}?expand=items`;',
    'logger.info("order %s shipped to %s", order.id, order.address.city);',
  ];
  const out: string[] = [];
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    const line = `${lines[i % lines.length]} // ${i.toString(16)}`;
    out.push(line);
    size += line.length + 1;
  }
  return out.join('\n');
}

export async function secretScanSection(samples = 5): Promise<Figure[]> {
  const server = await startServerProcess();
  const client = new BitbucketClient({
    baseUrl: server.url,
    credentials: () => ({ type: 'basic', username: 'alice', password: 'alice' }),
  });
  const section = 'Secret scan before a send (worker thread; Node)';
  try {
    const sizes = [
      { name: 'a typical 2 KB snippet', text: codeText(2 * 1024) },
      { name: '1 MB of code', text: codeText(1024 * 1024) },
    ];
    prepareSecretScan();
    // The worker started and warm, as after the first scan of a session.
    await scanTexts([{ label: 'warm.ts', text: codeText(64 * 1024) }], { serverRules: SERVER_RULES });
    const figures: Figure[] = [];
    for (const { name, text } of sizes) {
      const small = text.length < 64 * 1024;
      const snippet = await client.createSnippet({
        name: `bench ${name}`,
        files: [{ name: 'code.ts', content: text }],
      });
      const puts: number[] = [];
      const scans: number[] = [];
      // A 2 KB scan and its PUT take a millisecond or so: enough of them for a median the machine's noise does not move.
      const runs = small ? samples * 20 : samples;
      for (let i = 0; i < runs; i++) {
        const edited = `${text}\n// edit ${i}`;
        let t = performance.now();
        await client.updateSnippet(snippet.guid, {
          name: snippet.name,
          description: '',
          categories: [],
          files: [{ name: 'code.ts', content: edited }],
        });
        puts.push(performance.now() - t);
        t = performance.now();
        const result = await scanTexts(
          [
            { label: 'code.ts', text: edited },
            { label: 'bench snippet', text: snippet.name },
          ],
          { serverRules: SERVER_RULES },
        );
        scans.push(performance.now() - t);
        if (result.findings.length > 0) {
          throw new Error(`the bench's text should hold no secret, but ${result.findings[0].ruleId} found one`);
        }
      }
      const put = median(puts);
      const scan = median(scans);
      const method = `scanTexts with the built-in, secretlint's and 3 server rules, median of ${runs}, against BitbucketClient.updateSnippet of the same text to the local server (loopback, no added latency)`;
      // A small snippet's save does not wait for the whole scan (it starts with the GET): the goal is on what it adds, below.
      figures.push(
        small
          ? {
              section,
              name: `scan alone of ${name} (reference: the save waits only for what it adds)`,
              value: `${ms(scan)} vs one PUT of it ${ms(put)} = ${ratio(scan / put)}`,
              method,
              numbers: against(scan, put, 'ms'),
            }
          : {
              section,
              name: `scan of ${name}`,
              value: `${ms(scan)} vs one PUT of it ${ms(put)} = ${ratio(scan / put)}`,
              ...ratioGoal(scan, put, 0.5, 'the PUT it guards'),
              method,
              numbers: against(scan, put, 'ms', { maxRatio: 0.5 }),
            },
      );
      await client.deleteSnippet(snippet.guid);
      if (small) figures.push(await scanInSaveFigure(section, client, { name, text }, SERVER_RULES, samples * 30));
    }
    const stalls: number[] = [];
    for (let i = 0; i < samples; i++) {
      stalls.push(
        await heldMs(() => scanTexts([{ label: 'big.ts', text: sizes[1].text }], { serverRules: SERVER_RULES })),
      );
    }
    const idle: number[] = [];
    for (let i = 0; i < samples; i++) {
      idle.push(await waitedMs(() => new Promise((resolve) => setTimeout(resolve, 100))));
    }
    const stall = median(stalls);
    const baseline = median(idle);
    figures.push({
      section,
      name: "longest hold of the host's thread during a 1 MB scan",
      value: `${ms(stall)} vs ${ms(baseline)} with nothing running = ${ratio(stall / baseline)}`,
      ...holdGoal(stall, baseline),
      method: `the longest gap between 1 ms timer callbacks while the scan runs, median of ${samples}; baseline: the same while the thread waits 100 ms`,
      numbers: against(stall, baseline, 'ms', { maxRatio: HOLD_RATIO }),
    });
    figures.push(...(await secretScanCostFigures(section, client, samples)));
    figures.push(...(await secretScanCorpusFigures('Secret scan: recall and precision on the labelled corpus (Node)')));
    return figures;
  } finally {
    disposeSecretScanWorkers();
    await client.dispose();
    await server.stop();
  }
}
