import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { chooseEncoding, markEncoded } from '../../lib/compression';
import {
  encodedBody,
  keptBody,
  keptResponse,
  keptSize,
  type KeptResponse,
} from '../../lib/kept-response';
import { versionedLru } from '../../lib/versioned-lru';

export { VERSION_MAX_AGE_MS } from './catalogue-version';

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
/** Larger answers are not kept; all kept answers together stay under MAX_TOTAL_BYTES. */
const MAX_BYTES = 4 * 1024 * 1024;
const MAX_TOTAL_BYTES = 64 * 1024 * 1024;

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Catalogue reads are the same for every visitor until the catalogue changes, so their serialised
 * responses are kept in memory, tagged with the catalogue version (`app.catalogueVersion`): a
 * write through this instance is seen at once, one through another instance within
 * VERSION_MAX_AGE_MS. Signed-in callers are never served from here: their rows carry their own
 * likes and solved marks. Compressed answers are kept too (lib/kept-response.ts), so a hit costs
 * no compression, and a conditional GET of a kept answer gets 304.
 */
export const publicCachePlugin = fp(
  async (app: FastifyInstance) => {
    const entries = versionedLru<KeptResponse>({
      maxEntries: MAX_ENTRIES,
      maxTotalSize: MAX_TOTAL_BYTES,
      sizeOf: keptSize,
    });
    const versions = app.catalogueVersion;

    /** Counted in the cache's total size once a compressed form is added, if still kept. */
    const regrown = (url: string, version: string, entry: KeptResponse) => () => {
      if (entries.get(url, version) === entry) entries.set(url, version, entry);
    };

    function serve(request: FastifyRequest, reply: FastifyReply, version: string): boolean {
      const hit = entries.get(request.url, version);
      if (!hit) {
        request.catalogueVersion = version;
        return false;
      }
      reply.header('content-type', hit.type).header('x-catalogue-cache', 'hit');
      const body = keptBody(request, reply, hit, regrown(request.url, version, hit));
      if (Buffer.isBuffer(body)) reply.send(body);
      else
        body.then(
          (b) => reply.send(b),
          (err: Error) => reply.send(err),
        );
      return true;
    }

    // Callback-style hooks: a cache hit with a fresh version settles without a promise.
    app.addHook('onRequest', (request, reply, done) => {
      if (
        request.method !== 'GET' ||
        !request.routeOptions.config?.publicCache ||
        request.headers.authorization
      ) {
        return done();
      }
      const version = versions.fresh();
      if (version !== undefined) {
        if (!serve(request, reply, version)) done();
        return;
      }
      versions.read().then(
        (read) => {
          if (!serve(request, reply, read)) done();
        },
        (err: Error) => done(err),
      );
    });

    app.addHook('onSend', (request, reply, payload, done) => {
      const version = request.catalogueVersion;
      if (MUTATING.has(request.method)) {
        // The handler has committed: whatever it changed must be visible to the next request.
        versions.forget();
      } else if (
        version &&
        reply.statusCode === 200 &&
        typeof payload === 'string' &&
        payload.length <= MAX_BYTES
      ) {
        const entry = keptResponse(Buffer.from(payload), String(reply.getHeader('content-type')), {
          previous: entries.latest(request.url),
        });
        entries.set(request.url, version, entry);
        reply.header('etag', entry.etag).header('last-modified', entry.lastModified);
        // This answer too goes out in the kept compressed form, which later callers then reuse.
        const encoding = chooseEncoding(request, reply, entry.body.length, entry.type);
        if (encoding) {
          const body = encodedBody(entry, encoding, regrown(request.url, version, entry));
          markEncoded(reply, encoding);
          if (Buffer.isBuffer(body)) return done(null, body);
          body.then(
            (b) => done(null, b),
            (err: Error) => done(err),
          );
          return;
        }
      }
      done(null, payload);
    });
  },
  { name: 'public-cache', dependencies: ['catalogue-version'] },
);
