import { describe, expect, it } from 'vitest';
import { catalogue } from '../../../test/catalogue-fixtures';
import { activeFilterChips } from './chips';
import { EMPTY_FILTERS } from '../../../api/example-filters';

describe('active filter chips', () => {
  it('shows no chip without filters', () => {
    expect(activeFilterChips(EMPTY_FILTERS, catalogue)).toEqual([]);
  });

  it('shows one chip per active filter, in the order of the controls', () => {
    expect(
      activeFilterChips(
        {
          subjectId: 1,
          categoryId: 12,
          difficultyId: 3,
          typeId: 2,
          q: ' circle ',
          liked: true,
          solved: false,
          withoutHelp: true,
        },
        catalogue,
      ),
    ).toEqual([
      { key: 'subjectId', label: 'Subject: Algebra' },
      { key: 'categoryId', label: 'Category: Elimination Method' },
      { key: 'difficultyId', label: 'Difficulty: hard' },
      { key: 'typeId', label: 'Type: Proof' },
      { key: 'q', label: 'Search: “circle”' },
      { key: 'liked', label: 'Liked Only' },
      { key: 'solved', label: 'Unsolved Only' },
      { key: 'withoutHelp', label: 'Solved without help' },
    ]);
    expect(
      activeFilterChips({ ...EMPTY_FILTERS, liked: false, solved: true }, catalogue).map(
        (chip) => chip.label,
      ),
    ).toEqual(['Not Liked', 'Solved Only']);
    expect(
      activeFilterChips({ ...EMPTY_FILTERS, withoutHelp: false }, catalogue).map((c) => c.label),
    ).toEqual(['Not yet solved without help']);
  });

  it("names what it cannot find 'Unknown'", () => {
    expect(activeFilterChips({ ...EMPTY_FILTERS, categoryId: 999 }, catalogue)).toEqual([
      { key: 'categoryId', label: 'Category: Unknown' },
    ]);
  });
});
