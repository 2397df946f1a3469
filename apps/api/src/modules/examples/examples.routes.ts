import { successSchema } from '@exemplar/shared/api';
import {
  ExampleSchema,
  ExamplesPageSchema,
  ExamplesQuerySchema,
  IdParamsSchema,
} from '@exemplar/shared/catalogue';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { examplesService } from './examples.service';

const tags = ['examples'];

export const examplesRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = examplesService(app.database.db, app.database.engine);

  app.get(
    '/examples',
    {
      schema: {
        tags,
        summary: 'Examples, filtered and paged (newest filters: see the query parameters)',
        querystring: ExamplesQuerySchema,
        response: { 200: successSchema(ExamplesPageSchema) },
      },
    },
    async (request) => ({ success: true as const, data: await service.list(request.query) }),
  );

  app.get(
    '/examples/:id',
    {
      schema: {
        tags,
        params: IdParamsSchema,
        response: { 200: successSchema(z.object({ example: ExampleSchema })) },
      },
    },
    async (request) => ({
      success: true as const,
      data: { example: await service.get(request.params.id) },
    }),
  );
};
