import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { adminUsersService } from '../../modules/admin-users/admin-users.service';
import { auditService } from '../../modules/audit/audit.service';
import { catalogueWritesService } from '../../modules/catalogue/catalogue-writes.service';
import { catalogueService } from '../../modules/catalogue/catalogue.service';
import { examplesService } from '../../modules/examples/examples.service';
import { newsletterService } from '../../modules/newsletter/newsletter.service';
import { progressService } from '../../modules/progress/progress.service';

/** Every module's service, built once over the app's database, mail and caches. */
function buildServices(app: FastifyInstance) {
  const { db, engine } = app.database;
  return {
    adminUsers: adminUsersService(db, engine, { mailer: app.mailer, log: app.log }),
    audit: auditService(db),
    catalogue: catalogueService(db),
    catalogueWrites: catalogueWritesService(db),
    examples: examplesService(db, engine, {
      catalogueVersion: () => app.catalogueVersion.read(),
    }),
    newsletter: newsletterService(db),
    progress: progressService(db),
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
 * visitors' cache whose catalogue version the examples service keys its caches on.
 */
export const servicesPlugin = fp(
  async (app) => {
    app.decorate('services', buildServices(app));
  },
  { name: 'services', dependencies: ['database', 'mailer', 'public-cache'] },
);
