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
  const service = examplesService(app.database.db, app.database.engine, {
    catalogueVersion: () => app.catalogueVersion.read(),
  });

  app.get(
    '/examples',
    {
      onRequest: app.optionalUser,
      config: { publicCache: true },
      schema: {
        tags,
        summary: 'Examples, filtered and paged; liked/solved apply to signed-in callers only',
        querystring: ExamplesQuerySchema,
        response: { 200: successSchema(ExamplesPageSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.list(request.query, request.user?.id),
    }),
  );

  app.get(
    '/examples/random',
    {
      onRequest: app.optionalUser,
      schema: {
        tags,
        summary: 'One example picked at random among those the filters match',
        querystring: ExamplesQuerySchema.omit({ limit: true, cursor: true }),
        response: { 200: successSchema(z.object({ example: ExampleSchema })) },
      },
    },
    async (request) => ({
      success: true as const,
      data: { example: await service.random(request.query, request.user?.id) },
    }),
  );

  app.get(
    '/examples/:id',
    {
      onRequest: app.optionalUser,
      config: { publicCache: true },
      schema: {
        tags,
        params: IdParamsSchema,
        response: { 200: successSchema(z.object({ example: ExampleSchema })) },
      },
    },
    async (request) => ({
      success: true as const,
      data: { example: await service.get(request.params.id, request.user?.id) },
    }),
  );
};
