import rateLimit from '@fastify/rate-limit';
import { ErrorCode } from '@exemplar/shared/api';
import fp from 'fastify-plugin';
import type { CounterStore } from '../../lib/counters';
import { AppError } from '../../lib/errors';

/**
 * Per-IP limits, set by each route as `config: { rateLimit: { max, timeWindow } }` (no global
 * limit). Keyed on request.ip (see TRUST_PROXY), counted with the lockouts in `app.counters`; fails
 * closed: a limit that cannot be counted answers 503 rather than letting the request through
 * (skipOnError: false). Registered before the routes, whose limits it reads as they are added.
 */
export const rateLimitPlugin = fp(
  async (app) => {
    await app.register(rateLimit, {
      global: false,
      store: rateLimitStore(app.counters),
      skipOnError: false,
      errorResponseBuilder: (_request, context) => tooManyRequests(context.ttl),
    });
  },
  { name: 'rate-limit', dependencies: ['redis'] },
);

/** The 429 of a spent limit, `ttlMs` before it resets. */
function tooManyRequests(ttlMs: number): AppError {
  return new AppError(
    429,
    ErrorCode.TooManyRequests,
    `Too many requests. Please try again in ${Math.ceil(ttlMs / 1000)} seconds.`,
  );
}

/**
 * A store for @fastify/rate-limit over a CounterStore, so per-IP limits count in the same place as
 * lockouts (Redis when configured) and fail the same way: a counter that cannot be read refuses
 * the request with 503 (the plugin's skipOnError stays false).
 */
function rateLimitStore(counters: CounterStore, prefix = 'rl:') {
  return class CounterRateLimitStore {
    constructor(
      _options?: unknown,
      private readonly keyPrefix = prefix,
    ) {}
    incr(
      key: string,
      callback: (err: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ) {
      counters.hit(this.keyPrefix + key, timeWindow).then(
        ({ count, ttlMs }) => callback(null, { current: count, ttl: ttlMs }),
        (err: Error) => callback(err),
      );
    }
    // The plugin passes the route as routeInfo (its type declarations say otherwise).
    child(options: object) {
      const route = (options as { routeInfo?: { method: string | string[]; url: string } })
        .routeInfo;
      if (!route) throw new Error('rate-limit store: no routeInfo for a route limit');
      return new CounterRateLimitStore(
        undefined,
        `${this.keyPrefix}${String(route.method)}${route.url}:`,
      );
    }
  };
}
