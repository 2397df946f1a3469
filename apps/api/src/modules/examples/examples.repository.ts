import { sql, type Kysely } from 'kysely';
import type { Database, ExamplesTable } from '../../db/schema';

type Db = Kysely<Database>;

/** The columns an example is written with. */
export type ExampleValues = Pick<
  ExamplesTable,
  'question' | 'answer' | 'procedure' | 'difficulty_id' | 'type_id' | 'category_id'
>;

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

/** True when `viewerId` has a mark of `table` on the example `e`. */
export const marked = (table: 'likes' | 'solved_marks', viewerId: number) =>
  sql<boolean>`exists (select 1 from ${sql.table(table)} m where m.user_id = ${viewerId} and m.example_id = e.id)`;

/** The columns, plus `liked` and `solved` for a signed-in viewer. */
export function selection(viewerId: number | undefined) {
  return viewerId === undefined
    ? columns
    : ([
        ...columns,
        marked('likes', viewerId).as('liked'),
        marked('solved_marks', viewerId).as('solved'),
      ] as const);
}

/**
 * Examples with their category's subject. The one read of another module's table (categories,
 * owned by catalogue) inside this module's queries: read-only, for the subject id each row carries.
 */
export function withSubject(db: Db) {
  return db.selectFrom('examples as e').innerJoin('categories as c', 'c.id', 'e.category_id');
}

export function getExample(db: Db, id: number, viewerId?: number) {
  return withSubject(db).select(selection(viewerId)).where('e.id', '=', id).executeTakeFirst();
}

export type ExampleRow = NonNullable<Awaited<ReturnType<typeof getExample>>> & {
  liked?: unknown;
  solved?: unknown;
};

export async function exampleExists(db: Db, id: number): Promise<boolean> {
  return !!(await db.selectFrom('examples').select('id').where('id', '=', id).executeTakeFirst());
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

/** Examples per category (direct members only). */
export function examplesPerCategory(db: Db) {
  return db
    .selectFrom('examples')
    .select(['category_id', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('category_id')
    .execute();
}

export async function insertExample(
  db: Db,
  values: ExampleValues & { created_by: number },
  at: string,
): Promise<number> {
  const { id } = await db
    .insertInto('examples')
    .values({ ...values, created_at: at, updated_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function updateExample(db: Db, id: number, values: ExampleValues, at: string) {
  await db
    .updateTable('examples')
    .set({ ...values, updated_at: at })
    .where('id', '=', id)
    .execute();
}

/** Learners' likes and solved marks of it go with it (foreign keys cascade). */
export async function deleteExample(db: Db, id: number) {
  await db.deleteFrom('examples').where('id', '=', id).execute();
}
