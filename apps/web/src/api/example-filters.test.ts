import { describe, expect, it } from 'vitest';
import {
  EMPTY_FILTERS,
  clearFilters,
  exampleDetailPath,
  examplesListPath,
  filtersToSearchParams,
  forViewer,
  hasActiveFilters,
  parseFilters,
  removeFilter,
  selectCategory,
  selectSubject,
  toExamplesQuery,
  type ExampleFilters,
} from './example-filters';

const params = (search: string) => new URLSearchParams(search);

describe('URL ↔ filters', () => {
  it('reads every filter from the search params', () => {
    expect(
      parseFilters(
        params(
          'subject=1&category=11&difficulty=2&type=1&q=%20circle%20&liked=true&solved=false&withoutHelp=true',
        ),
      ),
    ).toEqual({
      subjectId: 1,
      categoryId: 11,
      difficultyId: 2,
      typeId: 1,
      q: 'circle',
      liked: true,
      solved: false,
      withoutHelp: true,
    });
  });

  it('reads liked, solved and withoutHelp as true, false or not set', () => {
    expect(parseFilters(params('liked=false&solved=true&withoutHelp=false'))).toMatchObject({
      liked: false,
      solved: true,
      withoutHelp: false,
    });
    expect(parseFilters(params('liked=yes&solved=1&withoutHelp=TRUE'))).toMatchObject({
      liked: null,
      solved: null,
      withoutHelp: null,
    });
  });

  it('reads missing or malformed ids as not set', () => {
    expect(parseFilters(params(''))).toEqual(EMPTY_FILTERS);
    expect(
      parseFilters(params('subject=Algebra&category=0&difficulty=-1&type=1.5&liked=TRUE')),
    ).toEqual(EMPTY_FILTERS);
  });

  it("reads ids beyond the API's range (1 to 2147483647) as not set, as the API refuses them", () => {
    expect(
      parseFilters(
        params('subject=2147483648&category=2147483647&difficulty=0012&type=99999999999'),
      ),
    ).toEqual({ ...EMPTY_FILTERS, categoryId: 2147483647 });
  });

  it('writes the filters back in a fixed order, leaving out unset ones', () => {
    const filters: ExampleFilters = {
      subjectId: 1,
      categoryId: 12,
      difficultyId: null,
      typeId: 2,
      q: ' x y ',
      liked: null,
      solved: null,
      withoutHelp: null,
    };
    expect(filtersToSearchParams(filters).toString()).toBe('subject=1&category=12&type=2&q=x+y');
    expect(filtersToSearchParams({ ...filters, liked: false, solved: true }).toString()).toBe(
      'subject=1&category=12&type=2&q=x+y&liked=false&solved=true',
    );
    expect(filtersToSearchParams({ ...filters, withoutHelp: false }).toString()).toBe(
      'subject=1&category=12&type=2&q=x+y&withoutHelp=false',
    );
    expect(filtersToSearchParams(EMPTY_FILTERS).toString()).toBe('');
  });

  it('round-trips', () => {
    const filters: ExampleFilters = {
      subjectId: 2,
      categoryId: 30,
      difficultyId: 4,
      typeId: 1,
      q: 'a&b=c',
      liked: true,
      solved: false,
      withoutHelp: true,
    };
    expect(parseFilters(filtersToSearchParams(filters))).toEqual(filters);
  });

  it('builds list and detail paths that carry the filters', () => {
    const filters = { ...EMPTY_FILTERS, categoryId: 3, difficultyId: 1 };
    expect(examplesListPath(filters)).toBe('/examples?category=3&difficulty=1');
    expect(exampleDetailPath(12, filters)).toBe('/examples/12?category=3&difficulty=1');
    expect(exampleDetailPath(12)).toBe('/examples/12');
    expect(exampleDetailPath(12, { ...EMPTY_FILTERS, solved: false })).toBe(
      '/examples/12?solved=false',
    );
  });

  it('turns filters into the GET /examples query', () => {
    const signedIn = { signedIn: true };
    expect(toExamplesQuery(EMPTY_FILTERS, signedIn)).toEqual({});
    expect(
      toExamplesQuery(
        {
          subjectId: 1,
          categoryId: 10,
          difficultyId: 2,
          typeId: 1,
          q: ' sum ',
          liked: null,
          solved: null,
          withoutHelp: null,
        },
        signedIn,
      ),
    ).toEqual({ subjectId: '1', categoryId: '10', difficultyId: '2', typeId: '1', q: 'sum' });
    expect(toExamplesQuery({ ...EMPTY_FILTERS, liked: true, solved: false }, signedIn)).toEqual({
      liked: 'true',
      solved: 'false',
    });
    expect(toExamplesQuery({ ...EMPTY_FILTERS, withoutHelp: false }, signedIn)).toEqual({
      withoutHelp: 'false',
    });
  });

  it('never sends liked, solved or withoutHelp for a visitor', () => {
    const filters = {
      ...EMPTY_FILTERS,
      difficultyId: 2,
      liked: true,
      solved: false,
      withoutHelp: true,
    };
    expect(toExamplesQuery(filters, { signedIn: false })).toEqual({ difficultyId: '2' });
    expect(forViewer(filters, false)).toEqual({
      ...filters,
      liked: null,
      solved: null,
      withoutHelp: null,
    });
    const onlyWithoutHelp = { ...EMPTY_FILTERS, withoutHelp: false };
    expect(forViewer(onlyWithoutHelp, false)).toEqual(EMPTY_FILTERS);
    expect(forViewer(filters, true)).toBe(filters);
  });
});

describe('filter changes', () => {
  const filtered: ExampleFilters = {
    subjectId: 1,
    categoryId: 12,
    difficultyId: 2,
    typeId: 1,
    q: 'x',
    liked: true,
    solved: false,
    withoutHelp: true,
  };

  it('picking a subject clears the category', () => {
    expect(selectSubject(filtered, 2)).toEqual({ ...filtered, subjectId: 2, categoryId: null });
    expect(selectSubject(filtered, null)).toEqual({
      ...filtered,
      subjectId: null,
      categoryId: null,
    });
    // the same subject again changes nothing
    expect(selectSubject(filtered, 1)).toBe(filtered);
  });

  it('picking a category makes it the deepest one (the subcategory path is cleared)', () => {
    expect(selectCategory(filtered, 10)).toEqual({ ...filtered, categoryId: 10 });
    expect(selectCategory(filtered, null)).toEqual({ ...filtered, categoryId: null });
  });

  it('removing a chip removes that filter; the subject chip takes its category with it', () => {
    expect(removeFilter(filtered, 'difficultyId')).toEqual({ ...filtered, difficultyId: null });
    expect(removeFilter(filtered, 'typeId')).toEqual({ ...filtered, typeId: null });
    expect(removeFilter(filtered, 'q')).toEqual({ ...filtered, q: '' });
    expect(removeFilter(filtered, 'categoryId')).toEqual({ ...filtered, categoryId: null });
    expect(removeFilter(filtered, 'liked')).toEqual({ ...filtered, liked: null });
    expect(removeFilter(filtered, 'solved')).toEqual({ ...filtered, solved: null });
    expect(removeFilter(filtered, 'withoutHelp')).toEqual({ ...filtered, withoutHelp: null });
    expect(removeFilter(filtered, 'subjectId')).toEqual({
      ...filtered,
      subjectId: null,
      categoryId: null,
    });
  });

  it('clear all removes every filter', () => {
    expect(clearFilters()).toEqual(EMPTY_FILTERS);
    expect(hasActiveFilters(clearFilters())).toBe(false);
  });

  it('knows when any filter is active', () => {
    expect(hasActiveFilters(EMPTY_FILTERS)).toBe(false);
    expect(hasActiveFilters({ ...EMPTY_FILTERS, q: '  ' })).toBe(false);
    expect(hasActiveFilters({ ...EMPTY_FILTERS, q: 'x' })).toBe(true);
    expect(hasActiveFilters({ ...EMPTY_FILTERS, typeId: 1 })).toBe(true);
    expect(hasActiveFilters({ ...EMPTY_FILTERS, liked: false })).toBe(true);
    expect(hasActiveFilters({ ...EMPTY_FILTERS, solved: true })).toBe(true);
    expect(hasActiveFilters({ ...EMPTY_FILTERS, withoutHelp: false })).toBe(true);
  });
});
