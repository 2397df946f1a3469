import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { chooseEncoding, compress, markEncoded, type Encoding } from '../../lib/compression';
import { recentValue } from '../../lib/recent-value';
import { versionedLru } from '../../lib/versioned-lru';
import { catalogueVersion } from './catalogue.repository';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Cache this GET's response for visitors until the catalogue changes. */
    publicCache?: boolean;
  }
  interface FastifyRequest {
    catalogueVersion?: string;
  }
  interface FastifyInstance {
    /** The catalogue version, re-read at most every VERSION_MAX_AGE_MS (see recentValue). */
    catalogueVersion: { read(): Promise<string> };
  }
}

const MAX_ENTRIES = 2000;
/** Larger answers are not kept; all kept answers together stay under MAX_TOTAL_BYTES. */
const MAX_BYTES = 4 * 1024 * 1024;
const MAX_TOTAL_BYTES = 64 * 1024 * 1024;
/**
 * How long a version read from the database is trusted. Within it, visitors' catalogue requests
 * cost no database round trip at all; a write made through another instance (or by direct SQL) is
 * seen by visitors of this one at most this late. Writes through this instance are seen at once.
 */
export const VERSION_MAX_AGE_MS = 100;

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * One kept answer: its body, and its compressed forms, each made once (when a caller first asks
 * for that encoding) and then sent as they are to every caller asking for it.
 */
interface Entry {
  body: Buffer;
  type: string;
  encoded: Partial<Record<Encoding, Buffer>>;
  /** Compressions under way, shared by callers arriving meanwhile. */
  pending: Partial<Record<Encoding, Promise<Buffer>>>;
}

const entrySize = (entry: Entry) =>
  entry.body.length + (entry.encoded.br?.length ?? 0) + (entry.encoded.gzip?.length ?? 0);

/**
 * Catalogue reads are the same for every visitor until the catalogue changes, so their serialised
 * responses are kept in memory, tagged with the catalogue version (bumped by database triggers on
 * every write). The version is read through `recentValue`: a write through this
 * instance is seen at once, one through another instance within VERSION_MAX_AGE_MS. Signed-in
 * callers are never served from here: their rows carry their own likes and solved marks.
 * Compressed answers are kept too (see Entry), so a hit costs no compression.
 */
export const publicCachePlugin = fp(
  async (app: FastifyInstance) => {
    const entries = versionedLru<Entry>({
      maxEntries: MAX_ENTRIES,
      maxTotalSize: MAX_TOTAL_BYTES,
      sizeOf: entrySize,
    });
    const versions = recentValue(() => catalogueVersion(app.database.db), VERSION_MAX_AGE_MS);
    app.decorate('catalogueVersion', { read: () => versions.read() });

    /** The entry in `encoding`, compressed at most once however many callers ask at the same time. */
    function encodedBody(url: string, version: string, entry: Entry, encoding: Encoding) {
      const kept = entry.encoded[encoding];
      if (kept) return kept;
      return (entry.pending[encoding] ??= compress(entry.body, encoding, 'cached').then(
        (compressed) => {
          entry.encoded[encoding] = compressed;
          delete entry.pending[encoding];
          // Counted in the cache's total size from now on, if the entry is still kept.
          if (entries.get(url, version) === entry) entries.set(url, version, entry);
          return compressed;
        },
        (err: unknown) => {
          delete entry.pending[encoding];
          throw err;
        },
      ));
    }

    function serve(request: FastifyRequest, reply: FastifyReply, version: string): boolean {
      const hit = entries.get(request.url, version);
      if (!hit) {
        request.catalogueVersion = version;
        return false;
      }
      reply.header('content-type', hit.type).header('x-catalogue-cache', 'hit');
      const encoding = chooseEncoding(request, reply, hit.body.length, hit.type);
      if (!encoding) {
        reply.send(hit.body);
        return true;
      }
      markEncoded(reply, encoding);
      const body = encodedBody(request.url, version, hit, encoding);
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
        const entry: Entry = {
          body: Buffer.from(payload),
          type: String(reply.getHeader('content-type')),
          encoded: {},
          pending: {},
        };
        entries.set(request.url, version, entry);
        // This answer too goes out in the kept compressed form, which later callers then reuse.
        const encoding = chooseEncoding(request, reply, entry.body.length, entry.type);
        if (encoding) {
          const body = encodedBody(request.url, version, entry, encoding);
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
  { name: 'public-cache' },
);
