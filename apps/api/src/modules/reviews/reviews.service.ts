import type { Example } from '@exemplar/shared/catalogue';
import { ID_MAX } from '@exemplar/shared/fields';
import {
  LEARN_AHEAD_MINUTES,
  MASTERY_STABILITY_DAYS,
  REVIEW_RETRY_WINDOW_SECONDS,
  REVIEW_SUGGESTIONS_DEFAULT,
  type GradeReviewResult,
  type ReviewRating,
  type ReviewStats,
  type ReviewStatus,
  type ReviewsDuePage,
  type ReviewSuggestions,
} from '@exemplar/shared/reviews';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { decodeCursor, encodeCursor } from '../../lib/cursor';
import { conflict, notFound } from '../../lib/errors';
import { exampleExists, publishedExamples, reviewCandidates } from '../catalogue/examples';
import { addDays, dayIn, perDay, ratingNumber, toReviewCard } from './reviews.presenter';
import * as repo from './reviews.repository';
import { grade, newCardValues, nextDues } from './reviews.schedule';

export const REVIEWS_DUE_PAGE_DEFAULT = 20;
const REVIEWS_PER_DAY_DAYS = 90;
const DUE_PER_DAY_DAYS = 30;
const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
/** Grades of one card racing each other are tried again this many times before a 409. */
const GRADE_ATTEMPTS = 5;

function readDueCursor(raw: string): repo.DueAfter {
  return decodeCursor(raw, (v) => {
    const { due, exampleId } = v;
    // An instant exactly as the API writes them (toISOString), so no engine is asked to read
    // an impossible date.
    const instant =
      typeof due === 'string' &&
      !Number.isNaN(Date.parse(due)) &&
      new Date(due).toISOString() === due;
    const id = Number.isSafeInteger(exampleId) && (exampleId as number) >= 1;
    return instant && id && (exampleId as number) <= ID_MAX && Object.keys(v).length === 2
      ? { due, exampleId: exampleId as number }
      : undefined;
  });
}

/**
 * The example ids of `userId`'s mastered cards (in review with a stability of at least
 * MASTERY_STABILITY_DAYS: remembered over at least 3 weeks), found by the database: the examples
 * they have mastered (the progress counts them).
 */
export function masteredExampleIds(db: Kysely<Database>, userId: number): Promise<number[]> {
  return repo.masteredExampleIds(db, userId, MASTERY_STABILITY_DAYS);
}

/** A learner's spaced-repetition reviews: FSRS cards per example, graded and brought back due. */
export function reviewsService(db: Kysely<Database>, clock: () => Date = () => new Date()) {
  async function mustExist(exampleId: number) {
    if (!(await exampleExists(db, exampleId))) throw notFound(`Example ${exampleId} not found.`);
  }

  /**
   * Adds a new card, due at `now` (a card already there is kept). An example deleted since it was
   * checked is a 404, not a foreign-key failure.
   */
  async function addCard(userId: number, exampleId: number, now: Date) {
    try {
      await repo.insertCard(db, {
        user_id: userId,
        example_id: exampleId,
        ...newCardValues(now),
        created_at: now.toISOString(),
      });
    } catch (err) {
      await mustExist(exampleId);
      throw err;
    }
  }

  /** The examples of `ids` as their viewer sees them, in the order of `ids`. */
  const examplesIn = (ids: number[], viewerId: number): Promise<Example[]> =>
    publishedExamples(db, ids, viewerId);

  /** Whether grading `rating` now repeats the grade just given (a double submission). */
  async function isRetry(card: repo.CardRow, rating: ReviewRating, now: Date) {
    if (!card.last_review) return false;
    const since = now.getTime() - new Date(card.last_review).getTime();
    if (since >= REVIEW_RETRY_WINDOW_SECONDS * 1000) return false;
    const last = await repo.lastLog(db, card.user_id, card.example_id);
    return last?.rating === ratingNumber(rating);
  }

  return {
    /**
     * Grades the caller's recall of an example, adding it to their reviews first when it is not
     * there. The same grade again within REVIEW_RETRY_WINDOW_SECONDS of the last is a retry: the
     * card is answered as it is (repeated) and nothing is logged. The card is written only if
     * nobody graded it in between, so concurrent grades count once.
     */
    async grade(
      userId: number,
      exampleId: number,
      rating: ReviewRating,
    ): Promise<GradeReviewResult> {
      await mustExist(exampleId);
      const now = clock();
      for (let attempt = 0; attempt < GRADE_ATTEMPTS; attempt++) {
        let card = await repo.getCard(db, userId, exampleId);
        if (!card) {
          await addCard(userId, exampleId, now);
          card = await repo.getCard(db, userId, exampleId);
          if (!card) continue;
        }
        if (await isRetry(card, rating, now)) {
          // The grade this repeats may have been written after `card` was read (two at once): answer
          // the card as that grade left it.
          const current = (await repo.getCard(db, userId, exampleId)) ?? card;
          return { review: toReviewCard(current), repeated: true };
        }
        const next = grade(card, rating, now);
        const before = card;
        const written = await db.transaction().execute(async (trx) => {
          if (!(await repo.updateCardIfReps(trx, userId, exampleId, before.reps, next))) {
            return false;
          }
          await repo.insertLog(trx, {
            user_id: userId,
            example_id: exampleId,
            rating: ratingNumber(rating),
            state_before: before.state,
            due_before: before.due,
            reviewed_at: now.toISOString(),
          });
          return true;
        });
        if (written) return { review: toReviewCard({ ...card, ...next }), repeated: false };
      }
      throw conflict('This example was being graded at the same time; please grade it again.');
    },

    async status(userId: number, exampleId: number): Promise<ReviewStatus> {
      await mustExist(exampleId);
      const card = await repo.getCard(db, userId, exampleId);
      return { review: card ? toReviewCard(card) : null, next: nextDues(card ?? null, clock()) };
    },

    /** Adds an example to the caller's reviews, due now; a card already there is kept. */
    async add(userId: number, exampleId: number): Promise<ReviewStatus> {
      await mustExist(exampleId);
      await addCard(userId, exampleId, clock());
      return this.status(userId, exampleId);
    },

    /** Takes an example out of the caller's reviews (idempotent); its grades stay logged. */
    async remove(userId: number, exampleId: number): Promise<void> {
      await mustExist(exampleId);
      await repo.deleteCard(db, userId, exampleId);
    },

    /**
     * The session's queue: the cards due now, then the cards in their learning or relearning
     * steps due within LEARN_AHEAD_MINUTES (a card graded "again" comes back in the session).
     */
    async due(
      userId: number,
      { limit = REVIEWS_DUE_PAGE_DEFAULT, cursor }: { limit?: number; cursor?: string },
    ): Promise<ReviewsDuePage> {
      const after = cursor ? readDueCursor(cursor) : undefined;
      const now = clock();
      const at = now.toISOString();
      const learnUntil = new Date(now.getTime() + LEARN_AHEAD_MINUTES * MINUTE_MS).toISOString();
      const [rows, total] = await Promise.all([
        repo.dueCards(db, userId, at, learnUntil, limit + 1, after),
        repo.countDue(db, userId, at, learnUntil),
      ]);
      const cards = rows.slice(0, limit);
      const examples = new Map(
        (
          await examplesIn(
            cards.map((c) => c.example_id),
            userId,
          )
        ).map((e) => [e.id, e]),
      );
      const last = cards.at(-1);
      return {
        examples: cards.flatMap((card) => {
          const example = examples.get(card.example_id);
          return example
            ? [{ example, review: toReviewCard(card), next: nextDues(card, now) }]
            : [];
        }),
        total,
        nextCursor:
          rows.length > limit && last
            ? encodeCursor({ due: last.due, exampleId: last.example_id })
            : null,
      };
    },

    /**
     * The caller's cards counted, with days as they fall in time zone `tz`. The database counts
     * the cards (by state, due now, mastered); only the due dates of the cards due in the next 31
     * days are read, to be put on their days in `tz`.
     */
    async stats(userId: number, tz = 'UTC'): Promise<ReviewStats> {
      const now = clock();
      const at = now.toISOString();
      const dayOf = dayIn(tz);
      const today = dayOf(now);
      const first = addDays(today, 1 - REVIEWS_PER_DAY_DAYS);
      // A day more than each window, whatever the zone's offset (and its changes in the next
      // month): the days outside are dropped.
      const since = new Date(now.getTime() - (REVIEWS_PER_DAY_DAYS + 1) * DAY_MS);
      const until = new Date(now.getTime() + (DUE_PER_DAY_DAYS + 1) * DAY_MS);
      const [counts, duesLater, reviewed] = await Promise.all([
        repo.cardCounts(db, userId, at, MASTERY_STABILITY_DAYS),
        repo.duesBetween(db, userId, at, until.toISOString()),
        repo.reviewTimesSince(db, userId, since.toISOString()),
      ]);
      // A card due now counts today; so does one due later today, or on a day before today (a
      // zone whose clock was just turned back past midnight).
      const dueDays = duesLater.map((due) => {
        const day = dayOf(due);
        return day < today ? today : day;
      });
      const dueToday = counts.dueNow + dueDays.filter((d) => d === today).length;
      const [, ...afterToday] = perDay(today, DUE_PER_DAY_DAYS, dueDays);
      return {
        dueNow: counts.dueNow,
        dueToday,
        new: counts.new,
        learning: counts.learning,
        review: counts.review,
        mastered: counts.mastered,
        reviewsPerDay: perDay(first, REVIEWS_PER_DAY_DAYS, reviewed.map(dayOf)),
        duePerDay: [{ date: today, count: dueToday }, ...afterToday],
      };
    },

    /** Liked or solved-with-help examples not yet in the caller's reviews, newest mark first. */
    async suggestions(
      userId: number,
      limit = REVIEW_SUGGESTIONS_DEFAULT,
    ): Promise<ReviewSuggestions> {
      return { examples: await examplesIn(await reviewCandidates(db, userId, limit), userId) };
    },
  };
}
