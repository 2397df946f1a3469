import { successSchema } from '@exemplar/shared/api';
import {
  ExamplePositionSchema,
  ExampleSchema,
  ExamplesFilterQuerySchema,
  ExamplesPageSchema,
  ExamplesQuerySchema,
  IdParamsSchema,
  RandomExampleSchema,
  RelatedExamplesSchema,
  SearchSuggestionsSchema,
  SuggestQuerySchema,
} from '@exemplar/shared/catalogue';
import { WorksheetQuerySchema, WorksheetSchema } from '@exemplar/shared/worksheets';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../../lib/envelope';
import { forCaller, seesDrafts } from './examples.filter';

const tags = ['examples'];

export const examplesRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.examples;

  app.get(
    '/examples',
    {
      onRequest: app.optionalUser,
      config: { publicCache: true },
      schema: {
        tags,
        summary:
          'Examples, filtered and paged; liked/solved apply to signed-in callers only, status to editors only',
        querystring: ExamplesQuerySchema,
        response: { 200: successSchema(ExamplesPageSchema) },
      },
    },
    async (request, reply) => {
      const { query, viewerId, editor } = forCaller(request.query, request.user);
      // A signed-in caller's page of the visitors' list comes written, their marks in it.
      const marked = await service.markedPageJson(query, viewerId, editor);
      // Sent as it is: a string with a JSON content type skips the route's serializer, and this
      // one is what it would have written (marked-page.test.ts compares the two).
      if (marked !== undefined)
        return (reply as FastifyReply).type('application/json; charset=utf-8').send(marked);
      return ok(await service.list(query, viewerId, editor));
    },
  );

  app.get(
    '/examples/random',
    {
      onRequest: app.optionalUser,
      schema: {
        tags,
        summary: 'One example picked at random among those the filters match',
        description:
          'Uniform among the filtered list, with where the pick stands in it (as /examples/{id}/position answers).',
        querystring: ExamplesFilterQuerySchema,
        response: { 200: successSchema(RandomExampleSchema) },
      },
    },
    async (request) => {
      const { query, viewerId, editor } = forCaller(request.query, request.user);
      return ok(await service.random(query, viewerId, editor));
    },
  );

  app.get(
    '/examples/worksheet',
    {
      onRequest: app.optionalUser,
      config: { publicCache: true },
      schema: {
        tags,
        summary:
          'Examples for a worksheet: count of the filtered list, in the order a seed decides',
        description:
          "Takes the list's filters, count (1 to 50, 10 by default) and seed (1 to 32 letters, digits, _ or -). The same filters and seed give the same examples in the same order while the catalogue is unchanged; total is the size of the filtered list. liked/solved/withoutHelp apply to signed-in callers only, status to editors only.",
        querystring: WorksheetQuerySchema,
        response: { 200: successSchema(WorksheetSchema) },
      },
    },
    async (request) => {
      const { query, viewerId, editor } = forCaller(request.query, request.user);
      return ok(await service.worksheet(query, viewerId, editor));
    },
  );

  app.get(
    '/examples/:id/position',
    {
      onRequest: app.optionalUser,
      config: { publicCache: true },
      schema: {
        tags,
        summary: "An example's position in the filtered list, with its previous and next",
        description:
          "Takes the list's filters and answers in the list's order (relevance first when searching, then id): position from 1 and the total, or position null (no neighbours) when the filters leave the example out. liked/solved apply to signed-in callers only.",
        params: IdParamsSchema,
        querystring: ExamplesFilterQuerySchema,
        response: { 200: successSchema(ExamplePositionSchema) },
      },
    },
    async (request) => {
      const { query, viewerId, editor } = forCaller(request.query, request.user);
      return ok(await service.position(request.params.id, query, viewerId, editor));
    },
  );

  app.get(
    '/examples/suggest',
    {
      config: { publicCache: true },
      schema: {
        tags,
        summary: 'What the search box suggests while a search is typed',
        description:
          'The published examples the text finds first (at most five, id and question, in the list\'s order) and, when it finds none, up to three nearby searches that find some: its typos corrected, or a word left out ("Did you mean …?"). The same for every caller.',
        querystring: SuggestQuerySchema,
        response: { 200: successSchema(SearchSuggestionsSchema) },
      },
    },
    async (request) => ok(await service.suggest(request.query.q)),
  );

  app.get(
    '/examples/:id/related',
    {
      onRequest: app.optionalUser,
      config: { publicCache: true },
      schema: {
        tags,
        summary: 'Up to five published examples most like this one ("More like this")',
        description:
          "Ranked by a shared category plus the words their search documents share (rarer words and the question weighing more), ties by id. Drafts are never listed; a draft's own list is for editors only (404 for anyone else). The same for every caller, without their marks.",
        params: IdParamsSchema,
        response: { 200: successSchema(RelatedExamplesSchema) },
      },
    },
    async (request) =>
      ok({ examples: await service.related(request.params.id, seesDrafts(request.user)) }),
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
    async (request) =>
      ok({
        example: await service.get(request.params.id, request.user?.id, seesDrafts(request.user)),
      }),
  );
};
