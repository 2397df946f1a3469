import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;
export type MarkTable = 'likes' | 'solved_marks';

export async function exampleExists(db: Db, id: number) {
  return !!(await db.selectFrom('examples').select('id').where('id', '=', id).executeTakeFirst());
}

/** Idempotent: marking twice is marking once. */
export async function mark(
  db: Db,
  table: MarkTable,
  userId: number,
  exampleId: number,
  at: string,
) {
  await db
    .insertInto(table)
    .values({ user_id: userId, example_id: exampleId, created_at: at })
    .onConflict((oc) => oc.columns(['user_id', 'example_id']).doNothing())
    .execute();
}

export async function unmark(db: Db, table: MarkTable, userId: number, exampleId: number) {
  await db
    .deleteFrom(table)
    .where('user_id', '=', userId)
    .where('example_id', '=', exampleId)
    .execute();
}

/** Examples per category (direct members only). */
export function examplesPerCategory(db: Db) {
  return db
    .selectFrom('examples')
    .select(['category_id', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('category_id')
    .execute();
}

/** The user's marks of `table` per category (direct members only). */
export function marksPerCategory(db: Db, table: MarkTable, userId: number) {
  return (
    db
      // Both tables have the same columns; the cast only narrows the alias for the type checker.
      .selectFrom(`${table} as m` as 'likes as m')
      .innerJoin('examples as e', 'e.id', 'm.example_id')
      .select(['e.category_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('m.user_id', '=', userId)
      .groupBy('e.category_id')
      .execute()
  );
}

export const categoryParents = (db: Db) =>
  db.selectFrom('categories').select(['id', 'parent_id', 'subject_id']).execute();

/** Forgets every like and solved mark of a user (an account being deleted). */
export async function deleteMarksOfUser(db: Db, userId: number) {
  await db.deleteFrom('likes').where('user_id', '=', userId).execute();
  await db.deleteFrom('solved_marks').where('user_id', '=', userId).execute();
}
