import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import {
  connectRedis,
  memoryCounterStore,
  redisCounterStore,
  redisSettled,
  type CounterStore,
} from '../../lib/counters';

declare module 'fastify' {
  interface FastifyInstance {
    /** The Redis client when REDIS_URL is set (readiness pings it). */
    redis: Redis | null;
    /** Expiring counters (rate limits, lockouts, code-mail limits), in Redis when configured. */
    counters: CounterStore;
  }
}

/**
 * The counters, in Redis when REDIS_URL is set (their keys under REDIS_KEY_PREFIX), else in this
 * process. A reachable Redis is connected before the first request; an unreachable one does not
 * hold up start-up (readiness says so, and counted routes answer 503 until it is back).
 */
export const redisPlugin = fp(
  async (app) => {
    const url = app.config.REDIS_URL;
    const redis = url ? connectRedis(url, app.log) : null;
    app.decorate('redis', redis);
    if (redis) await redisSettled(redis);
    const counters = redis
      ? redisCounterStore(redis, app.config.REDIS_KEY_PREFIX, app.log)
      : memoryCounterStore();
    app.decorate('counters', counters);
    app.addHook('onClose', async () => {
      await counters.close();
      // quit() needs a connection; a Redis that is down is simply dropped.
      if (redis) await redis.quit().catch(() => redis.disconnect());
    });
  },
  { name: 'redis', decorators: { fastify: ['config'] } },
);
