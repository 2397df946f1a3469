import { describe, expect, it } from 'vitest';
import { dueText, formatInterval, intervalInWords, intervalUntil } from './interval';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('formatInterval', () => {
  it.each([
    [0, '<1 min'],
    [-5 * MINUTE, '<1 min'],
    [30_000, '<1 min'],
    [MINUTE, '<1 min'],
    [5 * MINUTE + 1, '<6 min'],
    [10 * MINUTE, '<10 min'],
    [59 * MINUTE, '<59 min'],
    [HOUR, '1 h'],
    [5.4 * HOUR, '5 h'],
    [23 * HOUR, '23 h'],
    [DAY - 1000, '1 day'],
    [DAY, '1 day'],
    [1.4 * DAY, '1 day'],
    [3 * DAY, '3 days'],
    [29 * DAY, '29 days'],
    [61 * DAY, '2 mo'],
    [300 * DAY, '10 mo'],
    [365.25 * DAY, '1 yr'],
    [1.5 * 365.25 * DAY, '1.5 yr'],
  ])('%d ms ahead reads "%s"', (ms, text) => {
    expect(formatInterval(ms)).toBe(text);
  });

  it('measures from now to an ISO instant', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(intervalUntil('2026-01-04T00:00:00Z', now)).toBe('3 days');
    expect(intervalUntil('2026-01-01T00:10:00Z', now)).toBe('<10 min');
  });
});

describe('dueText', () => {
  const now = Date.parse('2026-01-01T12:00:00Z');
  it('says "due now" for a card overdue or due within the minute', () => {
    expect(dueText('2026-01-01T12:00:00Z', now)).toBe('due now');
    expect(dueText('2025-12-01T00:00:00Z', now)).toBe('due now');
    expect(dueText('2026-01-01T12:00:40Z', now)).toBe('due now');
    expect(dueText('2026-01-01T12:01:00Z', now)).toBe('due in 1 minute');
  });
  it('says how long until a later due date, in words', () => {
    expect(dueText('2026-01-02T12:00:00Z', now)).toBe('due in 1 day');
    expect(dueText('2026-01-01T12:10:00Z', now)).toBe('due in 10 minutes');
    expect(dueText('2026-01-01T15:00:00Z', now)).toBe('due in 3 hours');
    expect(intervalInWords(62 * DAY)).toBe('2 months');
    expect(intervalInWords(DAY - 1000)).toBe('1 day');
  });
});
