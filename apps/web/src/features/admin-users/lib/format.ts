export const NOT_AVAILABLE = 'N/A';
export const NOT_SET = 'Not set';

function parseDate(value: string | null | undefined): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** '15 Jan 2026, 10:00' in the reader's locale; 'N/A' when missing or unreadable. */
export function formatDateTime(value: string | null | undefined): string {
  const date = parseDate(value);
  if (!date) return NOT_AVAILABLE;
  return new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(
    date,
  );
}

/** '15 Jan 2026'; 'N/A' when missing or unreadable. */
export function formatDate(value: string | null | undefined): string {
  const date = parseDate(value);
  if (!date) return NOT_AVAILABLE;
  return new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(date);
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** 'just now', '5 minutes ago', 'yesterday'…; 'N/A' when missing or unreadable. */
export function formatRelative(value: string | null | undefined, now: Date = new Date()): string {
  const date = parseDate(value);
  if (!date) return NOT_AVAILABLE;
  const seconds = Math.round((date.getTime() - now.getTime()) / 1000);
  if (Math.abs(seconds) < 45) return 'just now';
  const format = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return format.format(Math.round(seconds / size), unit);
  }
  return format.format(Math.round(seconds / 60), 'minute');
}

/** The name, or 'Not set' when empty. */
export function nameOrNotSet(name: string | null | undefined): string {
  return name?.trim() ? name.trim() : NOT_SET;
}
