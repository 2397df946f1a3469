import { successSchema } from '@exemplar/shared/api';
import { NewsletterRequestSchema } from '@exemplar/shared/newsletter';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope';
import { perAddress } from '../../plugins/external/rate-limit';

/** Per-IP signups a minute: enough for a household behind one address, not for a flood. */
export const NEWSLETTER_LIMIT_PER_MINUTE = 10;

export const newsletterRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.newsletter;
  app.post(
    '/newsletter',
    {
      config: perAddress(NEWSLETTER_LIMIT_PER_MINUTE),
      schema: {
        tags: ['newsletter'],
        summary: 'Subscribe an email address to the newsletter (idempotent)',
        body: NewsletterRequestSchema,
        response: { 202: successSchema(z.object({ email: z.string() })) },
      },
    },
    async (request, reply) => {
      await service.subscribe(request.body.email);
      return reply
        .status(202)
        .send(
          ok(
            { email: request.body.email },
            'Thanks for subscribing! We will send new worked examples to your inbox.',
          ),
        );
    },
  );
};
