// "More like this" (ADR 051): the published examples most like one, scored by related-score.ts
// over the candidates related.repository.ts finds, kept per example and catalogue version.
import type { Example } from '@exemplar/shared/catalogue';
import {
  formulaQuery,
  formulasOf,
  type FormulaQuery,
  type SearchVocabulary,
} from '@exemplar/shared/search';
import type { Kysely } from 'kysely';
import { notFound } from '../../../lib/errors';
import { remembered, versionedLru } from '../../../lib/versioned-lru';
import type { Engine } from '../../../db/database';
import type { Database } from '../../../db/schema';
import { toExample } from './examples.presenter';
import * as repo from './examples.repository';
import { relatedScore, weightedWords } from './related-score';
import {
  CANDIDATES_MAX,
  isIndexedWord,
  relatedCandidates,
  relatedSource,
  type RelatedRow,
} from './related.repository';

/** The most examples "More like this" lists. */
export const RELATED_MAX = 5;
/** The most distinct stems of an example's question and names its candidates are found by. */
const RELATED_TERMS_MAX = 30;
/**
 * The most postings (for each stem, the examples holding it, summed) the word candidates are
 * found by. The index reads every example holding a stem it is asked for, so a list asked by
 * common stems read most of the catalogue: on a large one the rarest stems only are asked.
 */
export const RELATED_POSTINGS_MAX = 2_000;

/**
 * The stems of `row`'s question and names its word candidates are found by: the rarest first (a
 * rare stem says most, and reads least), at most RELATED_TERMS_MAX, while the examples holding
 * them add up to at most RELATED_POSTINGS_MAX.
 */
export function candidateTerms(row: RelatedRow, vocabulary: SearchVocabulary): string[] {
  const stems = [...new Set(`${row.search_question} ${row.search_names}`.split(' '))]
    .filter(isIndexedWord)
    .map((stem) => ({ stem, count: vocabulary.count(stem) }))
    .sort((a, b) => a.count - b.count || (a.stem < b.stem ? -1 : 1));
  const terms: string[] = [];
  let postings = 0;
  for (const { stem, count } of stems) {
    if (terms.length === RELATED_TERMS_MAX || postings + count > RELATED_POSTINGS_MAX) break;
    terms.push(stem);
    postings += count;
  }
  return terms;
}

/**
 * The examples holding enough of a formula's structure, the best `limit`, each with the share it
 * holds (formula-lists.ts `alike`).
 */
export type AlikeFinder = (formula: FormulaQuery, limit: number) => Promise<Map<number, number>>;

/** The examples most like example `id`, best first, ties by id (none when it does not exist). */
async function findRelated(
  db: Kysely<Database>,
  engine: Engine,
  id: number,
  vocabularyNow: () => Promise<SearchVocabulary>,
  alikeOf: AlikeFinder,
): Promise<Example[]> {
  const row = await relatedSource(db, id);
  if (!row) return [];
  const vocabulary = await vocabularyNow();
  // The question's formulas: the examples holding most of their structure are candidates too.
  const formula = formulaQuery(formulasOf(row.question));
  const shares = formula ? await alikeOf(formula, CANDIDATES_MAX) : new Map<number, number>();
  const candidates = await relatedCandidates(db, engine, row, candidateTerms(row, vocabulary), [
    ...shares.keys(),
  ]);
  const source = { row, words: weightedWords(row) };
  const ranked = candidates
    .map((c) => ({
      id: c.id,
      score: relatedScore(
        source,
        { row: c, words: weightedWords(c), formulaShare: shares.get(c.id) },
        vocabulary,
      ),
    }))
    .filter((c) => c.score > 0)
    .sort((a, b) => b.score - a.score || a.id - b.id)
    .slice(0, RELATED_MAX);
  return (
    await repo.getExamples(
      db,
      ranked.map((c) => c.id),
    )
  ).map((r) => toExample(r));
}

/**
 * "More like this" for the service: up to RELATED_MAX published examples most like example `id`
 * (the same category, the structure of the question's formulas and the words of their search
 * documents, related-score.ts), ties by id; the
 * same for every caller, so kept per example and catalogue version (when there is one). 404 when
 * the caller may not see `id` (a draft, unless `editor`).
 */
export function relatedFinder(
  db: Kysely<Database>,
  engine: Engine,
  vocabularyNow: () => Promise<SearchVocabulary>,
  alikeOf: AlikeFinder,
  catalogueVersion?: () => Promise<string>,
) {
  const lists = versionedLru<Example[]>({ maxEntries: 5000 });
  return async (id: number, editor = false): Promise<Example[]> => {
    if (!(await repo.exampleExists(db, id, { drafts: editor }))) {
      throw notFound(`Example ${id} not found.`);
    }
    const find = () => findRelated(db, engine, id, vocabularyNow, alikeOf);
    return catalogueVersion ? remembered(catalogueVersion, lists, String(id), find) : find();
  };
}
