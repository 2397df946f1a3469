import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, ReviewCardsTable, ReviewLogTable } from '../../db/schema';
import { publishedExampleIds } from '../examples/examples.repository';

type Db = Kysely<Database>;

export type CardRow = Selectable<ReviewCardsTable>;
/** A card's memory state: every column but the keys and when it was added. */
export type CardValues = Omit<CardRow, 'user_id' | 'example_id' | 'created_at'>;

export function getCard(db: Db, userId: number, exampleId: number) {
  return db
    .selectFrom('review_cards')
    .selectAll()
    .where('user_id', '=', userId)
    .where('example_id', '=', exampleId)
    .executeTakeFirst();
}

/** Adds a card; one already there is kept (idempotent). */
export async function insertCard(db: Db, card: CardRow) {
  await db
    .insertInto('review_cards')
    .values(card)
    .onConflict((oc) => oc.columns(['user_id', 'example_id']).doNothing())
    .execute();
}

/**
 * Writes the card's new state if it still has `reps` repetitions (nobody graded it in between):
 * answers whether it did. Optimistic, so two grades of the same card at once count once.
 */
export async function updateCardIfReps(
  db: Db,
  userId: number,
  exampleId: number,
  reps: number,
  values: CardValues,
): Promise<boolean> {
  const result = await db
    .updateTable('review_cards')
    .set(values)
    .where('user_id', '=', userId)
    .where('example_id', '=', exampleId)
    .where('reps', '=', reps)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteCard(db: Db, userId: number, exampleId: number) {
  await db
    .deleteFrom('review_cards')
    .where('user_id', '=', userId)
    .where('example_id', '=', exampleId)
    .execute();
}

export async function insertLog(db: Db, log: Insertable<ReviewLogTable>) {
  await db.insertInto('review_log').values(log).execute();
}

/** The latest grade given to the card (undefined: never graded). */
export function lastLog(db: Db, userId: number, exampleId: number) {
  return db
    .selectFrom('review_log')
    .select(['rating', 'reviewed_at'])
    .where('user_id', '=', userId)
    .where('example_id', '=', exampleId)
    .orderBy('reviewed_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Where a page of the due queue goes on from: the last card's due date and example id. */
export interface DueAfter {
  due: string;
  exampleId: number;
}

/** Up to `limit` of the user's cards due at `now`, most overdue first, then by example id. */
export function dueCards(db: Db, userId: number, now: string, limit: number, after?: DueAfter) {
  let query = db
    .selectFrom('review_cards')
    .selectAll()
    .where('user_id', '=', userId)
    .where('due', '<=', now)
    // A card of an example taken back to draft waits, unseen, until it is published again.
    .where('example_id', 'in', publishedExampleIds(db));
  if (after) {
    query = query.where((eb) =>
      eb.or([
        eb('due', '>', after.due),
        eb.and([eb('due', '=', after.due), eb('example_id', '>', after.exampleId)]),
      ]),
    );
  }
  return query.orderBy('due').orderBy('example_id').limit(limit).execute();
}

export async function countDue(db: Db, userId: number, now: string): Promise<number> {
  const row = await db
    .selectFrom('review_cards')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('due', '<=', now)
    .where('example_id', 'in', publishedExampleIds(db))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Every card of the user for a published example (the stats and mastery read their memory state). */
export function cardsOf(db: Db, userId: number) {
  return db
    .selectFrom('review_cards')
    .selectAll()
    .where('user_id', '=', userId)
    .where('example_id', 'in', publishedExampleIds(db))
    .execute();
}

/** When each of the user's grades since `since` was given. */
export async function reviewTimesSince(db: Db, userId: number, since: string): Promise<string[]> {
  const rows = await db
    .selectFrom('review_log')
    .select('reviewed_at')
    .where('user_id', '=', userId)
    .where('reviewed_at', '>=', since)
    .execute();
  return rows.map((r) => r.reviewed_at);
}
