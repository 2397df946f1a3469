import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { adminUsersService } from '../../modules/admin-users';
import { AnswerCheckPool, tryAnswers } from '../../engines/answer-check';
import { attemptsService } from '../../modules/attempts';
import { auditService } from '../../modules/audit';
import { catalogueHealthService } from '../../modules/catalogue/health';
import { catalogueIoService } from '../../modules/catalogue/io';
import {
  categoryWritesService,
  exampleVersionsService,
  exampleWritesService,
  namedWritesService,
} from '../../modules/catalogue/writes';
import { catalogueService } from '../../modules/catalogue/taxonomy';
import { examplesService } from '../../modules/catalogue/examples';
import { newsletterService } from '../../modules/newsletter';
import { progressService } from '../../modules/progress';
import { reviewsService } from '../../modules/reviews';

/** Every module's service, built once over the app's database, mail and caches. */
function buildServices(app: FastifyInstance, answerChecker: AnswerCheckPool) {
  const { db, engine } = app.database;
  return {
    adminUsers: adminUsersService(db, engine, { mailer: app.mailer, log: app.log }),
    /** Answers checked and help opened by learners trying examples. */
    attempts: attemptsService(db, answerChecker),
    audit: auditService(db),
    catalogue: catalogueService(db),
    /** The admin check of every example's maths and of empty categories, kept per catalogue version. */
    catalogueHealth: catalogueHealthService(db, {
      catalogueVersion: () => app.catalogueVersion.read(),
      // Examples' test answers, tried on the learners' answer checker thread.
      tryAnswers: async ({ question, answer, spec, answers }) =>
        (await tryAnswers(answerChecker, { question, answer, answerSpec: spec, answers })).results,
      log: app.log,
    }),
    /** The admin import and export. */
    catalogueIo: catalogueIoService(app.database, {
      checkTimeoutMs: app.config.IMPORT_CHECK_TIMEOUT_MS,
    }),
    /** The admin writes: subjects, difficulties and types; categories; examples and their history. */
    catalogueWrites: {
      named: namedWritesService(db),
      categories: categoryWritesService(db),
      examples: exampleWritesService(db),
      /** An example's history: read it, restore a version. */
      versions: exampleVersionsService(db),
    },
    examples: examplesService(db, engine, {
      catalogueVersion: () => app.catalogueVersion.read(),
    }),
    newsletter: newsletterService(db),
    progress: progressService(db),
    /** Spaced-repetition reviews (FSRS cards and their grades). */
    reviews: reviewsService(db),
  };
}

export type Services = ReturnType<typeof buildServices>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The modules' services (the auth service is `app.auth`); a route reads its own from here. */
    services: Services;
  }
}

/**
 * Builds the services once, for every route module to reach through the instance
 * (`app.services.examples`) instead of building its own. Registered in the /api scope, after the
 * visitors' cache whose catalogue version the examples service keys its caches on. The answer
 * checker's threads start here and are closed with the app.
 */
export const servicesPlugin = fp(
  async (app) => {
    const answerChecker = new AnswerCheckPool();
    app.addHook('onClose', () => answerChecker.close());
    app.decorate('services', buildServices(app, answerChecker));
  },
  { name: 'services', dependencies: ['database', 'mailer', 'public-cache'] },
);
