import type { DayCount, ReviewStats } from '@exemplar/shared/reviews';

/** `count` consecutive days from `first` ('YYYY-MM-DD'), each with the count `counts` gives (0 else). */
export function days(
  first: string,
  count: number,
  counts: Record<string, number> = {},
): DayCount[] {
  const start = Date.parse(`${first}T00:00:00Z`);
  return Array.from({ length: count }, (_, i) => {
    const date = new Date(start + i * 86_400_000).toISOString().slice(0, 10);
    return { date, count: counts[date] ?? 0 };
  });
}

/** GET /reviews/stats of a learner with no cards and no grades. */
export const noReviews: ReviewStats = {
  dueNow: 0,
  dueToday: 0,
  new: 0,
  learning: 0,
  review: 0,
  mastered: 0,
  reviewsPerDay: days('2026-08-29', 90),
  duePerDay: days('2026-11-26', 30),
};

/** A learner with seven cards who reviewed on three of the last 90 days (today the 26th of November). */
export const someReviews: ReviewStats = {
  dueNow: 2,
  dueToday: 3,
  new: 1,
  learning: 2,
  review: 4,
  mastered: 3,
  reviewsPerDay: days('2026-08-29', 90, { '2026-11-02': 4, '2026-11-20': 7, '2026-11-26': 1 }),
  duePerDay: days('2026-11-26', 30, { '2026-11-26': 3, '2026-11-28': 5, '2026-12-03': 1 }),
};
