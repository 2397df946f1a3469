import type { DayCount } from '@exemplar/shared/reviews';
import { intervalInWords } from '../../../lib/interval';

/** `YYYY-MM-DD` of the instant `ms` in time zone `tz`. */
export function dayIn(ms: number, tz: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: tz,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(ms);
}

/** "Friday 4 December" for the day `YYYY-MM-DD`. */
function dayName(date: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: 'UTC',
    weekday: 'long',
    day: 'numeric',
    month: 'long',
  }).format(Date.parse(`${date}T12:00:00Z`));
}

/**
 * When the next review is, for "Your next review is …", once nothing is due: from `duePerDay` (the
 * next 30 days in `tz`, today first) and, when known, the exact due date of a card graded in this
 * session (`known`) that falls on that first day: "in 10 minutes", "later today", "tomorrow", "on
 * Friday 4 December", or "more than a month away". Null when there are no cards at all.
 */
export function nextReviewText(
  duePerDay: readonly DayCount[],
  known: string | null,
  now: number,
  tz: string,
): string | null {
  const index = duePerDay.findIndex((day) => day.count > 0);
  const first = duePerDay[index];
  const knownMs = known === null ? null : Date.parse(known);
  if (knownMs !== null && knownMs > now && (!first || dayIn(knownMs, tz) <= first.date)) {
    return `in ${intervalInWords(knownMs - now)}`;
  }
  if (!first) return known === null ? null : 'more than a month away';
  if (index === 0) return 'later today';
  if (index === 1) return 'tomorrow';
  return `on ${dayName(first.date)}`;
}
