import { sql, type Kysely } from 'kysely';
import type { SolveHow } from '../../../db/catalogue-schema';
import type { Database } from '../../../db/schema';
import { publishedExampleIds } from './examples.repository';

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

/**
 * Marks example `exampleId` solved by a checked answer, earned `how`, and answers how it is then
 * marked. A mark that already says how is kept (so 'without-help' is never downgraded); a mark set
 * by hand (how null) takes `how`. One statement, so concurrent checks cannot undo each other.
 */
export async function markSolvedBy(
  db: Db,
  userId: number,
  exampleId: number,
  how: SolveHow,
  at: string,
): Promise<SolveHow> {
  const row = await db
    .insertInto('solved_marks')
    .values({ user_id: userId, example_id: exampleId, created_at: at, how })
    .onConflict((oc) =>
      oc.columns(['user_id', 'example_id']).doUpdateSet({
        how: sql<SolveHow>`coalesce(solved_marks.how, excluded.how)`,
      }),
    )
    .returning('how')
    .executeTakeFirstOrThrow();
  return row.how ?? how;
}

/** The user's solves earned without help per category (published direct members only). */
export function cleanSolvesPerCategory(db: Db, userId: number) {
  return db
    .selectFrom('solved_marks as m')
    .innerJoin('examples as e', 'e.id', 'm.example_id')
    .select(['e.category_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('m.user_id', '=', userId)
    .where('m.how', '=', 'without-help')
    .where('e.status', '=', 'published')
    .groupBy('e.category_id')
    .execute();
}

/** The user's marks of `table` per category (published direct members only). */
export function marksPerCategory(db: Db, table: MarkTable, userId: number) {
  return (
    db
      // Both tables have the same columns; the cast only narrows the alias for the type checker.
      .selectFrom(`${table} as m` as 'likes as m')
      .innerJoin('examples as e', 'e.id', 'm.example_id')
      .select(['e.category_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('m.user_id', '=', userId)
      .where('e.status', '=', 'published')
      .groupBy('e.category_id')
      .execute()
  );
}

/**
 * The viewer's marks on some examples: which they liked, which they solved and how, and when
 * those in their reviews are next due.
 */
export interface ViewerMarks {
  liked: Set<number>;
  /** Solved examples, each with how it was solved (null: marked by hand). */
  solved: Map<number, SolveHow | null>;
  /** Examples in the viewer's reviews, each with its due date. */
  reviewDue: Map<number, string>;
}

/**
 * Which of these examples the viewer liked and marked solved (and how), and when those in their
 * reviews are due (review_cards, owned by the reviews module, read here read-only).
 */
export async function marksOf(
  db: Db,
  viewerId: number,
  exampleIds: number[],
): Promise<ViewerMarks> {
  const liked = new Set<number>();
  const solved = new Map<number, SolveHow | null>();
  const reviewDue = new Map<number, string>();
  if (exampleIds.length) {
    const cards = db
      .selectFrom('review_cards')
      .select(['example_id', 'due'])
      .where('user_id', '=', viewerId)
      .where('example_id', 'in', exampleIds)
      .execute();
    const rows = await db
      .selectFrom('likes')
      .select([
        'example_id',
        sql<string>`'liked'`.as('mark'),
        sql<SolveHow | null>`cast(null as text)`.as('how'),
      ])
      .where('user_id', '=', viewerId)
      .where('example_id', 'in', exampleIds)
      .unionAll(
        db
          .selectFrom('solved_marks')
          .select(['example_id', sql<string>`'solved'`.as('mark'), 'how'])
          .where('user_id', '=', viewerId)
          .where('example_id', 'in', exampleIds),
      )
      .execute();
    for (const row of rows) {
      if (row.mark === 'liked') liked.add(row.example_id);
      else solved.set(row.example_id, row.how);
    }
    for (const card of await cards) reviewDue.set(card.example_id, card.due);
  }
  return { liked, solved, reviewDue };
}

/**
 * Up to `limit` examples the user liked or solved with help that are not in their reviews
 * (review_cards read here read-only), newest mark first: what the reviews module suggests adding.
 */
export async function reviewCandidates(db: Db, userId: number, limit: number): Promise<number[]> {
  const marks = db
    .selectFrom('likes')
    .select(['example_id', 'created_at'])
    .where('user_id', '=', userId)
    .unionAll(
      db
        .selectFrom('solved_marks')
        .select(['example_id', 'created_at'])
        .where('user_id', '=', userId)
        .where('how', '=', 'with-help'),
    );
  const rows = await db
    .selectFrom(marks.as('m'))
    .select(['m.example_id', (eb) => eb.fn.max('m.created_at').as('marked_at')])
    .where(
      'm.example_id',
      'not in',
      db.selectFrom('review_cards').select('example_id').where('user_id', '=', userId),
    )
    .where('m.example_id', 'in', publishedExampleIds(db))
    .groupBy('m.example_id')
    .orderBy('marked_at', 'desc')
    .orderBy('m.example_id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => r.example_id);
}

/** Forgets every like and solved mark of a user (an account being deleted). */
export async function deleteMarksOfUser(db: Db, userId: number) {
  await db.deleteFrom('likes').where('user_id', '=', userId).execute();
  await db.deleteFrom('solved_marks').where('user_id', '=', userId).execute();
}
