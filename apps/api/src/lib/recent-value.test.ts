import { describe, expect, it } from 'vitest';
import { recentValue } from './recent-value';

describe('recentValue', () => {
  /** A load that answers the next of `versions` once the test calls open(), not before. */
  function counting(versions: string[]) {
    let calls = 0;
    let open!: () => void;
    let opened = new Promise<void>((resolve) => (open = resolve));
    const load = async () => {
      calls += 1;
      const version = versions[Math.min(calls, versions.length) - 1]!;
      await opened;
      return version;
    };
    return {
      load,
      calls: () => calls,
      /** Lets the loads under way answer; the next ones wait for the next open(). */
      open() {
        open();
        opened = new Promise<void>((resolve) => (open = resolve));
      },
    };
  }

  it('shares one read between concurrent requests and trusts it for maxAge', async () => {
    const source = counting(['7', '8']);
    // A clock of the test's own: a loaded machine cannot make 50 ms pass between two lines.
    let clock = 0;
    const reader = recentValue(source.load, 50, () => clock);
    expect(reader.fresh()).toBeUndefined();
    // Twenty reads while the first load is under way.
    const reads = Promise.all(Array.from({ length: 20 }, () => reader.read()));
    expect(reader.fresh()).toBeUndefined();
    source.open();
    expect(new Set(await reads)).toEqual(new Set(['7']));
    expect(source.calls()).toBe(1);
    expect(reader.fresh()).toBe('7');
    expect(await reader.read()).toBe('7');
    expect(source.calls()).toBe(1);
    clock = 49;
    expect(reader.fresh()).toBe('7');
    clock = 50;
    expect(reader.fresh()).toBeUndefined();
    const again = reader.read();
    source.open();
    expect(await again).toBe('8');
    expect(source.calls()).toBe(2);
  });

  it('after forget() reads again, and drops a read that began before it', async () => {
    const source = counting(['1', '2']);
    const reader = recentValue(source.load, 10_000);
    const before = reader.read(); // began before a write on this instance
    reader.forget();
    source.open();
    expect(await before).toBe('1');
    expect(reader.fresh()).toBeUndefined(); // that answer may predate the write: not kept
    const after = reader.read();
    source.open();
    expect(await after).toBe('2');
    expect(reader.fresh()).toBe('2');
    reader.forget();
    expect(reader.fresh()).toBeUndefined();
  });

  it('does not keep a failed read', async () => {
    let fail = true;
    const reader = recentValue(async () => {
      if (fail) throw new Error('database gone');
      return '3';
    }, 10_000);
    await expect(reader.read()).rejects.toThrow('database gone');
    fail = false;
    expect(await reader.read()).toBe('3');
  });
});
