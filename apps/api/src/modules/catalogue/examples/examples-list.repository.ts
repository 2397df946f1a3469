import type { FormulaQuery, SearchQuery } from '@exemplar/shared/search';
import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { Engine } from '../../../db/database';
import type { Database } from '../../../db/schema';
import { ftsHits, ftsMatch, relevance, tsMatch } from './example-search.repository';
import { marked, selection, solvedWithoutHelp, withSubject } from './examples.repository';

type Db = Kysely<Database>;

/**
 * The list's filters as the queries below read them: the parsed query (ExamplesFilterQuerySchema)
 * after examples.filter.ts has resolved it (names to ids, subject and category to the category ids
 * they cover, words to a parsed search query, liked/solved to booleans for a signed-in viewer).
 */
export interface ExampleFilter {
  /** The categories a subject and/or category filter leave (a category with its descendants). */
  categoryIds?: number[];
  difficultyId?: number;
  typeId?: number;
  /** The search, parsed (@exemplar/shared/search): stems, synonyms and typos resolved. */
  search?: SearchQuery;
  /**
   * The formulas of the search, by structure (ADR 050). With one, the examples are those whose
   * formulas share enough of its structure, and the search's words (if any) rank them, not filter:
   * such a list is made in memory (formula-lists.ts), never by the queries below.
   */
  formula?: FormulaQuery;
  /** Which examples by status: published ones (the default), drafts, or all (editors only). */
  status?: 'published' | 'draft' | 'all';
  /** The signed-in caller, whose likes and solved marks the liked/solved filters read. */
  viewerId?: number;
  liked?: boolean;
  solved?: boolean;
  /** true: solved by a checked answer before any help; false: not (unsolved, by hand, or helped). */
  withoutHelp?: boolean;
}

/** Whether the filter reads the viewer's own marks (then its rows and counts are theirs alone). */
export const readsMarks = (f: { liked?: unknown; solved?: unknown; withoutHelp?: unknown }) =>
  f.liked !== undefined || f.solved !== undefined || f.withoutHelp !== undefined;

export interface ExamplePageRequest {
  /** Keyset paging (browse order, by id) ... */
  afterId?: number;
  /** ... or offset paging (search order, by relevance). */
  offset?: number;
  limit: number;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
function applyFilter<Q extends SelectQueryBuilder<any, any, any>>(
  query: Q,
  engine: Engine,
  f: ExampleFilter,
  ftsJoined = false,
): Q {
  if (f.formula) throw new Error('A formula search is listed by formula-lists.ts, not in SQL.');
  let q = query;
  const status = f.status ?? 'published';
  if (status !== 'all') q = q.where('e.status', '=', status) as Q;
  // Through the category ids, so that counting needs no join with categories.
  if (f.categoryIds !== undefined) {
    // An unknown category (or a subject without categories) covers none: nothing matches.
    q = (
      f.categoryIds.length ? q.where('e.category_id', 'in', f.categoryIds) : q.where(sql.lit(false))
    ) as Q;
  }
  if (f.difficultyId !== undefined) q = q.where('e.difficulty_id', '=', f.difficultyId) as Q;
  if (f.typeId !== undefined) q = q.where('e.type_id', '=', f.typeId) as Q;
  if (f.viewerId !== undefined) {
    for (const [flag, table] of [
      [f.liked, 'likes'],
      [f.solved, 'solved_marks'],
    ] as const) {
      if (flag === undefined) continue;
      // Marked: start from the caller's marks (an index look-up), not from every example.
      q = (
        flag
          ? q.where(
              'e.id',
              'in',
              sql<number>`(select example_id from ${sql.table(table)} where user_id = ${f.viewerId})`,
            )
          : q.where(sql<boolean>`not ${marked(table, f.viewerId)}`)
      ) as Q;
    }
    if (f.withoutHelp !== undefined) {
      q = (
        f.withoutHelp
          ? q.where(
              'e.id',
              'in',
              sql<number>`(select example_id from solved_marks where user_id = ${f.viewerId} and how = 'without-help')`,
            )
          : q.where(sql<boolean>`not ${solvedWithoutHelp(f.viewerId)}`)
      ) as Q;
    }
  }
  // The search on SQLite: findExamples joins the FTS matches (it needs their scores);
  // counting and random picks filter by them here.
  if (f.search && !ftsJoined) {
    const few = withinFewCategories(f);
    q = (
      engine === 'postgres'
        ? q.where(
            few
              ? sql<boolean>`(e.search @@ to_tsquery('simple', ${tsMatch(f.search)})) is true`
              : sql<boolean>`e.search @@ to_tsquery('simple', ${tsMatch(f.search)})`,
          )
        : q.where(
            few ? sql<number>`+e.id` : 'e.id',
            'in',
            sql<number>`(select rowid from examples_fts where examples_fts match ${ftsMatch(f.search)})`,
          )
    ) as Q;
  }
  return q;
}

/** Categories few enough that their examples are best read first, then checked one by one. */
const FEW_CATEGORIES = 20;

/**
 * Whether a search's filter is within a few categories (a category and its subcategories). Then
 * its examples are read off the category index and each checked against the search (`+e.id` keeps
 * SQLite from probing that index once per match of the words, `is true` keeps PostgreSQL from
 * reading the words' whole posting lists in the full-text index): at 100,000 examples a common
 * word's count within one category took 15 ms probing on SQLite and 2 ms this way, 5 ms and 1 ms
 * on PostgreSQL. Over more categories, or the whole catalogue, the full-text index goes first.
 */
const withinFewCategories = (f: ExampleFilter) =>
  f.categoryIds !== undefined && f.categoryIds.length <= FEW_CATEGORIES;

export async function findExamples(
  db: Db,
  engine: Engine,
  f: ExampleFilter,
  page: ExamplePageRequest,
) {
  const search = f.search;
  const ftsJoined = !!search && engine === 'sqlite';
  let query = withSubject(db).select(selection(f.viewerId));
  if (ftsJoined) {
    query = query.innerJoin(ftsHits(search), 'hits.id', 'e.id') as unknown as typeof query;
  }
  query = applyFilter(query, engine, f, ftsJoined);
  // Relevance first, then catalogue order.
  if (search) query = query.orderBy(relevance(engine, f));
  if (page.afterId !== undefined) query = query.where('e.id', '>', page.afterId);
  query = query.orderBy('e.id').limit(page.limit);
  if (page.offset) query = query.offset(page.offset);
  return query.execute();
}

/** Where a listed example stands: 1-based position and its neighbours in the list's order. */
export interface ExamplePlace {
  position: number;
  previousId: number | null;
  nextId: number | null;
}

/**
 * Example `id`'s place in the list `f` gives, in the list's own order; undefined when the filters
 * leave it out (or it does not exist). Browsing (ordered by id), everything is keyset work on the
 * indexes the list uses: the count of listed ids below it, the greatest listed id below and the
 * least above. Searching, the order is by relevance, which no index holds, so the matches are
 * numbered with window functions, as the list itself has to sort all of them.
 */
export async function examplePlace(
  db: Db,
  engine: Engine,
  f: ExampleFilter,
  id: number,
): Promise<ExamplePlace | undefined> {
  if (f.search) {
    const ftsJoined = engine === 'sqlite';
    const order = sql`order by ${relevance(engine, f)}, e.id`;
    let numbered = db
      .selectFrom('examples as e')
      .select([
        'e.id',
        sql<number>`row_number() over (${order})`.as('position'),
        sql<number | null>`lag(e.id) over (${order})`.as('previous_id'),
        sql<number | null>`lead(e.id) over (${order})`.as('next_id'),
      ]);
    if (ftsJoined) {
      numbered = numbered.innerJoin(
        ftsHits(f.search!),
        'hits.id',
        'e.id',
      ) as unknown as typeof numbered;
    }
    numbered = applyFilter(numbered, engine, f, ftsJoined);
    const row = await db
      .selectFrom(numbered.as('n'))
      .selectAll()
      .where('n.id', '=', id)
      .executeTakeFirst();
    return row && place(row);
  }
  // Every filter reads examples alone (no join), as countExamples does. Kysely brackets each
  // embedded select.
  const listed = () => applyFilter(db.selectFrom('examples as e'), engine, f);
  const { rows } = await sql<{
    listed: unknown;
    position: number | string;
    previous_id: number | null;
    next_id: number | null;
  }>`select
      exists ${listed().select('e.id').where('e.id', '=', id)} as listed,
      ${listed()
        .select((eb) => eb.fn.countAll().as('n'))
        .where('e.id', '<=', id)} as position,
      ${listed().select('e.id').where('e.id', '<', id).orderBy('e.id', 'desc').limit(1)} as previous_id,
      ${listed().select('e.id').where('e.id', '>', id).orderBy('e.id').limit(1)} as next_id`.execute(
    db,
  );
  const row = rows[0];
  // SQLite answers exists() with 0/1, PostgreSQL with a boolean.
  return row && Boolean(row.listed) ? place(row) : undefined;
}

/** PostgreSQL answers counts (bigint) as text. */
const place = (row: {
  position: number | string;
  previous_id: number | null;
  next_id: number | null;
}): ExamplePlace => ({
  position: Number(row.position),
  previousId: row.previous_id,
  nextId: row.next_id,
});

/**
 * The id at `offset` (0-based) among the examples `f` matches, in whatever order the engine reads
 * them cheapest (no ORDER BY: SQLite counts off a covering index instead of the table). Each
 * matching example is at exactly one offset, so a uniformly random offset is a uniform pick.
 */
export async function exampleIdAt(
  db: Db,
  engine: Engine,
  f: ExampleFilter,
  offset: number,
): Promise<number | undefined> {
  const row = await applyFilter(db.selectFrom('examples as e').select('e.id'), engine, f)
    .limit(1)
    .offset(offset)
    .executeTakeFirst();
  return row?.id;
}

/**
 * The ids of every example `f` matches, in id order (the same on both engines, whatever the
 * search's relevance): what a worksheet draws from. Ids only, off the same indexes as the count.
 */
export async function filteredIds(db: Db, engine: Engine, f: ExampleFilter): Promise<number[]> {
  const rows = await applyFilter(db.selectFrom('examples as e').select('e.id'), engine, f)
    .orderBy('e.id')
    .execute();
  return rows.map((r) => r.id);
}

export async function countExamples(db: Db, engine: Engine, f: ExampleFilter): Promise<number> {
  // Every filter reads examples alone: no join with categories, so an index can answer.
  const row = await applyFilter(
    db.selectFrom('examples as e').select((eb) => eb.fn.countAll<number>().as('n')),
    engine,
    f,
  ).executeTakeFirstOrThrow();
  return Number(row.n);
}
