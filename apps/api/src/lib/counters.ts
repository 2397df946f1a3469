import { Redis } from 'ioredis';

/**
 * Expiring counters and flags for rate limits and lockouts: in this process by default, in Redis
 * when REDIS_URL is set so that every instance counts the same attempts.
 */
export interface CounterStore {
  /** Adds one to `key` (created with `ttlMs` to live) and returns the new count. */
  increment(key: string, ttlMs: number): Promise<number>;
  /** Sets `key` for `ttlMs`. */
  set(key: string, ttlMs: number): Promise<void>;
  /** Milliseconds `key` has left to live, or 0 when absent. */
  ttl(key: string): Promise<number>;
  delete(...keys: string[]): Promise<void>;
  close(): Promise<void>;
}

export function memoryCounterStore(clock: () => number = Date.now): CounterStore {
  const entries = new Map<string, { count: number; expires: number }>();
  const live = (key: string) => {
    const e = entries.get(key);
    if (e && e.expires <= clock()) {
      entries.delete(key);
      return undefined;
    }
    return e;
  };
  return {
    async increment(key, ttlMs) {
      const e = live(key);
      if (e) {
        e.count++;
        return e.count;
      }
      if (entries.size > 100_000) {
        for (const k of entries.keys()) live(k);
      }
      entries.set(key, { count: 1, expires: clock() + ttlMs });
      return 1;
    },
    async set(key, ttlMs) {
      entries.set(key, { count: 1, expires: clock() + ttlMs });
    },
    async ttl(key) {
      const e = live(key);
      return e ? e.expires - clock() : 0;
    },
    async delete(...keys) {
      for (const k of keys) entries.delete(k);
    },
    async close() {
      entries.clear();
    },
  };
}

export function redisCounterStore(redis: Redis, prefix = 'exemplar:'): CounterStore {
  return {
    async increment(key, ttlMs) {
      const k = prefix + key;
      const [[, count]] = (await redis.multi().incr(k).pexpire(k, ttlMs, 'NX').exec()) as [
        [unknown, number],
        unknown,
      ];
      return count;
    },
    async set(key, ttlMs) {
      await redis.set(prefix + key, '1', 'PX', ttlMs);
    },
    async ttl(key) {
      return Math.max(0, await redis.pttl(prefix + key));
    },
    async delete(...keys) {
      if (keys.length) await redis.del(...keys.map((k) => prefix + k));
    },
    async close() {
      // The connection is owned by whoever created it.
    },
  };
}

export function connectRedis(url: string): Redis {
  return new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true, lazyConnect: false });
}
