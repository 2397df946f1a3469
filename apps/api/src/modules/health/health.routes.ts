import { ErrorCode, ErrorResponseSchema, HealthSchema, successSchema } from '@exemplar/shared/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recentValue } from '../../lib/recent-value';

const startedAt = Date.now();

/**
 * A database that answered is trusted this long, so a load balancer polling health (or a load
 * test) costs at most one query per second however often it asks; a failure is never remembered.
 */
export const HEALTHY_FOR_MS = 1000;

/** GET /api/health: 200 while the database answers; 503 while shutting down or when it does not. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const database = recentValue(() => app.database.ping(), HEALTHY_FOR_MS);
  app.get(
    '/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Liveness and readiness',
        response: { 200: successSchema(HealthSchema), 503: ErrorResponseSchema },
      },
    },
    async (_request, reply) => {
      if (app.lifecycle.shuttingDown) {
        return reply
          .status(503)
          .send({ success: false, code: ErrorCode.ServiceUnavailable, message: 'Shutting down.' });
      }
      try {
        await database.read();
      } catch {
        return reply.status(503).send({
          success: false,
          code: ErrorCode.ServiceUnavailable,
          message: 'The database is not answering.',
        });
      }
      return {
        success: true as const,
        data: {
          status: 'ok' as const,
          database: app.database.engine,
          uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
        },
      };
    },
  );
};
