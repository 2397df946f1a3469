import { MASTERY_STABILITY_DAYS } from '@exemplar/shared/reviews';
import { describe, expect, it } from 'vitest';
import { MASTERY_WEEKS, masteryLabel } from './mastery-ring';

describe('mastery in words', () => {
  it('names the stability the API counts mastery by, in weeks', () => {
    expect(MASTERY_WEEKS * 7).toBe(MASTERY_STABILITY_DAYS);
  });

  it('says how many of how many are mastered and what mastered means', () => {
    expect(masteryLabel(4, 12)).toBe('4 of 12 examples mastered: remembered over at least 3 weeks');
    expect(masteryLabel(1, 1)).toBe('1 of 1 example mastered: remembered over at least 3 weeks');
  });
});
