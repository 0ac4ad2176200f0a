// `npm run bench [-- --no-host] [-- --quick] [-- --only SECTION]`: prints a table of figures, each
// with its method, and writes them as JSON under bench-results/ (`--only`, for work on one
// section, writes bench-results/only-SECTION.json and leaves latest.json as the last full run).
// Not a test: nothing here passes or fails, goals are only marked met or missed. Loopback only;
// every loop is bounded; everything started is stopped.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { cleanUpAll, installCleanupHandlers } from '../test/harness/cleanup';
import { hostRun, type HostResult } from './hostBench';
import { holdFigure, type Hold } from './holds';
import { writeMemoryData } from './hostData';
import { firstSignInFigures, memoryFigures } from './hostFigures';
import { cacheSection } from './cacheBench';
import { buildExtension, type Layout } from './layouts';
import {
  absoluteTimeGoals,
  against,
  figureRecord,
  formatTable,
  goalRecord,
  measured,
  median,
  ms,
  ratio,
  ratioGoal,
  type Figure,
} from './lib';
import { completionSection, exportSection, overheadSection, scaleSection, sizeSection, treeSection } from './nodeBench';
import { searchSection } from './searchBench';
import { secretScanSection } from './secretScanBench';

const ROOT = path.resolve(__dirname, '..', '..');
const argv = process.argv.slice(2);
const args = new Set(argv);
const only = argv.includes('--only') ? argv[argv.indexOf('--only') + 1] : undefined;

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

/**
 * The sign-in runs' windows do not start VS Code's git extension: in a fresh window it scans the
 * opened folder (a git repository) for about half a second of the host's time, just when the first
 * requests are timed, and would be counted against whichever of them it happened to meet.
 */
const QUIET_WINDOW = { 'git.enabled': false };

async function hostSection(starts: number): Promise<{ figures: Figure[]; raw: unknown }> {
  const onDemand = await buildExtension('on-demand');
  const single = await buildExtension('single');
  const runs: Record<Layout, HostResult[]> = { 'on-demand': [], single: [] };
  // The layouts take turns, so that whatever else the machine does affects both alike.
  for (let i = 0; i < starts; i++) {
    for (const built of [onDemand, single]) {
      // Half the hosts make VS Code's bare first request before the extension's first sign-in, half after.
      // Profiled where the sign-in goes second: the figure of a first sign-in stays unprofiled.
      const profile =
        built.layout === 'on-demand' && i % 2 === 0
          ? path.join(ROOT, 'bench-results', `first-sign-in-${i + 1}.cpuprofile`)
          : undefined;
      if (profile) fs.mkdirSync(path.dirname(profile), { recursive: true });
      const r = await hostRun('activation', built.folder, { bareFirst: i % 2 === 0, profile, settings: QUIET_WINDOW });
      console.log(
        `  ${built.layout} start ${i + 1}/${starts}: load code ${r.codeLoadingMs} ms + activate() ${r.activateCallMs} ms; extension.activate() ${r.activationMs?.toFixed(1)} ms; settled in ${r.settleMs?.toFixed(0)} ms; first sign-in ${r.firstRequestMs?.toFixed(0)} ms (code ${r.signInCodeLoadMs?.toFixed(0)} ms), bare request ${r.bareRequestMs?.toFixed(0)} ms ${r.bareFirst ? 'before' : 'after'} it${r.wasActiveBefore ? ' (was already active)' : ''}${r.error ? ` ERROR ${r.error}` : ''}`,
      );
      runs[built.layout].push(r);
    }
  }
  const full = await hostRun('full', onDemand.folder);
  if (full.error) console.log(`  full run ERROR: ${full.error}`);
  const memory = await hostRun('memory', onDemand.folder, { dataFile: writeMemoryData() });
  if (memory.error) console.log(`  memory run ERROR: ${memory.error}`);
  const figures: Figure[] = [];
  const section = 'Activation (real extension host: code-server 1.100.3; bundles on demand vs one bundle, same run)';
  const cold = (layout: Layout) => runs[layout].filter((r) => !r.wasActiveBefore && r.error === undefined);
  const medianOf = (layout: Layout, pick: (r: HostResult) => number | undefined) => {
    const xs = cold(layout)
      .map(pick)
      .filter((x): x is number => x !== undefined);
    return { value: xs.length ? median(xs) : NaN, all: xs };
  };
  /** On demand against one bundle, the same measure in the same run; `maxRatio`: the goal, as a ratio of the one-bundle layout. */
  const compare = (name: string, pick: (r: HostResult) => number | undefined, method: string, maxRatio?: number) => {
    const a = medianOf('on-demand', pick);
    const b = medianOf('single', pick);
    figures.push({
      section,
      name,
      value: `${ms(a.value)} vs ${ms(b.value)} = ${ratio(a.value / b.value)} (medians of ${a.all.length}; ${a.all.map((x) => x.toFixed(0)).join(', ')} vs ${b.all.map((x) => x.toFixed(0)).join(', ')} ms)`,
      ...(maxRatio !== undefined ? ratioGoal(a.value, b.value, maxRatio, 'one bundle') : {}),
      method,
      numbers: against(a.value, b.value, 'ms', maxRatio !== undefined ? { maxRatio } : {}),
    });
  };
  const vscodeCount = (r: HostResult) =>
    r.codeLoadingMs === undefined || r.activateCallMs === undefined ? undefined : r.codeLoadingMs + r.activateCallMs;
  compare(
    'activation: load code + activate()',
    vscodeCount,
    'VS Code\'s own performance marks (whole ms) around loading dist/extension.js and calling activate(), the activation time "Show Running Extensions" reports; a fresh code-server + Chromium per start',
    0.5,
  );
  compare(
    '  of which loading the code',
    (r) => r.codeLoadingMs,
    'code/extHost/willLoadExtensionCode → didLoadExtensionCode',
  );
  compare(
    'extension.activate() seen by a caller',
    (r) => r.activationMs,
    "performance.now() around extension.activate() in another module of the host: adds VS Code's own set-up of the extension context (storage, secrets), the same for both layouts",
    0.75,
  );
  compare(
    'first use of the Snippets view (loads snippets.js)',
    (r) => r.firstViewMs,
    "the view's first getChildren right after activation, signed out (no request): on demand, it loads dist/snippets.js",
  );
  compare(
    "first request (sign-in through VS Code's network stack, loads api.js)",
    (r) => (r.bareFirst ? undefined : r.firstRequestMs),
    "the extension's sign-in after that: one GET, client and connection set-up, and, on demand, loading dist/api.js; Node's https module as VS Code patches it, no undici",
  );
  compare(
    'second sign-in (nothing left to load)',
    (r) => r.secondRequestMs,
    'the same sign-in again: a new client and connection, no code to load',
  );
  const transportSection = 'First sign-in by transport (real extension host, bundles on demand, same window)';
  const onDemandRuns = cold('on-demand');
  const med = (pick: (r: HostResult) => number | undefined) => {
    const xs = onDemandRuns.map(pick).filter((x): x is number => x !== undefined);
    return { value: xs.length ? median(xs) : NaN, all: xs };
  };
  const pair = (
    name: string,
    a: ReturnType<typeof med>,
    b: ReturnType<typeof med>,
    method: string,
    goal?: { maxRatio: number; of: string },
  ) =>
    figures.push({
      section: transportSection,
      name,
      value: `${ms(a.value)} vs ${ms(b.value)} = ${ratio(a.value / b.value)} (medians of ${a.all.length}; ${a.all.map((x) => x.toFixed(0)).join(', ')} vs ${b.all.map((x) => x.toFixed(0)).join(', ')} ms)`,
      ...(goal ? ratioGoal(a.value, b.value, goal.maxRatio, goal.of) : {}),
      method,
      numbers: against(a.value, b.value, 'ms', goal ? { maxRatio: goal.maxRatio } : {}),
    });
  const vscodeFirst = med((r) => (r.bareFirst ? undefined : r.firstRequestMs));
  pair(
    "first sign-in, VS Code's stack vs its second sign-in",
    vscodeFirst,
    med((r) => r.secondRequestMs),
    'the first pays for loading dist/api.js and the first connection; the second for a new client only',
    { maxRatio: 2, of: 'the second sign-in' },
  );
  pair(
    "first sign-in, VS Code's stack vs the bundled undici (the earlier transport)",
    vscodeFirst,
    med((r) => r.undiciFirstRequestMs),
    "then, in the same window, http.proxySupport off and the sign-in again: the undici wire's first sign-in loads dist/undici.js (api.js is already loaded, which favours undici)",
  );
  pair(
    "second sign-in, VS Code's stack vs undici",
    med((r) => r.secondRequestMs),
    med((r) => r.undiciSecondRequestMs),
    'both with their code loaded: the transports alone',
  );
  figures.push({
    section,
    name: 'code activation reads',
    value: `${kib(onDemand.bundles['extension.js'])} vs ${kib(single.bundles['extension.js'])} = ${ratio(onDemand.bundles['extension.js'] / single.bundles['extension.js'])}`,
    method: `production builds of both layouts (esbuild.js); on demand: ${Object.entries(onDemand.bundles)
      .map(([f, b]) => `${f} ${kib(b)}`)
      .join(', ')}`,
    numbers: against(
      onDemand.bundles['extension.js'],
      single.bundles['extension.js'],
      'bytes',
      {},
      Object.fromEntries(Object.entries(onDemand.bundles).map(([f, b]) => [f, { value: b, unit: 'bytes' as const }])),
    ),
  });
  figures.push(...firstSignInFigures(onDemandRuns), ...memoryFigures(memory));
  const fp = full.firstPage as { bareMs: number; storeMs: number; treeMs: number; samples: number } | undefined;
  if (fp) {
    const section = 'First page of the tree (real extension host)';
    figures.push({
      section,
      name: 'My Snippets through the tree provider',
      value: `${ms(fp.treeMs)} vs bare GET ${ms(fp.bareMs)} = ${ratio(fp.treeMs / fp.bareMs)}`,
      goal: '≤ 1.30×',
      met: fp.treeMs / fp.bareMs <= 1.3,
      method: `getChildren(My Snippets root) of the real tree provider after the store was cleared vs one undici GET from the same host, +100 ms latency, median of ${fp.samples}`,
      numbers: against(fp.treeMs, fp.bareMs, 'ms', { maxRatio: 1.3 }),
    });
    figures.push({
      section,
      name: 'My Snippets through the store',
      value: `${ms(fp.storeMs)} = ${ratio(fp.storeMs / fp.bareMs)}`,
      goal: '≤ 1.30×',
      met: fp.storeMs / fp.bareMs <= 1.3,
      method: "the extension's own SnippetStore.refresh('mine')",
      numbers: against(fp.storeMs, fp.bareMs, 'ms', { maxRatio: 1.3 }),
    });
  }
  const cached = full.cachedFirstPage as { cachedMs: number; bareMs: number; samples: number } | undefined;
  if (cached) {
    figures.push({
      section: 'First page of the tree (real extension host)',
      name: 'My Snippets from the offline cache (new window)',
      value: `${ms(cached.cachedMs)} vs bare GET ${ms(cached.bareMs)} = ${ratio(cached.cachedMs / cached.bareMs)}`,
      ...ratioGoal(cached.cachedMs, cached.bareMs, 0.5, 'one bare GET'),
      method: `getChildren(My Snippets root) of the real tree provider with an empty store and a new SnippetCache reading its file (as a new window does), vs one undici GET, +100 ms latency, median of ${cached.samples}; the cache is off for the figures above`,
      numbers: against(cached.cachedMs, cached.bareMs, 'ms', { maxRatio: 0.5 }),
    });
  }
  const pr = full.parallelRoots as { oneRootMs: number; fourRootsMs: number; samples: number } | undefined;
  if (pr) {
    figures.push({
      section: 'First page of the tree (real extension host)',
      name: 'four roots together vs one',
      value: `${ms(pr.fourRootsMs)} vs ${ms(pr.oneRootMs)} = ${ratio(pr.fourRootsMs / pr.oneRootMs)}`,
      goal: '≤ 1.30×',
      met: pr.fourRootsMs / pr.oneRootMs <= 1.3,
      method: `getChildren of My Snippets, Starred, Browse and a category root at once vs My Snippets alone, +100 ms latency, median of ${pr.samples}`,
      numbers: against(pr.fourRootsMs, pr.oneRootMs, 'ms', { maxRatio: 1.3 }),
    });
  }
  const idle = full.idleHold as Hold | undefined;
  if (idle) {
    const holdSection = "Longest hold of the extension host's thread (real extension host)";
    const actionsHeld = (full.holds ?? {}) as Record<string, Hold>;
    if (full.treeHold) {
      figures.push(
        holdFigure(
          holdSection,
          'My Snippets first page (tree provider, cache off)',
          full.treeHold as Hold,
          idle,
          'getChildren of My Snippets with an empty store, +100 ms latency: one page parsed, checked and made into rows',
        ),
      );
    }
    if (full.cachedTreeHold) {
      figures.push(
        holdFigure(
          holdSection,
          'My Snippets first rows from the offline cache (new window)',
          full.cachedTreeHold as Hold,
          idle,
          'getChildren of My Snippets with a new SnippetCache reading its file, as a new window does, a line at a time',
        ),
      );
    }
    for (const [action, hold] of Object.entries(actionsHeld)) {
      if (hold) {
        figures.push(
          holdFigure(
            holdSection,
            action,
            hold,
            idle,
            'the action of the same name in the request table below, as the real extension does it (commands, file system provider, settings panel controller)',
          ),
        );
      }
    }
  }
  const requests = full.requests as Record<string, string[]> | undefined;
  if (requests) {
    const atOpen = full.panelRowsAtOpen as { refs: number; hooks: number } | undefined;
    const openRows = atOpen ? atOpen.refs + atOpen.hooks : NaN;
    const minimum: Record<string, [number, string]> = {
      openFileFromTree: [0, 'the listing already carried the file'],
      openFileNotLoaded: [1, 'GET of the snippet (no file endpoint)'],
      firstEdit: [
        2,
        "the server's secret-scanning rules and allowlist, read once a session ahead of the first save (for alice, who may not read them, each answers 401 once)",
      ],
      saveFile: [
        2,
        'a GET of the snippet as the server has it now, then one PUT of the whole snippet (a PUT replaces it whole: a file changed elsewhere meanwhile is kept)',
      ],
      createFromSelection: [1, 'one POST'],
      createFromSelectionWithDetails: [2, 'POST takes only name and files, so description and categories need a PUT'],
      addComment: [1, 'one POST'],
      openSettingsPanel: [
        openRows,
        'one GET per listed ref (the clone has 32; 25 listed at first) and per hook (no bulk endpoint)',
      ],
      addRefToPanel: [1, 'a branch of the clone: the GET of its Pages state'],
      addServerRefToPanel: [
        2,
        "a tag the clone lacks: a look-up on the server (the Pages app answers 'not published' for any name), then the GET of its Pages state",
      ],
      toggleRef: [1, 'one PUT or DELETE'],
    };
    for (const [action, sent] of Object.entries(requests)) {
      const [min, why] = minimum[action] ?? [NaN, ''];
      const extra = sent.length - min;
      figures.push({
        section: 'Requests per user action (real extension host, server request log)',
        name: action,
        value: `${sent.length} (minimum ${Number.isNaN(min) ? '?' : min}${extra > 0 ? `, ${extra} extra` : ''})`,
        method: `${sent.join(', ') || 'no request'} — minimum: ${why}`,
        numbers: against(sent.length, min, 'requests'),
      });
    }
  }
  return { figures, raw: { runs, full, memory } };
}

async function main(): Promise<void> {
  installCleanupHandlers();
  const started = Date.now();
  const figures: Figure[] = [];
  const raw: Record<string, unknown> = {};
  const section = async (name: string, work: () => Promise<Figure[] | { figures: Figure[]; raw: unknown }>) => {
    if (only !== undefined && only !== name) return;
    console.log(`${name}…`);
    try {
      const result = await work();
      if (Array.isArray(result)) figures.push(...result);
      else {
        figures.push(...result.figures);
        raw[name] = result.raw;
      }
    } catch (err) {
      console.error(`  ${name} failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
      figures.push({
        section: name,
        name: 'failed',
        value: '-',
        method: err instanceof Error ? err.message : String(err),
        numbers: measured(NaN, 'none'),
      });
    }
  };
  await section('size', sizeSection);
  await section('tree', () => treeSection(args.has('--quick') ? 5 : 9));
  await section('scale', scaleSection);
  await section('overhead', () => overheadSection(1000));
  await section('export', exportSection);
  await section('completion', completionSection);
  await section('cache', () => cacheSection(args.has('--quick') ? 3 : 7));
  await section('search', () => searchSection(args.has('--quick') ? 2 : 3));
  await section('secret scan', () => secretScanSection(args.has('--quick') ? 3 : 5));
  if (!args.has('--no-host')) await section('host', () => hostSection(args.has('--quick') ? 2 : 7));

  const table = formatTable(figures);
  console.log(table);
  const dir = path.join(ROOT, 'bench-results');
  fs.mkdirSync(dir, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  // Every goal on a time is a ratio to a baseline of the same run (bench/lib.ts ratioGoal): one that is not is named.
  for (const absolute of absoluteTimeGoals(figures)) {
    console.warn(`a goal in milliseconds, not a ratio of this run: ${absolute}`);
  }
  const goals = figures.filter((f) => f.goal !== undefined).map(goalRecord);
  const met = goals.filter((g) => g.met).length;
  console.log(
    `\ngoals: ${met} of ${goals.length} met${
      met < goals.length
        ? `; missed: ${goals
            .filter((g) => !g.met)
            .map((g) => g.name)
            .join('; ')}`
        : ''
    }`,
  );
  const json = JSON.stringify(
    {
      at: new Date().toISOString(),
      node: process.version,
      cpus: (await import('node:os')).cpus().length,
      seconds: (Date.now() - started) / 1000,
      goals,
      figures: figures.map(figureRecord),
      raw,
    },
    null,
    2,
  );
  const file = only !== undefined ? `only-${only.replace(/[^a-z]+/gi, '-')}.json` : `bench-${stamp}.json`;
  fs.writeFileSync(path.join(dir, file), json);
  if (only === undefined) fs.writeFileSync(path.join(dir, 'latest.json'), json);
  console.log(
    `\nwritten: bench-results/${file}${only === undefined ? ' (and latest.json)' : ''}, ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
  await cleanUpAll();
  process.exit(0);
}

main().catch(async (err: unknown) => {
  console.error('bench crashed:', err);
  await cleanUpAll();
  process.exit(1);
});
