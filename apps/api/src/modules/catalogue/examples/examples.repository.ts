import { sql, type Kysely } from 'kysely';
import type { SolveHow } from '../../../db/catalogue-schema';
import type { Database } from '../../../db/schema';

type Db = Kysely<Database>;

const columns = [
  'e.id',
  'e.question',
  'e.answer',
  'e.procedure',
  'e.difficulty_id',
  'e.type_id',
  'e.category_id',
  'e.status',
  'e.answer_spec',
  'e.test_answers',
  'c.subject_id',
  'e.created_at',
  'e.updated_at',
] as const;

/** True when `viewerId` has a mark of `table` on the example `e`. */
export const marked = (table: 'likes' | 'solved_marks', viewerId: number) =>
  sql<boolean>`exists (select 1 from ${sql.table(table)} m where m.user_id = ${viewerId} and m.example_id = e.id)`;

/** True when `viewerId` solved the example `e` by a checked answer before opening any help. */
export const solvedWithoutHelp = (viewerId: number) =>
  sql<boolean>`exists (select 1 from solved_marks m where m.user_id = ${viewerId} and m.example_id = e.id and m.how = 'without-help')`;

/**
 * When the example `e` is next due in `viewerId`'s reviews (null: not in them). The one read of
 * another module's table in this module's marks (review_cards, owned by reviews): read-only.
 */
export const reviewDue = (viewerId: number) =>
  sql<
    string | null
  >`(select rc.due from review_cards rc where rc.user_id = ${viewerId} and rc.example_id = e.id)`;

/**
 * The columns, plus `liked`, `solved`, how it was solved and when it is next due in their
 * reviews for a signed-in viewer.
 */
export function selection(viewerId: number | undefined) {
  return viewerId === undefined
    ? columns
    : ([
        ...columns,
        marked('likes', viewerId).as('liked'),
        marked('solved_marks', viewerId).as('solved'),
        sql<SolveHow | null>`(select m.how from solved_marks m where m.user_id = ${viewerId} and m.example_id = e.id)`.as(
          'solve_mark',
        ),
        reviewDue(viewerId).as('review_due'),
      ] as const);
}

/**
 * Examples with their category's subject. The one read of another module's table (categories,
 * owned by catalogue) inside this module's queries: read-only, for the subject id each row carries.
 */
export function withSubject(db: Db) {
  return db.selectFrom('examples as e').innerJoin('categories as c', 'c.id', 'e.category_id');
}

/** Which examples a read may find: published ones only (everyone), or drafts too (editors). */
export interface Visibility {
  drafts?: boolean;
}

export function getExample(db: Db, id: number, viewerId?: number, { drafts }: Visibility = {}) {
  let query = withSubject(db).select(selection(viewerId)).where('e.id', '=', id);
  if (!drafts) query = query.where('e.status', '=', 'published');
  return query.executeTakeFirst();
}

/**
 * Examples by id as `viewerId` sees them (with their marks), in the order of `ids`: published
 * ones, unless `drafts`; an id not found (deleted, or a draft) is left out.
 */
export async function getExamples(
  db: Db,
  ids: number[],
  viewerId?: number,
  { drafts }: Visibility = {},
) {
  if (ids.length === 0) return [];
  let query = withSubject(db).select(selection(viewerId)).where('e.id', 'in', ids);
  if (!drafts) query = query.where('e.status', '=', 'published');
  const byId = new Map((await query.execute()).map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * The ids of the published examples, as a sub-query for another module's query of rows that
 * refer to examples (a learner's review cards): what is published is this module's to say.
 */
export function publishedExampleIds(db: Db) {
  return db.selectFrom('examples').select('id').where('status', '=', 'published');
}

export type ExampleRow = NonNullable<Awaited<ReturnType<typeof getExample>>> & {
  liked?: unknown;
  solved?: unknown;
  solve_mark?: SolveHow | null;
  review_due?: string | null;
};

/**
 * How many of `ids` each category holds among its published examples (direct members only), read in batches so a long list
 * stays within every engine's limit on bound values.
 */
export async function examplesPerCategoryAmong(
  db: Db,
  ids: number[],
): Promise<{ category_id: number; n: number }[]> {
  const counts = new Map<number, number>();
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db
      .selectFrom('examples')
      .select(['category_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('id', 'in', ids.slice(i, i + 500))
      .where('status', '=', 'published')
      .groupBy('category_id')
      .execute();
    for (const r of rows) counts.set(r.category_id, (counts.get(r.category_id) ?? 0) + Number(r.n));
  }
  return [...counts].map(([category_id, n]) => ({ category_id, n }));
}

/** Whether example `id` exists and, unless `drafts`, is published. */
export async function exampleExists(
  db: Db,
  id: number,
  { drafts }: Visibility = {},
): Promise<boolean> {
  let query = db.selectFrom('examples').select('id').where('id', '=', id);
  if (!drafts) query = query.where('status', '=', 'published');
  return !!(await query.executeTakeFirst());
}

/** Whether any example exists (the demo seed fills an empty catalogue only). */
export async function hasExamples(db: Db): Promise<boolean> {
  return !!(await db.selectFrom('examples').select('id').limit(1).executeTakeFirst());
}

/** Examples whose `column` is `id`: what still uses a category, difficulty or type. */
export async function countExamplesWhere(
  db: Db,
  column: 'category_id' | 'difficulty_id' | 'type_id',
  id: number,
): Promise<number> {
  const row = await db
    .selectFrom('examples')
    .where(column, '=', id)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Published examples per category (direct members only). */
export function examplesPerCategory(db: Db) {
  return db
    .selectFrom('examples')
    .where('status', '=', 'published')
    .select(['category_id', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('category_id')
    .execute();
}
