import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import type { Database, ReviewCardsTable, ReviewLogTable } from '../../db/schema';
import { publishedExampleIds } from '../catalogue/examples';

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

/**
 * The user's cards of published examples: every card the queue, the stats and the progress read.
 * A card of an example taken back to draft waits, unseen, until it is published again; which
 * examples are published is the examples module's to say.
 */
const publishedCardsOf = (db: Db, userId: number) =>
  db
    .selectFrom('review_cards')
    .where('user_id', '=', userId)
    .where('example_id', 'in', publishedExampleIds(db));

/** Where a page of the due queue goes on from: the last card's due date and example id. */
export interface DueAfter {
  due: string;
  exampleId: number;
}

/**
 * The session's queue: the user's cards due at `now`, and those in their learning or relearning
 * steps (states 1 and 3) due by `learnUntil` (learnt ahead). One condition on `due`, so ordering by
 * due date puts the cards due now first.
 */
const inQueue = (now: string, learnUntil: string) =>
  sql<boolean>`(due <= ${now} or (state in (1, 3) and due <= ${learnUntil}))`;

/**
 * Up to `limit` of the user's cards in the queue at `now` (see inQueue), most overdue first, then
 * by example id.
 */
export function dueCards(
  db: Db,
  userId: number,
  now: string,
  learnUntil: string,
  limit: number,
  after?: DueAfter,
) {
  let query = publishedCardsOf(db, userId).selectAll().where(inQueue(now, learnUntil));
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

/** How many of the user's cards are in the queue at `now` (see inQueue). */
export async function countDue(
  db: Db,
  userId: number,
  now: string,
  learnUntil: string,
): Promise<number> {
  const row = await publishedCardsOf(db, userId)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(inQueue(now, learnUntil))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * The one rule for mastered: in review (state 2: graduated from its learning steps and not failed
 * since, a card graded "again" going back to its steps) with a stability of at least
 * `stabilityDays` (MASTERY_STABILITY_DAYS, given by the service): remembered over at least 3 weeks.
 * The stats and the progress both count with it.
 */
const mastered = (stabilityDays: number) =>
  sql<boolean>`(state = 2 and stability >= ${stabilityDays})`;

/**
 * The user's cards counted by the database: due at `now`, by state (0 new, 1 learning,
 * 2 review, 3 relearning) and mastered (see mastered).
 */
export async function cardCounts(db: Db, userId: number, now: string, masteryDays: number) {
  const row = await publishedCardsOf(db, userId)
    .select([
      sql<number>`count(case when due <= ${now} then 1 end)`.as('dueNow'),
      sql<number>`count(case when state = 0 then 1 end)`.as('new'),
      sql<number>`count(case when state in (1, 3) then 1 end)`.as('learning'),
      sql<number>`count(case when state = 2 then 1 end)`.as('review'),
      sql<number>`count(case when ${mastered(masteryDays)} then 1 end)`.as('mastered'),
    ])
    .executeTakeFirstOrThrow();
  return {
    dueNow: Number(row.dueNow),
    new: Number(row.new),
    learning: Number(row.learning),
    review: Number(row.review),
    mastered: Number(row.mastered),
  };
}

/** The due dates of the user's cards due after `after` and before `before`. */
export async function duesBetween(
  db: Db,
  userId: number,
  after: string,
  before: string,
): Promise<string[]> {
  const rows = await publishedCardsOf(db, userId)
    .select('due')
    .where('due', '>', after)
    .where('due', '<', before)
    .execute();
  return rows.map((r) => r.due);
}

/** The example ids of the user's mastered cards (see mastered), in id order. */
export async function masteredExampleIds(
  db: Db,
  userId: number,
  masteryDays: number,
): Promise<number[]> {
  const rows = await publishedCardsOf(db, userId)
    .select('example_id')
    .where(mastered(masteryDays))
    .orderBy('example_id')
    .execute();
  return rows.map((r) => r.example_id);
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
