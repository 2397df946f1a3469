import { ErrorCode } from '@exemplar/shared/api';
import { Redis } from 'ioredis';
import { AppError } from './errors';

/**
 * Expiring counters and flags for rate limits and lockouts: in this process by default, in Redis
 * when REDIS_URL is set so that every instance counts the same attempts.
 */
export interface CounterStore {
  /** Adds one to `key` (created with `ttlMs` to live) and returns the new count. */
  increment(key: string, ttlMs: number): Promise<number>;
  /** Like increment, also returning the milliseconds the counter has left to live. */
  hit(key: string, ttlMs: number): Promise<{ count: number; ttlMs: number }>;
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
  const hit: CounterStore['hit'] = async (key, ttlMs) => {
    let e = live(key);
    if (e) {
      e.count++;
    } else {
      if (entries.size > 100_000) {
        for (const k of entries.keys()) live(k);
      }
      e = { count: 1, expires: clock() + ttlMs };
      entries.set(key, e);
    }
    return { count: e.count, ttlMs: e.expires - clock() };
  };
  return {
    hit,
    async increment(key, ttlMs) {
      return (await hit(key, ttlMs)).count;
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

/** What every call answers while Redis cannot be reached: nothing counted is ever skipped. */
export const serviceUnavailable = () =>
  new AppError(503, ErrorCode.ServiceUnavailable, 'Service temporarily unavailable.');

/**
 * Counters in Redis. A command that fails (Redis unreachable, or slower than the client's
 * commandTimeout) rejects with a 503 AppError at once: a limit or lockout that cannot be counted
 * refuses the request rather than letting it through uncounted.
 */
export function redisCounterStore(
  redis: Redis,
  prefix: string,
  log?: { warn(obj: object, msg: string): void },
): CounterStore {
  const unavailable = (err: unknown): never => {
    log?.warn({ err }, 'redis command failed');
    throw serviceUnavailable();
  };
  const hit: CounterStore['hit'] = async (key, ttlMs) => {
    const k = prefix + key;
    const replies = await redis
      .multi()
      .incr(k)
      .pexpire(k, ttlMs, 'NX')
      .pttl(k)
      .exec()
      .catch(unavailable);
    const failed = replies?.find(([err]) => err)?.[0];
    if (!replies || failed) return unavailable(failed ?? new Error('transaction aborted'));
    return { count: Number(replies[0]![1]), ttlMs: Math.max(0, Number(replies[2]![1])) };
  };
  return {
    hit,
    async increment(key, ttlMs) {
      return (await hit(key, ttlMs)).count;
    },
    async set(key, ttlMs) {
      await redis.set(prefix + key, '1', 'PX', ttlMs).catch(unavailable);
    },
    async ttl(key) {
      return Math.max(0, await redis.pttl(prefix + key).catch(unavailable));
    },
    async delete(...keys) {
      if (keys.length) await redis.del(...keys.map((k) => prefix + k)).catch(unavailable);
    },
    async close() {
      // The connection is owned by whoever created it.
    },
  };
}

/**
 * A Redis client that fails fast: no command waits for a connection (no offline queue, no
 * retries), none waits more than COMMAND_TIMEOUT_MS for an answer, and connecting gives up after
 * CONNECT_TIMEOUT_MS (then it keeps reconnecting in the background).
 */
export const REDIS_CONNECT_TIMEOUT_MS = 1000;
export const REDIS_COMMAND_TIMEOUT_MS = 500;

export function connectRedis(
  url: string,
  log?: { warn(obj: object, msg: string): void; info(msg: string): void },
): Redis {
  const redis = new Redis(url, {
    connectTimeout: REDIS_CONNECT_TIMEOUT_MS,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    lazyConnect: false,
  });
  // Without a listener ioredis prints every failed reconnect; log only the change of state.
  let down = false;
  redis.on('error', (err: Error) => {
    if (!down)
      log?.warn({ err }, 'redis unreachable; rate-limited routes answer 503 until it is back');
    down = true;
  });
  redis.on('ready', () => {
    if (down) log?.info('redis reachable again');
    down = false;
  });
  return redis;
}

/**
 * Resolves once the client is connected, or when it has failed to connect (the first error) or
 * `timeoutMs` has passed: a start-up waits for a reachable Redis, never for an unreachable one.
 */
export async function redisSettled(redis: Redis, timeoutMs = REDIS_CONNECT_TIMEOUT_MS) {
  if (redis.status === 'ready') return;
  await new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      redis.off('ready', done);
      redis.off('error', done);
      resolve();
    };
    const timer = setTimeout(done, timeoutMs);
    redis.once('ready', done);
    redis.once('error', done);
  });
}
