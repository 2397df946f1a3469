import { describe, expect, it } from 'vitest';
import { countExamples, formatDate, formatDateTime } from './format';

describe('formatting', () => {
  it('formats creation dates nicely', () => {
    expect(formatDate('2026-10-06T07:44:22.292Z')).toBe('6 Oct 2026');
    expect(formatDateTime('2026-10-06T07:44:22.292Z')).toBe('6 October 2026 at 07:44 UTC');
    expect(formatDate('not a date')).toBe('not a date');
  });

  it("counts '1 example' and 'N examples'", () => {
    expect(countExamples(1)).toBe('1 example');
    expect(countExamples(0)).toBe('0 examples');
    expect(countExamples(42)).toBe('42 examples');
  });
});
