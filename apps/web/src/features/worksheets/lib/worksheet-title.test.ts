import { describe, expect, it } from 'vitest';
import { EMPTY_FILTERS } from '../../../api/example-filters';
import { catalogue } from '../../../test/catalogue-fixtures';
import { defaultWorksheetTitle } from './worksheet-title';

const title = (filters: Partial<typeof EMPTY_FILTERS>, count = 10) =>
  defaultWorksheetTitle({ ...EMPTY_FILTERS, ...filters }, catalogue, { count, source: 'filters' });

describe('the default worksheet title', () => {
  it('names the subject and difficulty, then the number of questions', () => {
    expect(title({ subjectId: 1, difficultyId: 2 })).toBe('Algebra · Intermediate — 10 questions');
  });

  it('names a category with its subject even when the subject is not chosen', () => {
    expect(title({ categoryId: 12 }, 5)).toBe('Algebra · Elimination Method — 5 questions');
  });

  it('adds the type, the search and the learner filters in the list order', () => {
    expect(
      title({ subjectId: 2, typeId: 2, q: 'area', liked: true, solved: false, withoutHelp: false }),
    ).toBe('Geometry · Proof · “area” · Liked · Unsolved · Not solved without help — 10 questions');
  });

  it('says "Worked examples" without filters, and counts one question in the singular', () => {
    expect(title({}, 1)).toBe('Worked examples — 1 question');
  });

  it("leaves out what the catalogue does not know (yet), and titles today's reviews", () => {
    expect(
      defaultWorksheetTitle({ ...EMPTY_FILTERS, subjectId: 1, difficultyId: 99 }, undefined, {
        count: 10,
        source: 'filters',
      }),
    ).toBe('Worked examples — 10 questions');
    expect(title({ subjectId: 1, difficultyId: 99 })).toBe('Algebra — 10 questions');
    expect(defaultWorksheetTitle(EMPTY_FILTERS, catalogue, { count: 3, source: 'reviews' })).toBe(
      "Today's reviews — 3 questions",
    );
  });
});
