import { describe, expect, it } from 'vitest';
import { placeAmong } from './id-lists';

describe('placeAmong: a browsing position found in the filter ids', () => {
  const ids = [3, 8, 9, 20, 41];

  it('answers position, neighbours and total for the first, a middle and the last id', () => {
    expect(placeAmong(ids, 3)).toEqual({ position: 1, total: 5, previousId: null, nextId: 8 });
    expect(placeAmong(ids, 9)).toEqual({ position: 3, total: 5, previousId: 8, nextId: 20 });
    expect(placeAmong(ids, 41)).toEqual({ position: 5, total: 5, previousId: 20, nextId: null });
  });

  it('answers undefined for an id the list leaves out, below, between and above its ids', () => {
    for (const id of [1, 10, 50]) expect(placeAmong(ids, id)).toBeUndefined();
    expect(placeAmong([], 3)).toBeUndefined();
  });

  it('finds every id of a long list at its own index', () => {
    const long = Array.from({ length: 1001 }, (_, i) => 2 * i + 1);
    for (const [i, id] of long.entries()) expect(placeAmong(long, id)?.position).toBe(i + 1);
    expect(placeAmong(long, 2)).toBeUndefined();
  });
});
