import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { Engine } from '../../db/database';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

export interface ExampleFilter {
  subjectId?: number;
  /** The category and all its descendants. */
  categoryId?: number;
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

function subtree(categoryId: number) {
  return sql<number>`(
    with recursive subtree(id) as (
      select id from categories where id = ${categoryId}
      union all
      select c.id from categories c join subtree s on c.parent_id = s.id
    )
    select id from subtree
  )`;
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
): Q {
  let q = query;
  if (f.subjectId !== undefined) q = q.where('c.subject_id', '=', f.subjectId) as Q;
  if (f.categoryId !== undefined) q = q.where('e.category_id', 'in', subtree(f.categoryId)) as Q;
  if (f.difficultyId !== undefined) q = q.where('e.difficulty_id', '=', f.difficultyId) as Q;
  if (f.typeId !== undefined) q = q.where('e.type_id', '=', f.typeId) as Q;
  if (f.viewerId !== undefined) {
    for (const [flag, table] of [
      [f.liked, 'likes'],
      [f.solved, 'solved_marks'],
    ] as const) {
      if (flag === undefined) continue;
      const test = marked(table, f.viewerId);
      q = q.where(flag ? test : sql<boolean>`not ${test}`) as Q;
    }
  }
  if (f.terms?.length) {
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
  let query = applyFilter(base(db).select(selection(f.viewerId)), engine, f);
  if (f.terms?.length) {
    // Relevance first (the question weighs most), then catalogue order.
    query =
      engine === 'postgres'
        ? query.orderBy(sql`ts_rank(e.search, to_tsquery('simple', ${tsQuery(f.terms)}))`, 'desc')
        : query.orderBy(
            sql`(select bm25(examples_fts, 10.0, 4.0, 1.0) from examples_fts
                 where examples_fts match ${ftsQuery(f.terms)} and examples_fts.rowid = e.id)`,
          );
  }
  if (page.afterId !== undefined) query = query.where('e.id', '>', page.afterId);
  query = query.orderBy('e.id').limit(page.limit);
  if (page.offset) query = query.offset(page.offset);
  return query.execute();
}

export async function countExamples(db: Db, engine: Engine, f: ExampleFilter): Promise<number> {
  const row = await applyFilter(
    base(db).select((eb) => eb.fn.countAll<number>().as('n')),
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
