import { describe, expect, it } from 'vitest';
import { compareSortValues, matchesSearch, nextSort, sortRows } from './sort';

describe('sorting', () => {
  it('orders text naturally and case-insensitively, numbers by value, empty values last', () => {
    expect(['b', 'A', 'a10', 'a2'].sort(compareSortValues)).toEqual(['A', 'a2', 'a10', 'b']);
    expect([10, 2, 33].sort(compareSortValues)).toEqual([2, 10, 33]);
    const rows = [{ v: '' }, { v: 'b' }, { v: null }, { v: 'a' }];
    expect(sortRows(rows, (r) => r.v, 'asc').map((r) => r.v)).toEqual(['a', 'b', '', null]);
    expect(sortRows(rows, (r) => r.v, 'desc').map((r) => r.v)).toEqual(['b', 'a', '', null]);
  });

  it('is stable and cycles ascending → descending → none', () => {
    const rows = [
      { id: 1, k: 'x' },
      { id: 2, k: 'x' },
    ];
    expect(sortRows(rows, (r) => r.k, 'desc').map((r) => r.id)).toEqual([1, 2]);
    expect(nextSort(null, 'name')).toEqual({ key: 'name', direction: 'asc' });
    expect(nextSort({ key: 'name', direction: 'asc' }, 'name')).toEqual({
      key: 'name',
      direction: 'desc',
    });
    expect(nextSort({ key: 'name', direction: 'desc' }, 'name')).toBeNull();
    expect(nextSort({ key: 'name', direction: 'desc' }, 'rank')).toEqual({
      key: 'rank',
      direction: 'asc',
    });
  });

  it('searches every word, ignoring case and accents', () => {
    expect(matchesSearch('', ['anything'])).toBe(true);
    expect(matchesSearch('alg EQU', ['Algebra', 'Linear equations'])).toBe(true);
    expect(matchesSearch('geometrie', ['Géométrie'])).toBe(true);
    expect(matchesSearch('algebra calculus', ['Algebra'])).toBe(false);
  });
});
