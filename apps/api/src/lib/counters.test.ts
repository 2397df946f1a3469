import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  connectRedis,
  memoryCounterStore,
  redisCounterStore,
  redisSettled,
  type CounterStore,
} from './counters';

const redisUrl = process.env.REDIS_URL;
const redis = redisUrl ? connectRedis(redisUrl) : undefined;
beforeAll(async () => {
  // Commands never wait for a connection (no offline queue): connect first.
  if (redis) await redisSettled(redis);
});
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

describe.skipIf(!redis)('redis counter stores under different prefixes', () => {
  it("count apart: one store never sees or deletes the other one's keys", async () => {
    const [a, b] = [
      redisCounterStore(redis!, `test:${randomUUID()}:`),
      redisCounterStore(redis!, `test:${randomUUID()}:`),
    ];
    expect(await a.increment('login:127.0.0.1', 60_000)).toBe(1);
    expect(await a.increment('login:127.0.0.1', 60_000)).toBe(2);
    expect(await b.increment('login:127.0.0.1', 60_000)).toBe(1);
    await b.delete('login:127.0.0.1');
    expect(await a.ttl('login:127.0.0.1')).toBeGreaterThan(0);
    expect(await a.increment('login:127.0.0.1', 60_000)).toBe(3);
  });
});

describe.each(stores)('%s counter store hit()', (_name, make, available) => {
  it.skipIf(!available)('returns the new count and the time the counter has left', async () => {
    const store = make();
    const first = await store.hit('h', 60_000);
    expect(first.count).toBe(1);
    expect(first.ttlMs).toBeGreaterThan(50_000);
    expect(first.ttlMs).toBeLessThanOrEqual(60_000);
    expect((await store.hit('h', 60_000)).count).toBe(2);
  });
});

describe('redis counter store with Redis unreachable', () => {
  // How long the calls take is measured by `npm run test:perf` (apps/api/test/timings.perf.test.ts).
  it('every call rejects with a 503 AppError "Service temporarily unavailable."', async () => {
    const dead = connectRedis('redis://127.0.0.1:1');
    try {
      await redisSettled(dead);
      const store = redisCounterStore(dead, 'test:dead:');
      for (const call of [
        () => store.increment('k', 1000),
        () => store.hit('k', 1000),
        () => store.set('k', 1000),
        () => store.ttl('k'),
        () => store.delete('k'),
      ]) {
        await expect(call()).rejects.toMatchObject({
          statusCode: 503,
          code: 'ServiceUnavailable',
          message: 'Service temporarily unavailable.',
        });
      }
    } finally {
      dead.disconnect();
    }
  });
});
