import {
  AnswerReadingSchema,
  TryAnswersBodySchema,
  TryAnswersResultSchema,
} from '@exemplar/shared/answer-spec';
import { successSchema } from '@exemplar/shared/api';
import {
  CheckAnswerBodySchema,
  CheckAnswerResultSchema,
  HelpBodySchema,
} from '@exemplar/shared/attempts';
import { IdParamsSchema } from '@exemplar/shared/catalogue';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { done, ok } from '../../lib/envelope';
import { limitKey, perAccount } from '../../plugins/external/rate-limit';
import { noStore } from '../auth';
import { seesDrafts } from '../catalogue/examples';

const tags = ['learner'];

/**
 * Answers one learner (a signed-in account, else a visitor's address) may have checked per
 * minute. Checking is CPU work (the maths of two answers); 30 a minute is one every two seconds,
 * more than a learner typing and retrying needs.
 */
export const CHECKS_PER_MINUTE = 30;
/**
 * Answers all signed-in learners of one address may have checked per minute: a class or a school
 * behind one public address (a few hundred learners) stays far below it (ADR 045).
 */
export const SIGNED_IN_CHECKS_PER_ADDRESS = 3000;

/**
 * Readings one learner may ask for per minute. The app asks as the learner types (debounced), so
 * far more often than it checks; a reading parses one answer and compares nothing, the lighter
 * half of a check. 240 a minute is four a second, sustained.
 */
export const READS_PER_MINUTE = 240;
/** Readings all signed-in learners of one address may ask for per minute. */
export const SIGNED_IN_READS_PER_ADDRESS = 24_000;

/**
 * Tries one editor may make per minute (an editor's answers against an unsaved answer, up to
 * MAX_TEST_ANSWERS checks each).
 */
export const TRIES_PER_MINUTE = 30;

export const attemptsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.attempts;
  // A learner's verdicts, marks and help are their own: never kept by a browser or a proxy.
  app.addHook('onRequest', noStore);

  /**
   * The options of a route that takes a learner's answer to an example: open to visitors, at most
   * `perMinute` a minute per account (a visitor: per address) and `perAddress` of signed-in
   * learners per address, answering `result`.
   */
  const answerRoute = <Result extends z.ZodType>(
    limits: { perMinute: number; perAddress: number },
    doc: { summary: string; description: string },
    result: Result,
  ) => ({
    onRequest: app.optionalUser,
    config: perAccount({
      account: limits.perMinute,
      visitor: limits.perMinute,
      address: limits.perAddress,
    }),
    schema: {
      tags,
      ...doc,
      params: IdParamsSchema,
      body: CheckAnswerBodySchema,
      response: { 200: successSchema(result) },
    },
  });

  app.post(
    '/examples/:id/check',
    answerRoute(
      { perMinute: CHECKS_PER_MINUTE, perAddress: SIGNED_IN_CHECKS_PER_ADDRESS },
      {
        summary: "Check an answer to an example; a signed-in learner's attempt is recorded",
        description: `Open to visitors. For a signed-in learner the attempt is recorded and an accepted answer marks the example solved: 'without-help' when the learner had opened neither the answer nor any step before, else 'with-help' (a mark that already says how is kept; one set by hand takes it). 400 when the answer cannot be read; at most ${CHECKS_PER_MINUTE} checks a minute per account (a visitor: per address) and ${SIGNED_IN_CHECKS_PER_ADDRESS} of signed-in learners per address (429); 429 too when the caller has too many checks in flight, 503 with Retry-After when the checker is too busy to start it in time.`,
      },
      CheckAnswerResultSchema,
    ),
    async (request) =>
      ok(
        await service.check(
          request.params.id,
          request.body.answer,
          request.user?.id,
          limitKey(request),
        ),
      ),
  );

  app.post(
    '/examples/:id/read',
    answerRoute(
      { perMinute: READS_PER_MINUTE, perAddress: SIGNED_IN_READS_PER_ADDRESS },
      {
        summary: 'How the answer checker reads an answer to an example, before it is checked',
        description: `"We read your answer as …": the answer as the checker reads it under the example's answer spec (reading, LaTeX to typeset), or, in plain words, what stops it being read (problem). No verdict is given and nothing is recorded. Open to visitors for published examples; a draft answers 404 to everyone but editors. At most ${READS_PER_MINUTE} readings a minute per account (a visitor: per address) (429), a limit of its own, larger than the check's.`,
      },
      AnswerReadingSchema,
    ),
    async (request) =>
      ok(
        await service.read(
          request.params.id,
          request.body.answer,
          seesDrafts(request.user),
          limitKey(request),
        ),
      ),
  );

  app.post(
    '/admin/answer-check/try',
    {
      onRequest: app.requirePermission('catalogue:write'),
      config: perAccount({
        account: TRIES_PER_MINUTE,
        visitor: TRIES_PER_MINUTE,
        address: SIGNED_IN_CHECKS_PER_ADDRESS,
      }),
      schema: {
        tags: ['catalogue (admin)'],
        summary: "Try answers against an example's answer and answer spec before saving them",
        description: `For the example form: each answer checked against answer under answerSpec (null: the spec inferred from the answer and question, which the result gives with inferred: true), as a learner's check would be, each with its verdict (correct, feedback, checkable: false when not checked automatically) or the message a learner would read instead (refused). Nothing is saved or recorded. Editors only; at most ${TRIES_PER_MINUTE} tries a minute per account (429).`,
        body: TryAnswersBodySchema,
        response: { 200: successSchema(TryAnswersResultSchema) },
      },
    },
    async (request) => ok(await service.tryAnswers(request.body, limitKey(request))),
  );

  app.post(
    '/examples/:id/help',
    {
      onRequest: app.requirePermission('progress:write'),
      schema: {
        tags,
        summary: 'Note that the caller opened the answer or one more step of an example',
        description:
          'A later accepted answer then counts as solved with help. Opening the answer again changes nothing; each step is counted. 400 for a step of an example that has no procedure.',
        params: IdParamsSchema,
        body: HelpBodySchema,
        response: { 200: successSchema(z.null()) },
      },
    },
    async (request) => {
      await service.openHelp(request.user!.id, request.params.id, request.body.kind);
      return done(request.body.kind === 'answer' ? 'Answer opened.' : 'Step opened.');
    },
  );
};
