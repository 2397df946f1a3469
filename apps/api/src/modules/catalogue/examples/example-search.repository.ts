// Example search's queries (ADR 049): the stems indexed (the typo vocabulary), a parsed query as
// each engine's full-text syntax, and a formula's tokens' postings in example_formula_tokens (ADR
// 050; scored in formula-lists.ts). SQLite indexes each example's search document (written by
// db/search-documents.ts) in examples_fts (FTS5), PostgreSQL in the generated tsvector
// examples.search ('simple' configuration): the same tokens on both.
import {
  searchVocabulary,
  type FormulaQuery,
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

/**
 * How a formula search scores an example: the weights of the query's structure tokens it holds
 * (each the size of its subtree, times 1000), plus 1 for each of the query's numbers it is written
 * with, which can only break ties. An example is a match when it holds at least MIN_SHARE of the
 * structure's weight.
 */
export const formulaScore = {
  SCALE: 1000,
  MIN_SHARE: 0.3,
  total: (f: FormulaQuery) => f.tokens.reduce((a, t) => a + t.weight, 0) * formulaScore.SCALE,
  /** The least score of a match. */
  threshold: (f: FormulaQuery) => Math.ceil(formulaScore.total(f) * formulaScore.MIN_SHARE),
  /** What the query's other words add when the example holds them: a third of the structure. */
  wordsBonus: (f: FormulaQuery) => Math.round(formulaScore.total(f) / 3),
};

/**
 * Each token's postings: the ids of the examples holding it, ascending (the table's key is
 * (token, example_id), so each token's ids are one range of it). Read as one text per token, which
 * is far cheaper than a row per id for a token 100,000 examples hold.
 */
export async function formulaPostings(
  db: Db,
  engine: Engine,
  tokens: string[],
): Promise<Map<string, Int32Array>> {
  const out = new Map<string, Int32Array>();
  if (tokens.length === 0) return out;
  const ids =
    engine === 'postgres'
      ? sql<string>`string_agg(example_id::text, ',' order by example_id)`
      : sql<string>`group_concat(example_id)`;
  const { rows } = await sql<{ token: string; ids: string }>`
    select token, ${ids} as ids from example_formula_tokens
    where token in (${sql.join(tokens)}) group by token`.execute(db);
  for (const row of rows) {
    const list = Int32Array.from(row.ids.split(','), Number);
    // SQLite reads them in key order; sorted here all the same, as group_concat promises no order.
    for (let i = 1; i < list.length; i++) {
      if (list[i]! < list[i - 1]!) {
        list.sort();
        break;
      }
    }
    out.set(row.token, list);
  }
  return out;
}

/** The ids of the examples (any status) whose search document matches `search`, ascending. */
export async function searchMatchIds(
  db: Db,
  engine: Engine,
  search: SearchQuery,
): Promise<number[]> {
  const { rows } =
    engine === 'postgres'
      ? await sql<{ id: number }>`select id from examples
          where search @@ to_tsquery('simple', ${tsMatch(search)}) order by id`.execute(db)
      : await sql<{ id: number }>`select rowid as id from examples_fts
          where examples_fts match ${ftsMatch(search)} order by rowid`.execute(db);
  return rows.map((r) => Number(r.id));
}

/**
 * Text holding `term` (a stem) as a word of a published example: up to five examples' question,
 * category name and description, answer and procedure, to read the word as written from. The one
 * read of another module's table (categories, owned by catalogue) here: read-only.
 */
export async function textsHolding(db: Db, engine: Engine, term: string): Promise<string[]> {
  if (!/^[a-z0-9]+$/.test(term)) return [];
  const rows = await db
    .selectFrom('examples as e')
    .innerJoin('categories as c', 'c.id', 'e.category_id')
    .select(['e.question', 'c.name', 'c.description', 'e.answer', 'e.procedure'])
    .where('e.status', '=', 'published')
    .where(
      engine === 'postgres'
        ? sql<boolean>`e.search @@ to_tsquery('simple', ${term})`
        : sql<boolean>`e.id in (select rowid from examples_fts where examples_fts match ${`"${term}"`})`,
    )
    .orderBy('e.id')
    .limit(5)
    .execute();
  return rows.flatMap((r) => [r.question, r.name, r.description, r.answer, r.procedure ?? '']);
}

/**
 * SQLite's full-text matches, each scored once by FTS5: bm25 with the question weighing most, then
 * the names, the answer and the rest; an example holding the query's words in a row in its
 * question or names comes before every other (1000 below any bm25 score). Scoring inside ORDER BY
 * with a correlated sub-select ran a full-text query per matching row: 64 s at 100,000 examples.
 */
export const ftsHits = (search: SearchQuery) => {
  const phrase = ftsPhrase(search);
  const boost = phrase
    ? sql`case when rowid in (select rowid from examples_fts where examples_fts match ${phrase}) then 1000.0 else 0.0 end`
    : sql`0.0`;
  return sql<{ id: number; score: number }>`(
    select rowid as id, bm25(examples_fts, 10.0, 6.0, 3.0, 1.0) - ${boost} as score
    from examples_fts where examples_fts match ${ftsMatch(search)}
  )`.as('hits');
};

/**
 * The list's order when searching, before catalogue order (id) breaks ties: relevance, as the
 * joined FTS score on SQLite (lower is better) or, on PostgreSQL, the query's words in a row in the
 * question or names first, then ts_rank (weights A to D as the document's fields). The list and an
 * example's position both order by it, so they can never disagree.
 */
export const relevance = (engine: Engine, f: { search?: SearchQuery }) => {
  const search = f.search!;
  if (engine === 'sqlite') return sql`hits.score`;
  const phrase = tsPhrase(search);
  const rank = sql`ts_rank(e.search, to_tsquery('simple', ${tsRankTerms(search)})) desc`;
  return phrase ? sql`(e.search @@ to_tsquery('simple', ${phrase})) desc, ${rank}` : rank;
};
