import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { Engine } from '../../db/database';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

export interface ExampleFilter {
  subjectId?: number;
  /** A category and all its descendants, as `subtreeIds` lists them. */
  categoryIds?: number[];
  difficultyId?: number;
  typeId?: number;
  /** Search terms, already reduced to letters and digits; each must prefix-match a word. */
  terms?: string[];
  /** The signed-in caller, whose likes and solved marks the liked/solved filters read. */
  viewerId?: number;
  liked?: boolean;
  solved?: boolean;
}

export interface ExamplePageRequest {
  /** Keyset paging (browse order, by id) ... */
  afterId?: number;
  /** ... or offset paging (search order, by relevance). */
  offset?: number;
  limit: number;
}

const columns = [
  'e.id',
  'e.question',
  'e.answer',
  'e.procedure',
  'e.difficulty_id',
  'e.type_id',
  'e.category_id',
  'c.subject_id',
  'e.created_at',
  'e.updated_at',
] as const;

/**
 * A category and all its descendants. Listed first, in their own query, so that the planner sees
 * the actual ids: from a recursive sub-select PostgreSQL guessed 900 categories and read a quarter
 * of all examples through the difficulty index instead (93 ms at 100,000 examples).
 */
export async function subtreeIds(db: Db, categoryId: number): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`
    with recursive subtree(id) as (
      select id from categories where id = ${categoryId}
      union all
      select c.id from categories c join subtree s on c.parent_id = s.id
    )
    select id from subtree`.execute(db);
  return rows.map((r) => r.id);
}

const marked = (table: 'likes' | 'solved_marks', viewerId: number) =>
  sql<boolean>`exists (select 1 from ${sql.table(table)} m where m.user_id = ${viewerId} and m.example_id = e.id)`;

/** The columns, plus `liked` and `solved` for a signed-in viewer. */
function selection(viewerId: number | undefined) {
  return viewerId === undefined
    ? columns
    : ([
        ...columns,
        marked('likes', viewerId).as('liked'),
        marked('solved_marks', viewerId).as('solved'),
      ] as const);
}

const ftsQuery = (terms: string[]) => terms.map((t) => `"${t}"*`).join(' ');
const tsQuery = (terms: string[]) => terms.map((t) => `${t}:*`).join(' & ');

// eslint-disable-next-line @typescript-eslint/no-explicit-any
function applyFilter<Q extends SelectQueryBuilder<any, any, any>>(
  query: Q,
  engine: Engine,
  f: ExampleFilter,
  ftsJoined = false,
): Q {
  let q = query;
  // Through the category ids, so that counting needs no join with categories.
  if (f.subjectId !== undefined) {
    q = q.where(
      'e.category_id',
      'in',
      sql<number>`(select id from categories where subject_id = ${f.subjectId})`,
    ) as Q;
  }
  if (f.categoryIds !== undefined) {
    // An unknown category has no subtree: nothing matches.
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
  }
  // Search terms on SQLite: findExamples joins the FTS matches (it needs their scores);
  // counting and random picks filter by them here.
  if (f.terms?.length && !ftsJoined) {
    q = (
      engine === 'postgres'
        ? q.where(sql<boolean>`e.search @@ to_tsquery('simple', ${tsQuery(f.terms)})`)
        : q.where(
            'e.id',
            'in',
            sql<number>`(select rowid from examples_fts where examples_fts match ${ftsQuery(f.terms)})`,
          )
    ) as Q;
  }
  return q;
}

function base(db: Db) {
  return db.selectFrom('examples as e').innerJoin('categories as c', 'c.id', 'e.category_id');
}

export async function findExamples(
  db: Db,
  engine: Engine,
  f: ExampleFilter,
  page: ExamplePageRequest,
) {
  const searching = !!f.terms?.length;
  let query = base(db).select(selection(f.viewerId));
  if (searching && engine === 'sqlite') {
    // Each match scored once by FTS5 (the question weighs most). Scoring inside ORDER BY with a
    // correlated sub-select ran a full-text query per matching row: 64 s at 100,000 examples.
    const hits = sql<{ id: number; score: number }>`(
      select rowid as id, bm25(examples_fts, 10.0, 4.0, 1.0) as score
      from examples_fts where examples_fts match ${ftsQuery(f.terms!)}
    )`.as('hits');
    query = query.innerJoin(hits, 'hits.id', 'e.id') as unknown as typeof query;
  }
  query = applyFilter(query, engine, f, searching && engine === 'sqlite');
  if (searching) {
    // Relevance first, then catalogue order.
    query =
      engine === 'postgres'
        ? query.orderBy(sql`ts_rank(e.search, to_tsquery('simple', ${tsQuery(f.terms!)}))`, 'desc')
        : query.orderBy(sql`hits.score`);
  }
  if (page.afterId !== undefined) query = query.where('e.id', '>', page.afterId);
  query = query.orderBy('e.id').limit(page.limit);
  if (page.offset) query = query.offset(page.offset);
  return query.execute();
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

/** One example picked at random among those the filter matches. */
export async function randomExampleId(
  db: Db,
  engine: Engine,
  f: ExampleFilter,
): Promise<number | undefined> {
  const row = await applyFilter(base(db).select('e.id'), engine, f)
    .orderBy(sql`random()`)
    .limit(1)
    .executeTakeFirst();
  return row?.id;
}

/** Which of these examples the viewer liked and marked solved. */
export async function marksOf(db: Db, viewerId: number, exampleIds: number[]) {
  const liked = new Set<number>();
  const solved = new Set<number>();
  if (exampleIds.length) {
    const rows = await db
      .selectFrom('likes')
      .select(['example_id', sql<string>`'liked'`.as('mark')])
      .where('user_id', '=', viewerId)
      .where('example_id', 'in', exampleIds)
      .unionAll(
        db
          .selectFrom('solved_marks')
          .select(['example_id', sql<string>`'solved'`.as('mark')])
          .where('user_id', '=', viewerId)
          .where('example_id', 'in', exampleIds),
      )
      .execute();
    for (const row of rows) (row.mark === 'liked' ? liked : solved).add(row.example_id);
  }
  return { liked, solved };
}

export function getExample(db: Db, id: number, viewerId?: number) {
  return base(db).select(selection(viewerId)).where('e.id', '=', id).executeTakeFirst();
}

export async function categoryExists(db: Db, id: number): Promise<boolean> {
  return !!(await db.selectFrom('categories').select('id').where('id', '=', id).executeTakeFirst());
}

export type ExampleRow = NonNullable<Awaited<ReturnType<typeof getExample>>> & {
  liked?: unknown;
  solved?: unknown;
};
