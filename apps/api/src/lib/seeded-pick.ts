import { createHash } from 'node:crypto';

/**
 * A pseudo-random sequence decided by `seed` alone: sfc32 (a small, fast generator that passes
 * PractRand) started from the SHA-256 of the seed, so seeds that differ in one character start
 * far apart. The same seed gives the same numbers on every machine and Node version.
 */
function seededRandom(seed: string): () => number {
  const digest = createHash('sha256').update(seed, 'utf8').digest();
  let a = digest.readUInt32LE(0);
  let b = digest.readUInt32LE(4);
  let c = digest.readUInt32LE(8);
  let d = digest.readUInt32LE(12);
  const next = () => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return t >>> 0;
  };
  // The first outputs still echo the digest: discard them, as sfc32's authors do.
  for (let i = 0; i < 12; i++) next();
  /** A whole number from 0 to 2^32 - 1. */
  return next;
}

/**
 * `count` of `items` (all of them when there are fewer) in the order `seed` decides: the first
 * `count` steps of a Fisher–Yates shuffle, with the swapped places kept in a map, so the cost is
 * O(count) whatever the length and `items` is not changed. Each ordered choice is equally likely
 * (up to the bias of mapping 32 bits onto a range, below 2^-11 for a million items).
 */
export function seededPick<T>(items: readonly T[], count: number, seed: string): T[] {
  const random = seededRandom(seed);
  const n = items.length;
  const take = Math.min(count, n);
  const moved = new Map<number, number>();
  const at = (i: number) => moved.get(i) ?? i;
  const picked: T[] = [];
  for (let i = 0; i < take; i++) {
    const j = i + Math.floor((random() / 2 ** 32) * (n - i));
    const chosen = at(j);
    moved.set(j, at(i));
    picked.push(items[chosen]!);
  }
  return picked;
}
