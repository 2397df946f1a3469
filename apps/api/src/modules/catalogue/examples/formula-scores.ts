// How a formula search scores and orders examples in memory (ADR 050): sums of the query's token
// weights over their postings, the matches in the list's order, the best few. Used by
// formula-lists.ts, which reads and keeps the postings.
import type { FormulaQuery } from '@exemplar/shared/search';
import { formulaScore } from './example-search.repository';

/** The widest span of ids scored in an array (4 bytes each); a wider one is scored in a map. */
const ARRAY_SPAN_MAX = 4_000_000;

/** Scores in an array over a span of ids. */
export class ArrayScores {
  constructor(
    readonly sums: Int32Array,
    readonly min: number,
  ) {}
  of(id: number): number {
    const at = id - this.min;
    return at >= 0 && at < this.sums.length ? this.sums[at]! : 0;
  }
}

/** Scores in a map, for ids spread too widely for an array. */
export class MapScores {
  constructor(readonly sums: Map<number, number>) {}
  of(id: number): number {
    return this.sums.get(id) ?? 0;
  }
}

/**
 * The scores of `formula` over its tokens' postings: each structure token's weight (times SCALE)
 * and 1 per number an example holds, summed, in an array over the postings' span of ids.
 */
export function scoreFormula(
  formula: FormulaQuery,
  postings: ReadonlyMap<string, Int32Array>,
): Scores {
  const weighted: [Int32Array, number][] = [];
  const add = (token: string, weight: number) => {
    const ids = postings.get(token);
    if (ids?.length) weighted.push([ids, weight]);
  };
  for (const t of formula.tokens) add(t.token, t.weight * formulaScore.SCALE);
  for (const n of formula.numbers) add(n, 1);
  if (!weighted.length) return new MapScores(new Map());
  let min = Infinity;
  let max = -Infinity;
  for (const [ids] of weighted) {
    min = Math.min(min, ids[0]!);
    max = Math.max(max, ids[ids.length - 1]!);
  }
  if (max - min < ARRAY_SPAN_MAX) {
    const sums = new Int32Array(max - min + 1);
    for (const [ids, weight] of weighted) {
      // Indexed, not for…of: this loop runs once per posting (800,000 for a common shape).
      for (let i = 0; i < ids.length; i++) {
        const at = ids[i]! - min;
        sums[at] = sums[at]! + weight;
      }
    }
    return new ArrayScores(sums, min);
  }
  const sums = new Map<number, number>();
  for (const [ids, weight] of weighted) {
    for (const id of ids) sums.set(id, (sums.get(id) ?? 0) + weight);
  }
  return new MapScores(sums);
}

/**
 * The list of `candidates` (ascending ids: what the other filters allow) that `scores` matches
 * (at least the threshold), in the list's order: score (plus `bonus` for the ids in `boosted`)
 * highest first, then id. Scores take few values: the matches are counted per score and placed.
 */
export function orderMatches(
  scores: Scores,
  threshold: number,
  candidates: readonly number[],
  boosted: readonly number[] = [],
  bonus = 0,
): Int32Array {
  const boostedSet = boosted.length ? new Set(boosted) : undefined;
  const ids = new Int32Array(candidates.length);
  const ranks = new Int32Array(candidates.length);
  let found = 0;
  for (let i = 0; i < candidates.length; i++) {
    const id = candidates[i]!;
    const score = scores.of(id);
    if (score < threshold) continue;
    ids[found] = id;
    ranks[found] = boostedSet?.has(id) ? score + bonus : score;
    found++;
  }
  // Scores take few values: each match's bucket (its score's place among them, highest first),
  // looked up once per run of equal scores.
  const distinct = [...new Set(ranks.subarray(0, found))].sort((a, b) => b - a);
  const bucketOf = new Map(distinct.map((rank, b) => [rank, b]));
  const buckets = new Int32Array(found);
  const starts = new Int32Array(distinct.length + 1);
  let lastRank = NaN;
  let lastBucket = 0;
  for (let i = 0; i < found; i++) {
    if (ranks[i] !== lastRank) {
      lastRank = ranks[i]!;
      lastBucket = bucketOf.get(lastRank)!;
    }
    buckets[i] = lastBucket;
    starts[lastBucket + 1]!++;
  }
  for (let b = 1; b < starts.length; b++) starts[b] = starts[b]! + starts[b - 1]!;
  // Placed in candidate order, so each score's ids stay ascending.
  const out = new Int32Array(found);
  for (let i = 0; i < found; i++) out[starts[buckets[i]!]!++] = ids[i]!;
  return out;
}

/**
 * The `limit` ids scoring most, at least `threshold`, highest first, then by id. Over an array of
 * scores, without a list of every match: a common shape is matched by most of the catalogue, and
 * "More like this" asks for it on every example page drawn for the first time.
 */
export function topScores(scores: Scores, threshold: number, limit: number): [number, number][] {
  if (!(scores instanceof ArrayScores)) {
    return [...scores.sums]
      .filter(([, score]) => score >= threshold)
      .sort((a, b) => b[1] - a[1] || a[0] - b[0])
      .slice(0, limit);
  }
  const { sums, min } = scores;
  // How many ids score each value: few values, so the cut-off is found without sorting ids.
  const counts = new Map<number, number>();
  for (let at = 0; at < sums.length; at++) {
    const score = sums[at]!;
    if (score >= threshold) counts.set(score, (counts.get(score) ?? 0) + 1);
  }
  let cutoff = threshold;
  let above = 0;
  for (const score of [...counts.keys()].sort((a, b) => b - a)) {
    cutoff = score;
    above += counts.get(score)!;
    if (above >= limit) break;
  }
  const out: [number, number][] = [];
  for (let at = 0; at < sums.length; at++) {
    if (sums[at]! >= cutoff) out.push([at + min, sums[at]!]);
  }
  return out.sort((a, b) => b[1] - a[1] || a[0] - b[0]).slice(0, limit);
}

/** Each example's score, by id (0 for one holding none of the tokens). */
export type Scores = ArrayScores | MapScores;
