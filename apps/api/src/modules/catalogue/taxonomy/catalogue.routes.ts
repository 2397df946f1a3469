import { successSchema } from '@exemplar/shared/api';
import {
  CategorySchema,
  CategoryTreeEntrySchema,
  DifficultySchema,
  ExampleTypeSchema,
  IdParamsSchema,
  SubjectSchema,
} from '@exemplar/shared/catalogue';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../../lib/envelope';

const tags = ['catalogue'];

export const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.catalogue;

  app.get(
    '/subjects',
    {
      config: { publicCache: true },
      schema: {
        tags,
        response: { 200: successSchema(z.object({ subjects: z.array(SubjectSchema) })) },
      },
    },
    async () => ok({ subjects: await service.listSubjects() }),
  );

  app.get(
    '/difficulties',
    {
      config: { publicCache: true },
      schema: {
        tags,
        response: { 200: successSchema(z.object({ difficulties: z.array(DifficultySchema) })) },
      },
    },
    async () => ok({ difficulties: await service.listDifficulties() }),
  );

  app.get(
    '/types',
    {
      config: { publicCache: true },
      schema: {
        tags,
        response: { 200: successSchema(z.object({ types: z.array(ExampleTypeSchema) })) },
      },
    },
    async () => ok({ types: await service.listTypes() }),
  );

  app.get(
    '/categories',
    {
      config: { publicCache: true },
      schema: {
        tags,
        response: { 200: successSchema(z.object({ categories: z.array(CategorySchema) })) },
      },
    },
    async () => ok({ categories: await service.listCategories() }),
  );

  app.get(
    '/categories/subject/:id',
    {
      config: { publicCache: true },
      schema: {
        tags,
        params: IdParamsSchema,
        response: { 200: successSchema(z.object({ categories: z.array(CategorySchema) })) },
      },
    },
    async (request) => ok({ categories: await service.listCategoriesOfSubject(request.params.id) }),
  );

  app.get(
    '/categories/tree',
    {
      config: { publicCache: true },
      schema: {
        tags,
        response: {
          200: successSchema(z.object({ categoriesTree: z.array(CategoryTreeEntrySchema) })),
        },
      },
    },
    async () => ok({ categoriesTree: await service.categoryTree() }),
  );
};
