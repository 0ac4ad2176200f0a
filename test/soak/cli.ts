// `npm run soak [-- --seconds N --ops N --seed N --workers N]`: a longer soak than the one in
// `npm test`, on loopback only, bounded by time and operation count. Exits 1 on any mismatch.
import { formatReport, runSoak } from './soak';

function option(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  if (i < 0) return fallback;
  const value = Number(process.argv[i + 1]);
  if (!Number.isFinite(value) || value <= 0) {
    console.error(`--${name} needs a positive number`);
    process.exit(2);
  }
  return value;
}

async function main(): Promise<void> {
  const seconds = option('seconds', 120);
  const ops = option('ops', 20_000);
  const seed = option('seed', Date.now() % 1_000_000);
  const workersPerUser = option('workers', 2);
  console.log(
    `soak: alice and bob, ${workersPerUser} workers each, up to ${seconds} s or ${ops} operations, seed ${seed}`,
  );
  // A hard stop well after the planned end, in case something hangs.
  const watchdog = setTimeout(
    () => {
      console.error('soak: did not finish in time; stopping.');
      process.exit(1);
    },
    (seconds + 120) * 1000,
  );
  watchdog.unref();
  const report = await runSoak({
    seed,
    durationMs: seconds * 1000,
    maxOps: ops,
    workersPerUser,
    log: (l) => console.log(l),
  });
  for (const line of formatReport(report)) console.log(line);
  const failed = report.mismatches.length > 0;
  console.log(
    failed
      ? `SOAK FAILED: ${report.mismatches.length} mismatches`
      : `SOAK PASSED: ${report.operations} operations, ${report.faultsTotal} faults, 0 mismatches`,
  );
  process.exit(failed ? 1 : 0);
}

main().catch((err: unknown) => {
  console.error('soak: crashed:', err);
  process.exit(1);
});
