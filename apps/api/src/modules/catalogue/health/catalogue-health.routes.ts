import { successSchema } from '@exemplar/shared/api';
import { CatalogueHealthSchema } from '@exemplar/shared/catalogue-health';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../../lib/envelope';

export const catalogueHealthRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.catalogueHealth;

  app.get(
    '/admin/catalogue-health',
    {
      onRequest: app.requirePermission('catalogue:write'),
      schema: {
        tags: ['catalogue (admin)'],
        summary: 'Problems in the catalogue: maths that fails, empty procedures and categories',
        description:
          'Answers the result for the catalogue as it is now (200, status "done"), kept until the ' +
          'catalogue changes; otherwise starts a check, or reports the one under way, with its ' +
          'progress (202, status "running"): poll until it is done.',
        response: {
          200: successSchema(CatalogueHealthSchema),
          202: successSchema(CatalogueHealthSchema),
        },
      },
    },
    async (request, reply) => {
      const { health } = await service.status(request.user!.id);
      reply.header('cache-control', 'no-store');
      if (health.status === 'running') reply.code(202);
      return ok(health);
    },
  );
};
