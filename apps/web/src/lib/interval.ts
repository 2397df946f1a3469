const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** An average month and year, as schedulers count them. */
const MONTH = 30.44 * DAY;
const YEAR = 365.25 * DAY;

/** One decimal, without a trailing ".0": 1.5, 2. */
const oneDecimal = (value: number) => String(Math.round(value * 10) / 10);

/**
 * How far ahead `ms` from now is, as a grade button says it: "<10 min" under an hour (rounded
 * up: a learning step is never later than it says), "3 h", "1 day", "3 days", "2 mo", "1.5 yr".
 * Nothing at all (now or past) reads "<1 min".
 */
export function formatInterval(ms: number): string {
  if (ms < HOUR) return `<${Math.max(1, Math.ceil(ms / MINUTE))} min`;
  // Rounded before choosing the unit: a moment under a day reads "1 day", not "24 h".
  if (Math.round(ms / HOUR) < 24) return `${Math.round(ms / HOUR)} h`;
  if (ms < MONTH) {
    const days = Math.round(ms / DAY);
    return days === 1 ? '1 day' : `${days} days`;
  }
  if (ms < YEAR) return `${Math.max(1, Math.round(ms / MONTH))} mo`;
  return `${oneDecimal(ms / YEAR)} yr`;
}

/** The interval from `now` to the ISO instant `due`. */
export function intervalUntil(due: string, now: number): string {
  return formatInterval(Date.parse(due) - now);
}

/** The interval in words, for a sentence: "10 minutes", "3 hours", "1 day", "2 months". */
export function intervalInWords(ms: number): string {
  const unit = (value: number, word: string) => `${value} ${word}${value === 1 ? '' : 's'}`;
  if (ms < HOUR) return unit(Math.max(1, Math.ceil(ms / MINUTE)), 'minute');
  if (Math.round(ms / HOUR) < 24) return unit(Math.round(ms / HOUR), 'hour');
  if (ms < MONTH) return unit(Math.round(ms / DAY), 'day');
  if (ms < YEAR) return unit(Math.max(1, Math.round(ms / MONTH)), 'month');
  return `${oneDecimal(ms / YEAR)} years`;
}

/**
 * When a card is due, for a sentence: "due now" (overdue, or within the minute: a card just added
 * is due from the server's clock, a moment after the browser's), else "due in 3 days".
 */
export function dueText(due: string, now: number): string {
  const ms = Date.parse(due) - now;
  return ms < MINUTE ? 'due now' : `due in ${intervalInWords(ms)}`;
}
