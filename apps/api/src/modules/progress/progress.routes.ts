import { successSchema } from '@exemplar/shared/api';
import { IdParamsSchema } from '@exemplar/shared/catalogue';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope';
import { noStore } from '../auth';

const tags = ['learner'];
const Counts = z.object({
  id: z.number().int(),
  total: z.number().int(),
  solved: z.number().int(),
  /** Solved by a checked answer before opening any help (a subset of solved). */
  withoutHelp: z.number().int(),
  /** In the caller's reviews and mastered: in review with a stability of at least MASTERY_STABILITY_DAYS (remembered over at least 3 weeks). */
  mastered: z.number().int(),
});

export const progressRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.progress;
  const onRequest = app.requirePermission('progress:write');
  // The caller's own marks and progress, errors included: never kept by a browser or a proxy.
  app.addHook('onRequest', noStore);

  for (const [segment, field, set] of [
    ['like', 'liked', service.like],
    ['solved', 'solved', service.solve],
  ] as const) {
    for (const [method, on] of [
      ['PUT', true],
      ['DELETE', false],
    ] as const) {
      app.route({
        method,
        url: `/examples/:id/${segment}`,
        onRequest,
        schema: {
          tags,
          summary: `${on ? 'Set' : 'Clear'} the caller's ${field} mark (idempotent)`,
          params: IdParamsSchema,
          response: {
            200: successSchema(z.object({ id: z.number().int(), [field]: z.boolean() })),
          },
        },
        handler: async (request) => {
          await set(request.user!.id, request.params.id, on);
          return ok({ id: request.params.id, [field]: on });
        },
      });
    }
  }

  app.get(
    '/me/progress',
    {
      onRequest,
      schema: {
        tags,
        summary:
          "The caller's solved (and solved without help), mastered (remembered over at least 3 weeks: in review, not failed since, with an FSRS stability of at least 21 days)/total overall, per subject and per category (subcategories included)",
        response: {
          200: successSchema(
            z.object({
              total: z.number().int(),
              solved: z.number().int(),
              /** Solved by a checked answer before opening any help (a subset of solved). */
              solvedWithoutHelp: z.number().int(),
              liked: z.number().int(),
              /** Examples mastered: in review with a stability of at least MASTERY_STABILITY_DAYS (remembered over at least 3 weeks). */
              mastered: z.number().int(),
              categories: z.array(Counts),
              subjects: z.array(Counts),
            }),
          ),
        },
      },
    },
    async (request) => ok(await service.progress(request.user!.id)),
  );
};
