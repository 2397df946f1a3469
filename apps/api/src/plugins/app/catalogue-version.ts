import fp from 'fastify-plugin';
import { recentValue } from '../../lib/recent-value';
import { catalogueVersion } from '../../modules/catalogue/taxonomy';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The catalogue version (bumped by database triggers on every catalogue write), read at most
     * every VERSION_MAX_AGE_MS: what the visitors' API cache and the server-rendered pages are
     * kept per. `forget()` after a write through this instance makes the next read see it.
     */
    catalogueVersion: {
      read(): Promise<string>;
      fresh(): string | undefined;
      forget(): void;
    };
  }
}

/**
 * How long a version read from the database is trusted. Within it, visitors' catalogue requests
 * cost no database round trip at all; a write made through another instance (or by direct SQL) is
 * seen by visitors of this one at most this late. Writes through this instance are seen at once.
 */
export const VERSION_MAX_AGE_MS = 100;

export const catalogueVersionPlugin = fp(
  async (app) => {
    const versions = recentValue(() => catalogueVersion(app.database.db), VERSION_MAX_AGE_MS);
    app.decorate('catalogueVersion', {
      read: () => versions.read(),
      fresh: () => versions.fresh(),
      forget: () => versions.forget(),
    });
  },
  { name: 'catalogue-version', decorators: { fastify: ['database'] } },
);
