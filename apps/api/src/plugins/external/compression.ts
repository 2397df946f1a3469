import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { chooseEncoding, compress, markEncoded } from '../../lib/compression';

/**
 * Compresses every JSON (or text) answer of COMPRESS_MIN_BYTES (lib/compression.ts) or more when
 * the caller accepts brotli or gzip. Answers already encoded (the visitors' cache sends its stored
 * compressed bytes) and streams are left alone. It comes after the visitors' cache (its dependency
 * 'public-cache'), whose onSend must see the uncompressed body.
 */
export const compressionPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onSend', (request, reply, payload, done) => {
      if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return done(null, payload);
      const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
      const encoding = chooseEncoding(
        request,
        reply,
        body.length,
        String(reply.getHeader('content-type') ?? ''),
      );
      if (!encoding) return done(null, payload);
      compress(body, encoding, 'perRequest').then(
        (compressed) => {
          markEncoded(reply, encoding);
          done(null, compressed);
        },
        (err: Error) => done(err),
      );
    });
  },
  { name: 'compression', dependencies: ['public-cache'] },
);
