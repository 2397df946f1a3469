import {
  REVIEW_RATINGS,
  REVIEW_STATES,
  type DayCount,
  type ReviewCard,
  type ReviewRating,
} from '@exemplar/shared/reviews';
import type { CardRow } from './reviews.repository';

export const toReviewCard = (r: CardRow): ReviewCard => ({
  exampleId: r.example_id,
  due: r.due,
  state: REVIEW_STATES[r.state],
  stability: r.stability,
  difficulty: r.difficulty,
  reps: r.reps,
  lapses: r.lapses,
  lastReview: r.last_review,
});

/** A rating as ts-fsrs numbers it and the log stores it: 1 again … 4 easy. */
export const ratingNumber = (rating: ReviewRating) =>
  (REVIEW_RATINGS.indexOf(rating) + 1) as 1 | 2 | 3 | 4;

/** The calendar day (YYYY-MM-DD) of an instant in time zone `tz`. */
export function dayIn(tz: string): (instant: string | Date) => string {
  const format = new Intl.DateTimeFormat('en-CA', {
    timeZone: tz,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  return (instant) => format.format(new Date(instant));
}

/** `day` (YYYY-MM-DD) moved by `n` calendar days. */
export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** `count` days from `first` on, each with how many of `days` fall on it (zeros included). */
export function perDay(first: string, count: number, days: string[]): DayCount[] {
  const tally = new Map<string, number>();
  for (const d of days) tally.set(d, (tally.get(d) ?? 0) + 1);
  return Array.from({ length: count }, (_, i) => {
    const date = addDays(first, i);
    return { date, count: tally.get(date) ?? 0 };
  });
}
