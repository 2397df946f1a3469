import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { recentValue } from './recent-value';

describe('recentValue', () => {
  function counting(versions: string[]) {
    let calls = 0;
    const load = async () => {
      calls += 1;
      await sleep(5);
      return versions[Math.min(calls, versions.length) - 1]!;
    };
    return { load, calls: () => calls };
  }

  it('shares one read between concurrent requests and trusts it for maxAge', async () => {
    const source = counting(['7', '8']);
    // A clock of the test's own: a loaded machine cannot make 50 ms pass between two lines.
    let clock = 0;
    const reader = recentValue(source.load, 50, () => clock);
    expect(reader.fresh()).toBeUndefined();
    const all = await Promise.all(Array.from({ length: 20 }, () => reader.read()));
    expect(new Set(all)).toEqual(new Set(['7']));
    expect(source.calls()).toBe(1);
    expect(reader.fresh()).toBe('7');
    expect(await reader.read()).toBe('7');
    expect(source.calls()).toBe(1);
    clock = 49;
    expect(reader.fresh()).toBe('7');
    clock = 50;
    expect(reader.fresh()).toBeUndefined();
    expect(await reader.read()).toBe('8');
    expect(source.calls()).toBe(2);
  });

  it('after forget() reads again, and drops a read that began before it', async () => {
    const source = counting(['1', '2']);
    const reader = recentValue(source.load, 10_000);
    const before = reader.read(); // began before a write on this instance
    reader.forget();
    expect(await before).toBe('1');
    expect(reader.fresh()).toBeUndefined(); // that answer may predate the write: not kept
    expect(await reader.read()).toBe('2');
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
