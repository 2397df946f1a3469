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
import { noStore } from '../auth/auth.plugin';

const tags = ['learner'];

/**
 * Answers one address may have checked per minute. Checking is CPU work (the maths of two
 * answers), so it is limited per IP like the other costly routes; 30 a minute is one every two
 * seconds, more than a learner typing and retrying needs.
 */
export const CHECKS_PER_MINUTE = 30;

export const attemptsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.attempts;
  // A learner's verdicts, marks and help are their own: never kept by a browser or a proxy.
  app.addHook('onRequest', noStore);

  app.post(
    '/examples/:id/check',
    {
      onRequest: app.optionalUser,
      config: { rateLimit: { max: CHECKS_PER_MINUTE, timeWindow: 60_000 } },
      schema: {
        tags,
        summary: "Check an answer to an example; a signed-in learner's attempt is recorded",
        description: `Open to visitors. For a signed-in learner the attempt is recorded and an accepted answer marks the example solved: 'without-help' when the learner had opened neither the answer nor any step before, else 'with-help' (a mark that already says how is kept; one set by hand takes it). 400 when the answer cannot be read; at most ${CHECKS_PER_MINUTE} checks a minute per address (429).`,
        params: IdParamsSchema,
        body: CheckAnswerBodySchema,
        response: { 200: successSchema(CheckAnswerResultSchema) },
      },
    },
    async (request) =>
      ok(await service.check(request.params.id, request.body.answer, request.user?.id)),
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
