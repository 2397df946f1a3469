import { ErrorCode, ErrorResponseSchema, HealthSchema, successSchema } from '@exemplar/shared/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const startedAt = Date.now();

/** GET /api/health: 200 while the database answers; 503 while shutting down or when it does not. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
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
        await app.database.ping();
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
