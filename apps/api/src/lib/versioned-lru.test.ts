import { describe, expect, it } from 'vitest';
import { versionedLru } from './versioned-lru';

describe('versionedLru', () => {
  it('misses under another version', () => {
    const cache = versionedLru<number>({ maxEntries: 10 });
    cache.set('a', '1', 42);
    expect(cache.get('a', '1')).toBe(42);
    expect(cache.get('a', '2')).toBeUndefined();
    expect(cache.get('b', '1')).toBeUndefined();
  });

  it('drops the least recently used entry beyond maxEntries', () => {
    const cache = versionedLru<string>({ maxEntries: 2 });
    cache.set('a', '1', 'A');
    cache.set('b', '1', 'B');
    expect(cache.get('a', '1')).toBe('A'); // a is now the most recent
    cache.set('c', '1', 'C');
    expect(cache.get('b', '1')).toBeUndefined();
    expect(cache.get('a', '1')).toBe('A');
    expect(cache.get('c', '1')).toBe('C');
    expect(cache.size).toBe(2);
  });

  it('keeps the total size under maxTotalSize, replacing an entry without counting it twice', () => {
    const cache = versionedLru<string>({
      maxEntries: 100,
      maxTotalSize: 10,
      sizeOf: (v) => v.length,
    });
    cache.set('a', '1', 'xxxx');
    cache.set('a', '1', 'yyyy');
    expect(cache.totalSize).toBe(4);
    cache.set('b', '1', 'zzzz');
    cache.set('c', '1', 'wwww'); // 12 > 10: a goes
    expect(cache.get('a', '1')).toBeUndefined();
    expect(cache.totalSize).toBe(8);
    expect(cache.size).toBe(2);
  });
});
