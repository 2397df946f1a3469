import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatRelative, nameOrNotSet } from './format';

describe('format', () => {
  it("dates: 'N/A' when missing or unreadable", () => {
    for (const value of [null, undefined, '', 'not a date']) {
      expect(formatDateTime(value)).toBe('N/A');
      expect(formatDate(value)).toBe('N/A');
      expect(formatRelative(value)).toBe('N/A');
    }
    expect(formatDateTime('2026-01-15T10:00:00.000Z')).toMatch(/2026/);
  });

  it('relative times', () => {
    const now = new Date('2026-05-01T12:00:00Z');
    expect(formatRelative('2026-05-01T11:59:50Z', now)).toBe('just now');
    expect(formatRelative('2026-05-01T11:55:00Z', now)).toBe('5 minutes ago');
    expect(formatRelative('2026-05-01T09:00:00Z', now)).toBe('3 hours ago');
    expect(formatRelative('2026-04-30T12:00:00Z', now)).toBe('yesterday');
  });

  it("names: 'Not set' when empty", () => {
    expect(nameOrNotSet('')).toBe('Not set');
    expect(nameOrNotSet('   ')).toBe('Not set');
    expect(nameOrNotSet(null)).toBe('Not set');
    expect(nameOrNotSet(' Ada ')).toBe('Ada');
  });
});
