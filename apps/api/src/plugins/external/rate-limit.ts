import rateLimit from '@fastify/rate-limit';
import { ErrorCode } from '@exemplar/shared/api';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { CounterStore } from '../../lib/counters';
import { AppError } from '../../lib/errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** All signed-in requests of one address a minute (set by `perAccount`). */
    signedInPerAddress?: number;
  }
}

/**
 * Who a limit (and the answer checker's queue) counts a request against: the signed-in account,
 * else the address (request.ip, see TRUST_PROXY). The one way limits are keyed; read after the
 * route's auth hook has set request.user.
 */
export const limitKey = (request: Pick<FastifyRequest, 'user' | 'ip'>): string =>
  request.user ? `account:${request.user.id}` : `address:${request.ip}`;

/**
 * A route's limit per caller, a minute: `account` requests per signed-in account, `visitor` per
 * address for visitors, and all signed-in requests of one address together at most `address` (a
 * school's learners share one public address, so this is far above what a few hundred of them
 * send). Keyed by `limitKey`, so the route's auth hook (optionalUser, requirePermission) must be in
 * its onRequest: the limit runs after it.
 */
export function perAccount(limits: { account: number; visitor: number; address: number }) {
  return {
    rateLimit: {
      timeWindow: MINUTE,
      keyGenerator: limitKey,
      max: (_request: FastifyRequest, key: string) =>
        key.startsWith('account:') ? limits.account : limits.visitor,
    },
    signedInPerAddress: limits.address,
  };
}

/** A route's limit per address (routes with no signed-in caller, e.g. logging in), a minute. */
export const perAddress = (max: number) => ({ rateLimit: { max, timeWindow: MINUTE } });

const MINUTE = 60_000;

/**
 * Route limits, set by each route as `config: perAccount(...)` or `config: perAddress(n)` (no
 * global limit). Counted with the lockouts in `app.counters` (Redis when configured); fails closed:
 * a limit that cannot be counted answers 503 rather than letting the request through
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
    // The ceiling on one address's signed-in requests: a hook after the route's own limit.
    app.addHook('onRoute', (route) => {
      const ceiling = route.config?.signedInPerAddress;
      if (ceiling === undefined) return;
      const prefix = `rl:signed-in:${String(route.method)}${route.url}:`;
      const hook = async (request: FastifyRequest) => {
        if (!request.user) return;
        const { count, ttlMs } = await app.counters.hit(prefix + request.ip, MINUTE);
        if (count > ceiling) throw tooManyRequests(ttlMs);
      };
      const hooks = route.onRequest;
      route.onRequest = [...(Array.isArray(hooks) ? hooks : hooks ? [hooks] : []), hook];
    });
  },
  { name: 'rate-limit', dependencies: ['redis'] },
);

/** The 429 of a spent limit, `ttlMs` before it resets. */
function tooManyRequests(ttlMs: number): AppError {
  const seconds = Math.max(1, Math.ceil(ttlMs / 1000));
  return new AppError(
    429,
    ErrorCode.TooManyRequests,
    `Too many requests. Please try again in ${seconds} seconds.`,
    { retryAfterSeconds: seconds },
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
