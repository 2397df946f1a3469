import { describe, expect, it } from 'vitest';
import { dayIn, nextReviewText } from './next-review';

const days = (counts: number[]) =>
  counts.map((count, i) => ({ date: `2026-12-${String(1 + i).padStart(2, '0')}`, count }));
const now = Date.parse('2026-12-01T10:00:00Z');

describe('nextReviewText', () => {
  it('names the first day with cards due: later today, tomorrow, or the day', () => {
    expect(nextReviewText(days([2, 0, 0]), null, now, 'UTC')).toBe('later today');
    expect(nextReviewText(days([0, 1, 3]), null, now, 'UTC')).toBe('tomorrow');
    expect(nextReviewText(days([0, 0, 0, 4]), null, now, 'UTC')).toBe('on Friday 4 December');
  });

  it('gives the exact interval of a card graded in the session when it is the next', () => {
    expect(nextReviewText(days([1, 0]), '2026-12-01T10:10:00Z', now, 'UTC')).toBe('in 10 minutes');
    expect(nextReviewText(days([0, 1]), '2026-12-02T10:00:00Z', now, 'UTC')).toBe('in 1 day');
  });

  it('prefers the day counts when another card is due before the known one', () => {
    expect(nextReviewText(days([0, 2, 0, 1]), '2026-12-04T10:00:00Z', now, 'UTC')).toBe('tomorrow');
  });

  it('says a month away when no card falls due within the counted days, null without cards', () => {
    expect(nextReviewText(days([0, 0]), '2027-02-01T00:00:00Z', now, 'UTC')).toBe('in 2 months');
    expect(nextReviewText(days([0, 0]), null, now, 'UTC')).toBeNull();
  });

  it('reads the day of an instant in the given time zone', () => {
    expect(dayIn(Date.parse('2026-12-01T23:30:00Z'), 'UTC')).toBe('2026-12-01');
    expect(dayIn(Date.parse('2026-12-01T23:30:00Z'), 'Europe/Paris')).toBe('2026-12-02');
  });
});
