import type { DayCount } from '@exemplar/shared/reviews';

const dayFormat = new Intl.DateTimeFormat('en-GB', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});
const shortDayFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});

/** A calendar day as the API writes it ('YYYY-MM-DD') as a Date at its UTC midnight. */
const asDate = (day: string) => new Date(`${day}T00:00:00Z`);

/** 'Wed 26 Nov' (the day is the learner's own calendar day, so no time zone shifts it). */
export const formatDay = (day: string) => dayFormat.format(asDate(day));

/** '26 Nov': the bar chart's axis. */
export const formatShortDay = (day: string) => shortDayFormat.format(asDate(day));

/** '1 review', '5 reviews'. */
export const plural = (count: number, one: string, many = `${one}s`) =>
  `${count} ${count === 1 ? one : many}`;

/** One day of the review calendar in words: '4 reviews on Mon 2 Nov', 'No reviews on Tue 3 Nov'. */
export const reviewDayLabel = (day: string, count: number) =>
  `${count === 0 ? 'No reviews' : plural(count, 'review')} on ${formatDay(day)}`;

/** The day with the highest count (the earliest of a tie), or null when every count is 0. */
function busiest(days: readonly DayCount[]): DayCount | null {
  return days.reduce<DayCount | null>(
    (best, day) => (day.count > (best?.count ?? 0) ? day : best),
    null,
  );
}

const sum = (days: readonly DayCount[]) => days.reduce((n, day) => n + day.count, 0);

/**
 * The 90-day calendar in words: '42 reviews in the last 90 days, on 12 days; busiest day Wed 26
 * Nov (7 reviews); 3 today.'
 */
export function reviewsSummary(days: readonly DayCount[]): string {
  const total = sum(days);
  if (total === 0) return `No reviews in the last ${days.length} days.`;
  const active = days.filter((day) => day.count > 0).length;
  const top = busiest(days)!;
  const today = days.at(-1)?.count ?? 0;
  return (
    `${plural(total, 'review')} in the last ${days.length} days, on ${plural(active, 'day')}; ` +
    `busiest day ${formatDay(top.date)} (${plural(top.count, 'review')}); ${today} today.`
  );
}

/** The coming days in words: '12 reviews due in the next 30 days; most on Fri 28 Nov (5).' */
export function dueSummary(days: readonly DayCount[]): string {
  const total = sum(days);
  if (total === 0) return `Nothing due in the next ${days.length} days.`;
  const top = busiest(days)!;
  return `${plural(total, 'review')} due in the next ${days.length} days; most on ${formatDay(top.date)} (${top.count}).`;
}
