import { successSchema } from '@exemplar/shared/api';
import {
  GradeReviewBodySchema,
  GradeReviewResultSchema,
  LEARN_AHEAD_MINUTES,
  MASTERY_STABILITY_DAYS,
  REVIEW_RETRY_WINDOW_SECONDS,
  REVIEW_SUGGESTIONS_DEFAULT,
  REVIEW_SUGGESTIONS_MAX,
  ReviewParamsSchema,
  ReviewStatsSchema,
  ReviewStatusSchema,
  ReviewsDuePageSchema,
  ReviewsDueQuerySchema,
  ReviewSuggestionsQuerySchema,
  ReviewSuggestionsSchema,
  TimeZoneQuerySchema,
} from '@exemplar/shared/reviews';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { done, ok, type Success } from '../../lib/envelope';
import { noStore } from '../auth';
import { REVIEWS_DUE_PAGE_DEFAULT } from './reviews.service';

const tags = ['learner'];

export const reviewsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.reviews;
  const onRequest = app.requirePermission('progress:write');
  // The caller's own reviews, errors included: never kept by a browser or a proxy.
  app.addHook('onRequest', noStore);

  app.post(
    '/reviews',
    {
      onRequest,
      schema: {
        tags,
        summary: "Grade the caller's recall of an example (FSRS); adds it to their reviews first",
        description: `Rating again, hard, good or easy moves the card's next due date. The same rating for the same example within ${REVIEW_RETRY_WINDOW_SECONDS} seconds of the last grade is a retry: the card is answered unchanged with repeated true. 404 for an unknown example.`,
        body: GradeReviewBodySchema,
        response: { 200: successSchema(GradeReviewResultSchema) },
      },
    },
    async (request) =>
      ok(await service.grade(request.user!.id, request.body.exampleId, request.body.rating)),
  );

  app.get(
    '/reviews/due',
    {
      onRequest,
      schema: {
        tags,
        summary:
          "The caller's review session: examples due now, then those in their learning steps due soon",
        description: `The cards due now, then the cards in their learning or relearning steps (graded again or hard minutes ago) due within ${LEARN_AHEAD_MINUTES} minutes, learnt ahead so they come back in the session; most overdue first. Each with its card and the due date each grade would give. ${REVIEWS_DUE_PAGE_DEFAULT} a page unless limit (1 to 100) says otherwise; nextCursor continues.`,
        querystring: ReviewsDueQuerySchema,
        response: { 200: successSchema(ReviewsDuePageSchema) },
      },
    },
    async (request) => ok(await service.due(request.user!.id, request.query)),
  );

  app.get(
    '/reviews/stats',
    {
      onRequest,
      schema: {
        tags,
        summary: "The caller's reviews counted: due, by state, mastered, per day",
        description: `Days are those of the IANA time zone tz (UTC when absent). Mastered: remembered over at least 3 weeks, that is, in review (not failed since) with a stability of at least ${MASTERY_STABILITY_DAYS} days.`,
        querystring: TimeZoneQuerySchema,
        response: { 200: successSchema(ReviewStatsSchema) },
      },
    },
    async (request) => ok(await service.stats(request.user!.id, request.query.tz)),
  );

  app.get(
    '/reviews/suggestions',
    {
      onRequest,
      schema: {
        tags,
        summary: "Liked or solved-with-help examples not yet in the caller's reviews, newest first",
        description: `${REVIEW_SUGGESTIONS_DEFAULT} unless limit (1 to ${REVIEW_SUGGESTIONS_MAX}) says otherwise.`,
        querystring: ReviewSuggestionsQuerySchema,
        response: { 200: successSchema(ReviewSuggestionsSchema) },
      },
    },
    async (request) => ok(await service.suggestions(request.user!.id, request.query.limit)),
  );

  /**
   * A route on the caller's card for one example, /reviews/{exampleId}: `answer` is given the
   * caller's id and the example's, and must answer `data`. `data` is one of the answers these
   * routes give (the type provider cannot check a handler against any schema at all).
   */
  function cardRoute<T extends typeof ReviewStatusSchema | z.ZodNull>(
    method: 'GET' | 'PUT' | 'DELETE',
    summary: string,
    data: T,
    answer: (userId: number, exampleId: number) => Promise<Success<z.infer<T>>>,
  ) {
    app.route({
      method,
      url: '/reviews/:exampleId',
      onRequest,
      schema: { tags, summary, params: ReviewParamsSchema, response: { 200: successSchema(data) } },
      handler: (request) => answer(request.user!.id, request.params.exampleId),
    });
  }

  cardRoute(
    'GET',
    "The caller's card for an example (null when not in their reviews)",
    ReviewStatusSchema,
    async (userId, exampleId) => ok(await service.status(userId, exampleId)),
  );
  cardRoute(
    'PUT',
    "Add an example to the caller's reviews, due now (idempotent: a card is kept)",
    ReviewStatusSchema,
    async (userId, exampleId) => ok(await service.add(userId, exampleId)),
  );
  cardRoute(
    'DELETE',
    "Take an example out of the caller's reviews (its grades stay logged)",
    z.null(),
    async (userId, exampleId) => {
      await service.remove(userId, exampleId);
      return done('Removed from your reviews.');
    },
  );
};
