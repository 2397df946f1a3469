import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Compression of API answers (docs/decisions/015-compression.md). The web app's files are
 * compressed at build time (scripts/web-build.mjs) and served by @fastify/static; this is for the
 * JSON the API writes.
 */

export type Encoding = 'br' | 'gzip';

/** Answers smaller than this go out as they are: a few hundred bytes saved cost more than they give. */
export const COMPRESS_MIN_BYTES = 1024;

/**
 * Brotli quality 5 and gzip level 6 for every answer, cached or not: measured on the demo
 * catalogue's first page of examples (44 KB), quality 5 takes 1 ms for 13.2 KB where quality 11
 * takes 46 ms for 11.8 KB (ADR 015).
 */
export const BROTLI_QUALITY = 5;
export const GZIP_LEVEL = 6;

/**
 * Answers never compressed, whatever their size: /api/auth/* answers carry tokens (and the
 * account's own name and e-mail address) next to what the caller sent, which is what a
 * compression side channel (BREACH) needs. They are small anyway.
 */
const NEVER_COMPRESSED = /^\/api\/auth(?:\/|\?|$)/;

const COMPRESSIBLE_TYPE = /^(?:application\/(?:[\w.+-]*\+)?json|text\/)/i;

/**
 * The encoding to answer in for this Accept-Encoding: brotli when acceptable, else gzip, else none
 * (identity). `q=0` refuses a coding; `*` stands for any coding not named. Where both are
 * acceptable the higher q wins, brotli on a tie.
 */
export function negotiateEncoding(header: string | string[] | undefined): Encoding | null {
  if (!header) return null;
  const weights = new Map<string, number>();
  for (const part of (Array.isArray(header) ? header.join(',') : header).split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    let q = 1;
    for (const param of params) {
      const [key, value] = param.trim().split('=');
      if (key === 'q') q = Number(value);
    }
    weights.set(name, Number.isFinite(q) ? q : 0);
  }
  const weight = (coding: string) => weights.get(coding) ?? weights.get('*') ?? 0;
  const br = weight('br');
  const gzip = Math.max(weight('gzip'), weights.get('x-gzip') ?? 0);
  if (br > 0 && br >= gzip) return 'br';
  if (gzip > 0) return 'gzip';
  return null;
}

/** Compresses on libuv's thread pool, so a large answer does not hold up the event loop. */
export function compress(body: Buffer, encoding: Encoding): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const done = (err: Error | null, result: Buffer) => (err ? reject(err) : resolve(result));
    if (encoding === 'br') {
      zlib.brotliCompress(
        body,
        {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
            [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        },
        done,
      );
    } else {
      zlib.gzip(body, { level: GZIP_LEVEL }, done);
    }
  });
}

/** Adds a field to Vary unless it is there already (CORS may have put Origin in it). */
export function addVary(reply: FastifyReply, field: string) {
  const current = reply.getHeader('vary');
  const fields = current === undefined ? [] : String(current).split(/\s*,\s*/);
  if (fields.includes('*') || fields.some((f) => f.toLowerCase() === field.toLowerCase())) return;
  reply.header('vary', [...fields, field].filter(Boolean).join(', '));
}

/**
 * The encoding this answer goes out in, or null for as it is; sets Vary: Accept-Encoding on every
 * answer whose bytes depend on it (large enough, compressible, not excluded), identity ones too.
 */
export function chooseEncoding(
  request: FastifyRequest,
  reply: FastifyReply,
  size: number,
  type: string,
): Encoding | null {
  if (size < COMPRESS_MIN_BYTES || !COMPRESSIBLE_TYPE.test(type)) return null;
  if (NEVER_COMPRESSED.test(request.url)) return null;
  if (reply.hasHeader('content-encoding')) return null;
  addVary(reply, 'Accept-Encoding');
  return negotiateEncoding(request.headers['accept-encoding']);
}

/** Sets the headers of an answer sent in `encoding` (its length is the compressed one). */
export function markEncoded(reply: FastifyReply, encoding: Encoding) {
  reply.header('content-encoding', encoding);
  reply.removeHeader('content-length');
}

/**
 * Compresses every JSON (or text) answer of COMPRESS_MIN_BYTES or more when the caller accepts
 * brotli or gzip. Answers already encoded (the visitors' cache sends its stored compressed bytes)
 * and streams are left alone. Register it after the visitors' cache, whose onSend must see the
 * uncompressed body.
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
      compress(body, encoding).then(
        (compressed) => {
          markEncoded(reply, encoding);
          done(null, compressed);
        },
        (err: Error) => done(err),
      );
    });
  },
  { name: 'compression' },
);
