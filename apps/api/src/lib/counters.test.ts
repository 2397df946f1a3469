import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { connectRedis, memoryCounterStore, redisCounterStore, type CounterStore } from './counters';

const redisUrl = process.env.REDIS_URL;
const redis = redisUrl ? connectRedis(redisUrl) : undefined;
afterAll(async () => {
  await redis?.quit();
});

let now = 1_000_000;
const stores: [string, () => CounterStore, boolean][] = [
  ['memory', () => memoryCounterStore(() => now), true],
  ['redis', () => redisCounterStore(redis!, `test:${randomUUID()}:`), !!redis],
];

describe.each(stores)('%s counter store', (_name, make, available) => {
  it.skipIf(!available)('counts, expires, flags and deletes', async () => {
    const store = make();
    expect(await store.increment('a', 60_000)).toBe(1);
    expect(await store.increment('a', 60_000)).toBe(2);
    expect(await store.ttl('a')).toBeGreaterThan(50_000);
    expect(await store.ttl('missing')).toBe(0);
    await store.set('lock', 30_000);
    expect(await store.ttl('lock')).toBeGreaterThan(20_000);
    await store.delete('a', 'lock');
    expect(await store.ttl('lock')).toBe(0);
    expect(await store.increment('a', 60_000)).toBe(1);
  });

  it.skipIf(!available || _name !== 'memory')('forgets a count once its time is up', async () => {
    const store = make();
    await store.increment('b', 1000);
    now += 1001;
    expect(await store.ttl('b')).toBe(0);
    expect(await store.increment('b', 1000)).toBe(1);
  });
});
