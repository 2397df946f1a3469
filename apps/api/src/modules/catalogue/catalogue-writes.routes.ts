import { successSchema } from '@exemplar/shared/api';
import {
  CategoryInputSchema,
  CategorySchema,
  DifficultyInputSchema,
  DifficultySchema,
  ExampleInputSchema,
  ExampleSchema,
  ExampleTypeSchema,
  IdParamsSchema,
  SubjectInputSchema,
  SubjectSchema,
  TypeInputSchema,
} from '@exemplar/shared/catalogue';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuthUser } from '../auth/auth.service';

interface Writer<I, O> {
  create(actor: AuthUser, input: I): Promise<O>;
  update(actor: AuthUser, id: number, input: I): Promise<O>;
  remove(actor: AuthUser, id: number): Promise<void>;
}

/** POST /{plural}, PUT /{plural}/{id}, DELETE /{plural}/{id} for the five catalogue entities. */
export const catalogueWritesRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.catalogueWrites;
  const onRequest = app.requirePermission('catalogue:write');

  function entity<I, O>(
    plural: string,
    singular: string,
    label: string,
    input: z.ZodType<I>,
    output: z.ZodType<O>,
    writer: Writer<I, O>,
  ) {
    const tags = ['catalogue (admin)'];
    const response = successSchema(z.object({ [singular]: output }));
    app.post(
      `/${plural}`,
      { onRequest, schema: { tags, body: input, response: { 201: response } } },
      async (request, reply) =>
        reply.status(201).send({
          success: true as const,
          message: `${label} created.`,
          data: { [singular]: await writer.create(request.user!, request.body as I) },
        }),
    );
    app.put(
      `/${plural}/:id`,
      {
        onRequest,
        schema: { tags, params: IdParamsSchema, body: input, response: { 200: response } },
      },
      async (request) => ({
        success: true as const,
        message: `${label} updated.`,
        data: {
          [singular]: await writer.update(request.user!, request.params.id, request.body as I),
        },
      }),
    );
    app.delete(
      `/${plural}/:id`,
      {
        onRequest,
        schema: { tags, params: IdParamsSchema, response: { 200: successSchema(z.null()) } },
      },
      async (request) => {
        await writer.remove(request.user!, request.params.id);
        return { success: true as const, message: `${label} deleted.`, data: null };
      },
    );
  }

  entity('subjects', 'subject', 'Subject', SubjectInputSchema, SubjectSchema, service.subjects);
  entity(
    'categories',
    'category',
    'Category',
    CategoryInputSchema,
    CategorySchema,
    service.categories,
  );
  entity(
    'difficulties',
    'difficulty',
    'Difficulty',
    DifficultyInputSchema,
    DifficultySchema,
    service.difficulties,
  );
  entity('types', 'type', 'Type', TypeInputSchema, ExampleTypeSchema, service.types);
  entity('examples', 'example', 'Example', ExampleInputSchema, ExampleSchema, service.examples);
};
