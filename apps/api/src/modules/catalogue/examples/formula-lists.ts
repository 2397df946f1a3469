// A formula search's list (ADR 050): every example holding enough of the query formula's
// structure, scored in memory over the token table's postings (each token's examples, read once
// per catalogue version), kept to what the list's other filters allow, in the list's order.
import type { ExamplePosition } from '@exemplar/shared/catalogue';
import type { FormulaQuery } from '@exemplar/shared/search';
import type { Kysely } from 'kysely';
import type { Engine } from '../../../db/database';
import type { Database } from '../../../db/schema';
import { remembered, versionedLru } from '../../../lib/versioned-lru';
import { formulaPostings, formulaScore, searchMatchIds } from './example-search.repository';
import type { ExampleFilter } from './examples-list.repository';
import { readsMarks } from './examples-list.repository';
import { getExamples } from './examples.repository';

/** A filter with a formula search. */
export type FormulaFilter = ExampleFilter & { formula: FormulaQuery };

/** The structure weight (nodes) from which sharing a formula counts fully for "More like this". */
export const ALIKE_FULL_WEIGHT = 24;

/** How many example ids of postings are kept at most (4 bytes each): 32 MB. */
export const POSTINGS_KEPT_MAX = 8_000_000;

/** Each example's score, by id (0 for one holding none of the tokens). */
export interface Scores {
  of(id: number): number;
}

/** The widest span of ids scored in an array (4 bytes each); a wider one is scored in a map. */
const ARRAY_SPAN_MAX = 4_000_000;

/** Scores in an array over a span of ids: read directly by orderMatches, without a call per id. */
class ArrayScores implements Scores {
  constructor(
    readonly sums: Int32Array,
    readonly min: number,
  ) {}
  of(id: number): number {
    const at = id - this.min;
    return at >= 0 && at < this.sums.length ? this.sums[at]! : 0;
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
  if (!weighted.length) return { of: () => 0 };
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
  return { of: (id) => sums.get(id) ?? 0 };
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
  const array = scores instanceof ArrayScores ? scores : undefined;
  for (let i = 0; i < candidates.length; i++) {
    const id = candidates[i]!;
    let score: number;
    if (array) {
      const at = id - array.min;
      score = at >= 0 && at < array.sums.length ? array.sums[at]! : 0;
    } else score = scores.of(id);
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
 * Formula searches' lists for the examples service: `filteredIds` gives the ids the list's other
 * filters allow (kept per filter and catalogue version, id-lists.ts). Each token's postings are
 * kept per catalogue version (at most POSTINGS_KEPT_MAX ids in all), and so is each filter's
 * ordered list unless it reads the caller's marks; without a catalogue version nothing is kept.
 */
export function formulaLists(
  db: Kysely<Database>,
  engine: Engine,
  catalogueVersion: (() => Promise<string>) | undefined,
  filteredIds: (filter: ExampleFilter) => Promise<number[]>,
) {
  const postings = versionedLru<Int32Array>({
    maxEntries: 100_000,
    maxTotalSize: POSTINGS_KEPT_MAX,
    sizeOf: (ids) => ids.length + 16,
  });
  const lists = versionedLru<Int32Array>({
    maxEntries: 500,
    maxTotalSize: 2_000_000,
    sizeOf: (ids) => ids.length + 16,
  });

  // Tokens being read, by version and token: requests arriving together share one read.
  const reading = new Map<string, Promise<Int32Array>>();

  async function postingsOf(formula: FormulaQuery): Promise<Map<string, Int32Array>> {
    const tokens = [...formula.tokens.map((t) => t.token), ...formula.numbers];
    if (!catalogueVersion) return formulaPostings(db, engine, tokens);
    const version = await catalogueVersion();
    const out = new Map<string, Int32Array>();
    const waits: Promise<void>[] = [];
    const missing: string[] = [];
    for (const token of tokens) {
      const kept = postings.get(token, version);
      const pending = reading.get(`${version}\0${token}`);
      if (kept) out.set(token, kept);
      else if (pending) waits.push(pending.then((ids) => void out.set(token, ids)));
      else missing.push(token);
    }
    if (missing.length) {
      const read = formulaPostings(db, engine, missing);
      for (const token of missing) {
        const key = `${version}\0${token}`;
        const ids = read.then((found) => found.get(token) ?? new Int32Array(0));
        reading.set(key, ids);
        waits.push(
          ids.then((list) => {
            // Filed under the version read before: a change meanwhile makes them a miss next time.
            postings.set(token, version, list);
            out.set(token, list);
          }),
        );
        void ids.then(
          () => reading.delete(key),
          () => reading.delete(key),
        );
      }
    }
    await Promise.all(waits);
    return out;
  }

  async function compute(filter: FormulaFilter): Promise<Int32Array> {
    const { formula, search, ...others } = filter;
    const [scores, candidates, boosted] = await Promise.all([
      postingsOf(formula).then((p) => scoreFormula(formula, p)),
      filteredIds(others),
      // The query's other words rank the matches holding them higher; they do not filter.
      search ? searchMatchIds(db, engine, search) : [],
    ]);
    return orderMatches(
      scores,
      formulaScore.threshold(formula),
      candidates,
      boosted,
      formulaScore.wordsBonus(formula),
    );
  }

  /** Every example the filter's formula search lists, in the list's order. */
  function ordered(filter: FormulaFilter): Promise<Int32Array> {
    if (!catalogueVersion || readsMarks(filter)) return compute(filter);
    return remembered(
      catalogueVersion,
      lists,
      JSON.stringify({ ...filter, viewerId: undefined }),
      () => compute(filter),
    );
  }

  return {
    /** The list's rows from `offset`, at most `limit`, in its order (with the viewer's marks). */
    async rows(filter: FormulaFilter, offset: number, limit: number) {
      const ids = [...(await ordered(filter)).subarray(offset, offset + limit)];
      const drafts = (filter.status ?? 'published') !== 'published';
      const rows = new Map(
        (await getExamples(db, ids, filter.viewerId, { drafts })).map((r) => [r.id, r]),
      );
      // One removed since the list was made (a newer catalogue) is left out.
      return ids.flatMap((id) => rows.get(id) ?? []);
    },
    async count(filter: FormulaFilter): Promise<number> {
      return (await ordered(filter)).length;
    },
    /** The id at 0-based `index` of the list, if any. */
    async idAt(filter: FormulaFilter, index: number): Promise<number | undefined> {
      return (await ordered(filter))[index];
    },
    /** Every listed id, ascending (what a worksheet draws from). */
    async ids(filter: FormulaFilter): Promise<number[]> {
      return [...(await ordered(filter))].sort((a, b) => a - b);
    },
    /**
     * The examples (any status) holding at least the match threshold of `formula`'s structure, the
     * `limit` that hold most, each with the share of the structure it holds (up to 1), less for
     * a formula of under ALIKE_FULL_WEIGHT nodes: what "More like this" weighs a formula by.
     */
    async alike(formula: FormulaQuery, limit: number): Promise<Map<number, number>> {
      const postings = await postingsOf(formula);
      const scores = scoreFormula(formula, postings);
      const threshold = formulaScore.threshold(formula);
      const held = new Set<number>();
      for (const ids of postings.values()) for (const id of ids) held.add(id);
      const best = [...held]
        .map((id) => ({ id, score: scores.of(id) }))
        .filter((c) => c.score >= threshold)
        .sort((a, b) => b.score - a.score || a.id - b.id)
        .slice(0, limit);
      const total = formulaScore.total(formula);
      // A small formula (`x = 3`, `47^\circ`) is held whole by most examples: it says little.
      const telling = Math.min(1, total / (ALIKE_FULL_WEIGHT * formulaScore.SCALE));
      return new Map(best.map((c) => [c.id, Math.min(1, c.score / total) * telling]));
    },
    /** `id`'s place in the list with its neighbours and the total; undefined when not listed. */
    async place(filter: FormulaFilter, id: number): Promise<ExamplePosition | undefined> {
      const list = await ordered(filter);
      const at = list.indexOf(id);
      if (at < 0) return undefined;
      return {
        position: at + 1,
        total: list.length,
        previousId: at > 0 ? list[at - 1]! : null,
        nextId: at + 1 < list.length ? list[at + 1]! : null,
      };
    },
  };
}

/** Whether a filter is a formula search. */
export const isFormulaFilter = (filter: ExampleFilter): filter is FormulaFilter =>
  filter.formula !== undefined;
