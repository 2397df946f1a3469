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
import { orderMatches, scoreFormula, topScores } from './formula-scores';
import type { ExampleFilter } from './examples-list.repository';
import { readsMarks } from './examples-list.repository';
import { getExamples } from './examples.repository';

/** A filter with a formula search. */
export type FormulaFilter = ExampleFilter & { formula: FormulaQuery };

/** The structure weight (nodes) from which sharing a formula counts fully for "More like this". */
export const ALIKE_FULL_WEIGHT = 24;

/** How many example ids of postings are kept at most (4 bytes each): 32 MB. */
export const POSTINGS_KEPT_MAX = 8_000_000;

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
      // One removed since the list was made (a newer catalogue) is left out.
      return getExamples(db, ids, filter.viewerId, { drafts });
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
      const scores = scoreFormula(formula, await postingsOf(formula));
      const best = topScores(scores, formulaScore.threshold(formula), limit);
      const total = formulaScore.total(formula);
      // A small formula (`x = 3`, `47^\circ`) is held whole by most examples: it says little.
      const telling = Math.min(1, total / (ALIKE_FULL_WEIGHT * formulaScore.SCALE));
      return new Map(best.map(([id, score]) => [id, Math.min(1, score / total) * telling]));
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
