/**
 * A small seeded pseudo-random generator (mulberry32), so the demo data is the
 * same on every run for the same seed: tests and screenshots can rely on it.
 * Never for anything secret.
 */
export type Random = {
  /** A float in [0, 1). */
  next(): number;
  /** An unsigned 32-bit integer. */
  nextUint32(): number;
  /** An integer in [min, max], both included. */
  int(min: number, max: number): number;
  /** A float in [min, max). */
  between(min: number, max: number): number;
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  pickWeighted<T>(items: readonly T[], weight: (item: T) => number): T;
  /** Up to `count` distinct items, in random order. */
  sample<T>(items: readonly T[], count: number): T[];
  shuffle<T>(items: readonly T[]): T[];
  /** A version-4-shaped UUID whose random bits come from this generator. */
  uuid(): string;
  /** An independent generator seeded from this one. */
  fork(): Random;
};

export function createRandom(seed: number): Random {
  let state = seed >>> 0;

  function nextUint32(): number {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  }

  const next = () => nextUint32() / 4_294_967_296;
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));

  function pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('Cannot pick from an empty list');
    return items[Math.floor(next() * items.length)] as T;
  }

  function pickWeighted<T>(items: readonly T[], weight: (item: T) => number): T {
    const total = items.reduce((sum, item) => sum + weight(item), 0);
    if (!(total > 0)) throw new RangeError('Cannot pick from weights that sum to nothing');
    let remaining = next() * total;
    for (const item of items) {
      remaining -= weight(item);
      if (remaining < 0) return item;
    }
    // Floating-point rounding can leave a sliver past the last item.
    return items[items.length - 1] as T;
  }

  function shuffle<T>(items: readonly T[]): T[] {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i -= 1) {
      const j = int(0, i);
      [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
    }
    return copy;
  }

  function uuid(): string {
    const hex = [nextUint32(), nextUint32(), nextUint32(), nextUint32()]
      .map((word) => word.toString(16).padStart(8, '0'))
      .join('');
    const variant = ((Number.parseInt(hex.charAt(16), 16) & 0x3) | 0x8).toString(16);
    return [
      hex.slice(0, 8),
      hex.slice(8, 12),
      `4${hex.slice(13, 16)}`,
      `${variant}${hex.slice(17, 20)}`,
      hex.slice(20, 32),
    ].join('-');
  }

  return {
    next,
    nextUint32,
    int,
    between: (min, max) => min + next() * (max - min),
    chance: (probability) => next() < probability,
    pick,
    pickWeighted,
    sample: (items, count) => shuffle(items).slice(0, count),
    shuffle,
    uuid,
    fork: () => createRandom(nextUint32()),
  };
}
