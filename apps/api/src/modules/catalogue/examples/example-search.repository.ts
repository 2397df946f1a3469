// Example search's storage and queries (ADR 049): each example's search document, written here
// whenever what it is made of changes; the stems indexed (the typo vocabulary); and a parsed query
// as each engine's full-text syntax. SQLite indexes the document in examples_fts (FTS5), PostgreSQL
// in the generated tsvector examples.search ('simple' configuration): the same tokens on both.
import {
  searchDocument,
  searchVocabulary,
  type SearchPlace,
  type SearchQuery,
  type SearchTerm,
  type SearchVocabulary,
} from '@exemplar/shared/search';
import { sql, type Kysely } from 'kysely';
import type { Engine } from '../../../db/database';
import type { Database } from '../../../db/schema';

type Db = Kysely<Database>;

/** The most stems kept for typo correction (the most common ones). */
export const VOCABULARY_MAX = 50_000;

/** The examples whose documents to write again: these, those in these categories, or all. */
export type SearchRefresh = { ids: number[] } | { categoryIds: number[] } | 'all';

const BATCH = 500;

/** Every category's place: its own, its ancestors' and its subject's names and descriptions. */
async function categoryPlaces(db: Db): Promise<Map<number, SearchPlace>> {
  const [categories, subjects] = await Promise.all([
    db
      .selectFrom('categories')
      .select(['id', 'parent_id', 'subject_id', 'name', 'description'])
      .execute(),
    db.selectFrom('subjects').select(['id', 'name', 'description']).execute(),
  ]);
  const byId = new Map(categories.map((c) => [c.id, c]));
  const subjectById = new Map(subjects.map((s) => [s.id, s]));
  const places = new Map<number, SearchPlace>();
  for (const category of categories) {
    const place: SearchPlace = { names: [], descriptions: [] };
    const seen = new Set<number>();
    for (let c = byId.get(category.id); c && !seen.has(c.id); c = byId.get(c.parent_id ?? -1)) {
      seen.add(c.id);
      place.names.push(c.name);
      place.descriptions.push(c.description);
    }
    const subject = subjectById.get(category.subject_id);
    if (subject) {
      place.names.push(subject.name);
      place.descriptions.push(subject.description);
    }
    places.set(category.id, place);
  }
  return places;
}

/**
 * Writes the search documents of the examples `which` picks, from their text and their category's
 * place as they are now: after an example is saved or imported, after a category or subject is
 * renamed, described or moved, and for every example when the documents' make-up changes.
 */
export async function refreshSearchDocuments(db: Db, which: SearchRefresh): Promise<void> {
  if (which !== 'all' && Object.values(which)[0]!.length === 0) return;
  const places = await categoryPlaces(db);
  // Given ids are taken BATCH at a time (an import's may be more than a statement can bind);
  // otherwise every matching example, BATCH at a time in id order.
  const ids = which !== 'all' && 'ids' in which ? [...which.ids].sort((a, b) => a - b) : undefined;
  let after = 0;
  for (let start = 0; ; start += BATCH) {
    let query = db
      .selectFrom('examples')
      .select(['id', 'question', 'answer', 'procedure', 'category_id']);
    if (ids) query = query.where('id', 'in', ids.slice(start, start + BATCH));
    else {
      query = query.where('id', '>', after).limit(BATCH);
      if (which !== 'all' && 'categoryIds' in which) {
        query = query.where('category_id', 'in', which.categoryIds);
      }
    }
    const rows = await query.orderBy('id').execute();
    for (const row of rows) {
      const place = places.get(row.category_id) ?? { names: [], descriptions: [] };
      const doc = searchDocument(row, place);
      await db
        .updateTable('examples')
        .set({
          search_question: doc.question,
          search_names: doc.names,
          search_answer: doc.answer,
          search_rest: doc.rest,
        })
        .where('id', '=', row.id)
        .execute();
    }
    if (ids ? start + BATCH >= ids.length : rows.length < BATCH) return;
    after = rows.at(-1)?.id ?? after;
  }
}

/** The stems indexed, with how many examples hold each: the VOCABULARY_MAX most common. */
export async function readVocabulary(db: Db, engine: Engine): Promise<SearchVocabulary> {
  const { rows } =
    engine === 'postgres'
      ? await sql<{ term: string; n: number | string }>`
          select word as term, ndoc as n from ts_stat('select search from examples')
          order by ndoc desc, word limit ${VOCABULARY_MAX}`.execute(db)
      : await sql<{ term: string; n: number }>`
          select term, doc as n from examples_fts_vocab
          order by doc desc, term limit ${VOCABULARY_MAX}`.execute(db);
  return searchVocabulary(rows.map((r) => [r.term, Number(r.n)]));
}

// Tokens hold letters and digits only (@exemplar/shared/search), so they can be quoted as they are.
const ftsTerm = (t: SearchTerm) => `"${t.words.join(' ')}"${t.prefix ? '*' : ''}`;
const tsTerm = (t: SearchTerm) =>
  t.prefix ? `${t.words[0]}:*` : t.words.length > 1 ? `(${t.words.join(' <-> ')})` : t.words[0]!;

/** The query as an FTS5 MATCH expression: every group, each any of its terms. */
export const ftsMatch = (q: SearchQuery) =>
  q.groups.map((g) => `(${g.map(ftsTerm).join(' OR ')})`).join(' AND ');

/** The query as a PostgreSQL tsquery (to_tsquery('simple', …)). */
export const tsMatch = (q: SearchQuery) =>
  q.groups.map((g) => `(${g.map(tsTerm).join(' | ')})`).join(' & ');

/** The query's own words (two or more) in a row in the question or the names (FTS5), or null. */
export const ftsPhrase = (q: SearchQuery) =>
  q.words.length > 1 ? `{search_question search_names} : "${q.words.join(' ')}"` : null;

/** The same as a tsquery: the words in a row, each of weight A or B. */
export const tsPhrase = (q: SearchQuery) =>
  q.words.length > 1 ? q.words.map((w) => `${w}:AB`).join(' <-> ') : null;

/**
 * What PostgreSQL ranks the matches by: any of the query's own words or of its single-word
 * alternatives. ts_rank reads a phrase as its words apart, so a synonym phrase the learner did not
 * type ("area under the curve" for "integral") would rank by its common words alone.
 */
export const tsRankTerms = (q: SearchQuery) => {
  const terms = new Set(q.words);
  for (const group of q.groups) {
    for (const t of group) if (t.words.length === 1) terms.add(tsTerm(t));
  }
  return [...terms].join(' | ');
};
