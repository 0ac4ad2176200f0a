// Property tests (fast-check) run from one fixed seed, so a run of the suite on CI is the same run
// every time: a property that fails, fails on every machine, and one that passes cannot turn red
// on the next landing because a new random value came up. To look further, run with
// BBS_PROPERTY_SEED=random (each run new values, the seed printed on failure) or a number to
// replay one; a counterexample found that way becomes an `examples` entry of its test.
import fc from 'fast-check';

const FIXED_SEED = 20261127;

const asked = process.env.BBS_PROPERTY_SEED;
if (asked !== 'random') {
  const seed = asked === undefined || asked === '' ? FIXED_SEED : Number(asked);
  if (!Number.isSafeInteger(seed)) {
    throw new Error(`BBS_PROPERTY_SEED must be an integer or "random", not ${JSON.stringify(asked)}`);
  }
  fc.configureGlobal({ ...fc.readConfigureGlobal(), seed });
}
