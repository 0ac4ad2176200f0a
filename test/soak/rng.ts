// A small seeded random number generator (mulberry32), so a soak run with the same seed makes the
// same choices. Timing on a busy machine still decides how two users interleave.

export class Rng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A number in [0, 1). */
  next(): number {
    let t = (this.state = (this.state + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** A whole number in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(this.next() * items.length)];
  }

  /** A key chosen with the given weights; keys with weight 0 are never chosen. */
  weighted<K extends string>(weights: Record<K, number>): K {
    const entries = Object.entries(weights) as Array<[K, number]>;
    const total = entries.reduce((sum, [, w]) => sum + Math.max(0, w), 0);
    let x = this.next() * total;
    for (const [key, w] of entries) {
      if (w <= 0) continue;
      x -= w;
      if (x < 0) return key;
    }
    return entries.filter(([, w]) => w > 0).slice(-1)[0][0];
  }

  /** A new generator whose sequence depends on this one's seed and `salt`. */
  fork(salt: number): Rng {
    return new Rng((this.state ^ Math.imul(salt + 1, 0x9e3779b1)) >>> 0);
  }
}
