import { describe, expect, it } from 'vitest';
import { examplesKeys, examplesQueryOptions, filterQuery } from './examples';

describe('the GET /examples request (browse and admin alike)', () => {
  it('trims values and leaves out empty ones, so equal filter sets share one cache entry', () => {
    expect(filterQuery({ q: '  sum ', subjectId: '', typeId: ' 2 ' }, { signedIn: true })).toEqual({
      q: 'sum',
      typeId: '2',
    });
  });

  it('never sends liked or solved for a visitor (the one guard)', () => {
    const query = { difficultyId: '2', liked: 'true', solved: 'false' } as const;
    expect(filterQuery(query, { signedIn: false })).toEqual({ difficultyId: '2' });
    expect(filterQuery(query, { signedIn: true })).toEqual(query);
  });

  it('keys a list by viewer, clean filters and page size', () => {
    const options = examplesQueryOptions({ q: ' x ', liked: 'true' }, null, 25);
    expect(options.queryKey).toEqual(examplesKeys.list('visitor', { q: 'x' }, 25));
    expect(examplesQueryOptions({ q: 'x' }, 'user-1', 20).queryKey).toEqual([
      'examples',
      'list',
      'user-1',
      { q: 'x' },
      20,
    ]);
  });
});
