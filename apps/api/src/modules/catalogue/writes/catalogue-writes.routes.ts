import { successSchema } from '@exemplar/shared/api';
import {
  CategorySchema,
  DifficultySchema,
  ExampleSchema,
  ExampleTypeSchema,
  IdParamsSchema,
  SubjectSchema,
} from '@exemplar/shared/catalogue';
import {
  CategoryInputSchema,
  DifficultyInputSchema,
  ExampleInputSchema,
  SubjectInputSchema,
  TypeInputSchema,
} from '@exemplar/shared/catalogue-writes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { done, ok } from '../../../lib/envelope';
import type { Writer } from './catalogue-writes.common';

/** POST /{plural}, PUT /{plural}/{id}, DELETE /{plural}/{id} for the five catalogue entities. */
export const catalogueWritesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { named, categories, examples } = app.services.catalogueWrites;
  const onRequest = app.requirePermission('catalogue:write');

  function entity<I, O>(
    plural: string,
    singular: string,
    label: string,
    input: z.ZodType<I>,
    output: z.ZodType<O>,
    writer: Writer<I, O>,
    describe: { create?: string; update?: string } = {},
  ) {
    const tags = ['catalogue (admin)'];
    const response = successSchema(z.object({ [singular]: output }));
    app.post(
      `/${plural}`,
      {
        onRequest,
        schema: {
          tags,
          ...(describe.create ? { description: describe.create } : {}),
          body: input,
          response: { 201: response },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(
            ok(
              { [singular]: await writer.create(request.user!, request.body as I) },
              `${label} created.`,
            ),
          ),
    );
    app.put(
      `/${plural}/:id`,
      {
        onRequest,
        schema: {
          tags,
          ...(describe.update ? { description: describe.update } : {}),
          params: IdParamsSchema,
          body: input,
          response: { 200: response },
        },
      },
      async (request) =>
        ok(
          { [singular]: await writer.update(request.user!, request.params.id, request.body as I) },
          `${label} updated.`,
        ),
    );
    app.delete(
      `/${plural}/:id`,
      {
        onRequest,
        schema: { tags, params: IdParamsSchema, response: { 200: successSchema(z.null()) } },
      },
      async (request) => {
        await writer.remove(request.user!, request.params.id);
        return done(`${label} deleted.`);
      },
    );
  }

  entity('subjects', 'subject', 'Subject', SubjectInputSchema, SubjectSchema, named.subjects);
  entity('categories', 'category', 'Category', CategoryInputSchema, CategorySchema, categories);
  entity(
    'difficulties',
    'difficulty',
    'Difficulty',
    DifficultyInputSchema,
    DifficultySchema,
    named.difficulties,
  );
  entity('types', 'type', 'Type', TypeInputSchema, ExampleTypeSchema, named.types);
  entity('examples', 'example', 'Example', ExampleInputSchema, ExampleSchema, examples, {
    create:
      'answerSpec: what counts as a right answer (null or absent: inferred from the answer and question). testAnswers: answers the checker must accept or refuse under it (absent: none). A spec or test answer that does not validate is a 400 naming the field, and nothing is saved.',
    update:
      'answerSpec absent: the spec as set is kept; null: it goes back to inferred from the answer and question; a spec: it is set. testAnswers absent: kept; a list replaces them. A spec or test answer that does not validate is a 400 naming the field, and nothing is saved.',
  });
};
