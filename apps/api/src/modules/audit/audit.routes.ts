import { AuditEntrySchema } from '@exemplar/shared/admin-users';
import { successSchema } from '@exemplar/shared/api';
import { IdParamSchema } from '@exemplar/shared/fields';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope';

const AuditQuerySchema = z
  .object({
    limit: z
      .string()
      .regex(/^\d{1,3}$/)
      .transform(Number)
      .pipe(z.number().min(1).max(200))
      .optional(),
    before: IdParamSchema.optional(),
  })
  .strict();

export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.audit;

  app.get(
    '/admin/audit',
    {
      onRequest: app.requirePermission('audit:read'),
      schema: {
        tags: ['admin'],
        querystring: AuditQuerySchema,
        response: { 200: successSchema(z.object({ entries: z.array(AuditEntrySchema) })) },
      },
    },
    async (request) =>
      ok({ entries: await service.list(request.query.limit ?? 50, request.query.before) }),
  );
};
