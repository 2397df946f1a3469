import { REVIEW_RATINGS, type ReviewNext, type ReviewRating } from '@exemplar/shared/reviews';
import { createEmptyCard, fsrs, generatorParameters, Rating, type Card, type Grade } from 'ts-fsrs';
import type { CardState } from '../../db/schema';
import type { CardValues } from './reviews.repository';

/**
 * The scheduler: FSRS with ts-fsrs's default weights and desired retention (0.9), short-term
 * learning steps on (1 and 10 minutes; 10 minutes to relearn) and fuzz off, so a grade given at
 * a given instant always gives the same due date.
 */
export const FSRS_PARAMETERS = generatorParameters({ enable_fuzz: false, enable_short_term: true });
const scheduler = fsrs(FSRS_PARAMETERS);

export const GRADES: Record<ReviewRating, Grade> = {
  again: Rating.Again,
  hard: Rating.Hard,
  good: Rating.Good,
  easy: Rating.Easy,
};

/** The state of a card added at `now` and never graded: due at once. */
export function newCardValues(now: Date): CardValues {
  return fromCard(createEmptyCard(now));
}

export function toCard(row: CardValues): Card {
  return {
    due: new Date(row.due),
    stability: row.stability,
    difficulty: row.difficulty,
    elapsed_days: row.elapsed_days,
    scheduled_days: row.scheduled_days,
    learning_steps: row.learning_steps,
    reps: row.reps,
    lapses: row.lapses,
    state: row.state,
    ...(row.last_review ? { last_review: new Date(row.last_review) } : {}),
  };
}

export function fromCard(card: Card): CardValues {
  return {
    due: card.due.toISOString(),
    stability: card.stability,
    difficulty: card.difficulty,
    elapsed_days: card.elapsed_days,
    scheduled_days: card.scheduled_days,
    learning_steps: card.learning_steps,
    reps: card.reps,
    lapses: card.lapses,
    state: card.state as CardState,
    last_review: card.last_review ? card.last_review.toISOString() : null,
  };
}

/** The card after grading it `rating` at `now`. */
export function grade(row: CardValues, rating: ReviewRating, now: Date): CardValues {
  return fromCard(scheduler.next(toCard(row), now, GRADES[rating]).card);
}

/** The due date each grade would give the card (a new one when null) if given at `now`. */
export function nextDues(row: CardValues | null, now: Date): ReviewNext {
  const preview = scheduler.repeat(row ? toCard(row) : createEmptyCard(now), now);
  const due = (rating: ReviewRating) => preview[GRADES[rating]].card.due.toISOString();
  return Object.fromEntries(REVIEW_RATINGS.map((r) => [r, due(r)])) as ReviewNext;
}
