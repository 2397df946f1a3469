import { ErrorCode, ErrorResponseSchema, HealthSchema, successSchema } from '@exemplar/shared/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope';
import { AppError } from '../../lib/errors';
import { recentValue } from '../../lib/recent-value';

const startedAt = Date.now();

/**
 * A dependency that answered is trusted this long, so a load balancer polling health (or a load
 * test) costs at most one query per second however often it asks; a failure is never remembered.
 */
export const HEALTHY_FOR_MS = 1000;
/** A dependency that has not answered within this long counts as down (readiness never hangs). */
export const CHECK_TIMEOUT_MS = 800;

const unavailable = (message: string) => new AppError(503, ErrorCode.ServiceUnavailable, message);

const CheckStatus = z.enum(['ok', 'down']);
const ChecksSchema = z.object({
  database: CheckStatus,
  /** "not-configured" without REDIS_URL: counters then live in this process. */
  redis: z.enum(['ok', 'down', 'not-configured']),
});
const ReadySchema = z.object({
  success: z.literal(true),
  data: z.object({ status: z.literal('ready'), checks: ChecksSchema }),
});
const NotReadySchema = ErrorResponseSchema.extend({
  data: z.object({ status: z.enum(['not-ready', 'shutting-down']), checks: ChecksSchema }),
});

function withTimeout(check: Promise<unknown>, ms: number): Promise<'ok' | 'down'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'down'>((resolve) => {
    timer = setTimeout(() => resolve('down'), ms);
  });
  return Promise.race([
    check.then(
      () => 'ok' as const,
      () => 'down' as const,
    ),
    timeout,
  ]).finally(() => clearTimeout(timer));
}

/**
 * GET /api/health/live: 200 while the process can answer at all (restart it when this fails).
 * GET /api/health/ready: 200 when every dependency answers, else 503 naming each one's state
 * (take the instance out of the load balancer meanwhile). Also 503 while shutting down.
 * GET /api/health: the original check, kept as it was: 200 while the database answers, 503 while
 * shutting down or when it does not; it does not look at Redis.
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const database = recentValue(() => app.database.ping(), HEALTHY_FOR_MS);
  const redis = recentValue(async () => {
    await app.redis?.ping();
  }, HEALTHY_FOR_MS);

  app.get(
    '/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Database health (kept for compatibility; see /health/live and /health/ready)',
        response: { 200: successSchema(HealthSchema), 503: ErrorResponseSchema },
      },
    },
    async () => {
      if (app.lifecycle.shuttingDown) throw unavailable('Shutting down.');
      try {
        await database.read();
      } catch {
        throw unavailable('The database is not answering.');
      }
      return ok({
        status: 'ok' as const,
        database: app.database.engine,
        uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
      });
    },
  );

  app.get(
    '/health/live',
    {
      schema: {
        tags: ['system'],
        summary: 'Liveness: the process answers (checks no dependency)',
        response: { 200: successSchema(z.object({ status: z.literal('alive') })) },
      },
    },
    async () => ok({ status: 'alive' as const }),
  );

  app.get(
    '/health/ready',
    {
      schema: {
        tags: ['system'],
        summary: 'Readiness: every dependency answers (poll this from a load balancer)',
        response: { 200: ReadySchema, 503: NotReadySchema },
      },
    },
    async (_request, reply) => {
      const [databaseState, redisState] = await Promise.all([
        withTimeout(database.read(), CHECK_TIMEOUT_MS),
        app.redis ? withTimeout(redis.read(), CHECK_TIMEOUT_MS) : ('not-configured' as const),
      ]);
      const checks = { database: databaseState, redis: redisState };
      const down = Object.entries(checks)
        .filter(([, state]) => state === 'down')
        .map(([name]) => name);
      if (app.lifecycle.shuttingDown || down.length) {
        return reply.status(503).send({
          success: false as const,
          code: ErrorCode.ServiceUnavailable,
          message: app.lifecycle.shuttingDown
            ? 'Shutting down.'
            : `Not ready: ${down.join(' and ')} ${down.length > 1 ? 'are' : 'is'} down.`,
          data: {
            status: app.lifecycle.shuttingDown
              ? ('shutting-down' as const)
              : ('not-ready' as const),
            checks,
          },
        });
      }
      return ok({ status: 'ready' as const, checks });
    },
  );
};
