import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Cache this GET's response for visitors until the catalogue changes. */
    publicCache?: boolean;
  }
  interface FastifyRequest {
    catalogueVersion?: string;
  }
}

const MAX_ENTRIES = 2000;
const MAX_BYTES = 4 * 1024 * 1024;

export async function currentCatalogueVersion(db: Kysely<Database>): Promise<string> {
  const row = await db
    .selectFrom('catalogue_state')
    .select('version')
    .where('id', '=', 1)
    .executeTakeFirst();
  return String(row?.version ?? 0);
}

/**
 * Catalogue reads are the same for every visitor until the catalogue changes, so their serialised
 * responses are kept in memory, tagged with the catalogue version (bumped by database triggers on
 * every write). Each request reads the version (one primary-key look-up), so a write made through
 * any instance is seen by every instance at once. Signed-in callers are never served from here:
 * their rows carry their own likes and solved marks.
 */
export const publicCachePlugin = fp(
  async (app: FastifyInstance) => {
    const entries = new Map<string, { version: string; body: string; type: string }>();

    app.addHook('onRequest', async (request, reply) => {
      if (
        request.method !== 'GET' ||
        !request.routeOptions.config?.publicCache ||
        request.headers.authorization
      ) {
        return;
      }
      const version = await currentCatalogueVersion(app.database.db);
      const hit = entries.get(request.url);
      if (hit && hit.version === version) {
        entries.delete(request.url);
        entries.set(request.url, hit);
        return reply
          .header('content-type', hit.type)
          .header('x-catalogue-cache', 'hit')
          .send(hit.body);
      }
      request.catalogueVersion = version;
    });

    app.addHook('onSend', async (request, reply, payload) => {
      const version = request.catalogueVersion;
      if (
        version &&
        reply.statusCode === 200 &&
        typeof payload === 'string' &&
        payload.length <= MAX_BYTES
      ) {
        entries.set(request.url, {
          version,
          body: payload,
          type: String(reply.getHeader('content-type')),
        });
        if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
      }
      return payload;
    });
  },
  { name: 'public-cache' },
);
