import { describe, expect, it } from 'vitest';
import { seededPick } from './seeded-pick';

const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

describe('seededPick', () => {
  it('gives the same picks in the same order for the same seed, and leaves the items as they were', () => {
    const items = range(1000);
    const first = seededPick(items, 20, 'week-3');
    expect(seededPick(items, 20, 'week-3')).toEqual(first);
    expect(items).toEqual(range(1000));
  });

  it('picks distinct items, each one of the list', () => {
    const picked = seededPick(range(100), 50, 'distinct');
    expect(new Set(picked).size).toBe(50);
    expect(picked.every((n) => n >= 1 && n <= 100)).toBe(true);
  });

  it('gives every item, reordered, when asked for more than there are', () => {
    const picked = seededPick(range(8), 50, 'short');
    expect([...picked].sort((a, b) => a - b)).toEqual(range(8));
    expect(picked).not.toEqual(range(8));
  });

  it('orders differently for seeds one character apart', () => {
    const items = range(1000);
    expect(seededPick(items, 10, 'a1')).not.toEqual(seededPick(items, 10, 'a2'));
    expect(seededPick(items, 10, 'A')).not.toEqual(seededPick(items, 10, 'a'));
  });

  it('is a prefix: fewer picks are the first of more picks', () => {
    const items = range(500);
    expect(seededPick(items, 5, 'prefix')).toEqual(seededPick(items, 30, 'prefix').slice(0, 5));
  });

  it('spreads the first pick evenly over the items (chi-squared over 10 items, 20,000 seeds)', () => {
    const counts = new Array<number>(10).fill(0);
    for (let s = 0; s < 20000; s++) counts[seededPick(range(10), 1, `s${s}`)[0]! - 1]!++;
    const chi = counts.reduce((sum, c) => sum + (c - 2000) ** 2 / 2000, 0);
    // 9 degrees of freedom: above 27.9 happens by chance one time in a thousand.
    expect(chi).toBeLessThan(27.9);
  });

  it('answers a fixed order for a fixed seed (a printed worksheet keeps its link across releases)', () => {
    expect(seededPick(range(100), 5, 'exemplar')).toEqual([99, 4, 94, 44, 66]);
  });
});
