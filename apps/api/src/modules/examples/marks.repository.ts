import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;
/** A learner's marks on examples: likes and solved marks, one row per (user, example). */
export type MarkTable = 'likes' | 'solved_marks';

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

/** Forgets every like and solved mark of a user (an account being deleted). */
export async function deleteMarksOfUser(db: Db, userId: number) {
  await db.deleteFrom('likes').where('user_id', '=', userId).execute();
  await db.deleteFrom('solved_marks').where('user_id', '=', userId).execute();
}
