import { MASTERY_RETRIEVABILITY } from '@exemplar/shared/reviews';
import { describe, expect, it } from 'vitest';
import { MASTERY_PERCENT, masteryLabel } from './mastery-ring';

describe('mastery in words', () => {
  it('names the threshold the API counts mastery by', () => {
    expect(MASTERY_PERCENT / 100).toBe(MASTERY_RETRIEVABILITY);
  });

  it('says how many of how many are mastered and what mastered means', () => {
    expect(masteryLabel(4, 12)).toBe('4 of 12 examples mastered: recalled with 90% confidence');
    expect(masteryLabel(1, 1)).toBe('1 of 1 example mastered: recalled with 90% confidence');
  });
});
