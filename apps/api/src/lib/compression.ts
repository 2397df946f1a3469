import { pipeline, Readable, type Transform } from 'node:stream';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Compression of API answers (docs/decisions/015-compression.md). The web app's files are
 * compressed at build time (scripts/web-build.mjs) and served by @fastify/static; this is for the
 * JSON the API writes (plugins/external/compression.ts registers it, the visitors' cache reuses it).
 */

export type Encoding = 'br' | 'gzip';

/** Answers smaller than this go out as they are: a few hundred bytes saved cost more than they give. */
export const COMPRESS_MIN_BYTES = 1024;

/**
 * Brotli quality: 4 for an answer compressed for one request, 5 for a cached answer (compressed
 * once, then sent many times); gzip level 6 for both. Measured on the examples page's first
 * answer (16.5 KB): quality 4 costs 212 µs of CPU for 5,655 bytes, 5 costs 330 µs for 5,352;
 * 11 saves 10–17% more but costs 25–80 ms on answers of 22–77 KB (ADR 015).
 */
export const BROTLI_QUALITY = { perRequest: 4, cached: 5 } as const;
export const GZIP_LEVEL = 6;

/**
 * Up to this size an answer is compressed on the event loop (at most ~1 ms at quality 5): Node's
 * asynchronous zlib calls cost about as much again in stream set-up and thread hand-off. Larger
 * answers go to libuv's thread pool so they do not hold up other requests.
 */
export const SYNC_MAX_BYTES = 64 * 1024;

/**
 * Answers never compressed, whatever their size: /api/auth/* answers carry tokens (and the
 * account's own name and e-mail address) next to what the caller sent, which is what a
 * compression side channel (BREACH) needs. They are small anyway.
 */
const NEVER_COMPRESSED = /^\/api\/auth(?:\/|\?|$)/;

const COMPRESSIBLE_TYPE = /^(?:application\/(?:[\w.+-]*\+)?(?:json|xml)|text\/)/i;

/**
 * The encoding to answer in for this Accept-Encoding: brotli when acceptable, else gzip, else none
 * (identity). `q=0` refuses a coding; `*` stands for any coding not named. Where both are
 * acceptable the higher q wins, brotli on a tie.
 */
export function negotiateEncoding(header: string | string[] | undefined): Encoding | null {
  if (!header) return null;
  const key = Array.isArray(header) ? header.join(',') : header;
  const known = negotiated.get(key);
  if (known !== undefined) return known;
  const chosen = negotiate(key);
  // Browsers send a handful of distinct headers; a client sending endless (or long) variants
  // only refills this bounded memo.
  if (key.length > 200) return chosen;
  if (negotiated.size >= 100) negotiated.clear();
  negotiated.set(key, chosen);
  return chosen;
}
const negotiated = new Map<string, Encoding | null>();

function negotiate(header: string): Encoding | null {
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
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

/** `body` in `encoding`; `use` picks the brotli quality (see BROTLI_QUALITY). */
export function compress(
  body: Buffer,
  encoding: Encoding,
  use: keyof typeof BROTLI_QUALITY,
): Promise<Buffer> {
  const brotliOptions = {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY[use],
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  };
  if (body.length <= SYNC_MAX_BYTES) {
    try {
      return Promise.resolve(
        encoding === 'br'
          ? zlib.brotliCompressSync(body, brotliOptions)
          : zlib.gzipSync(body, { level: GZIP_LEVEL }),
      );
    } catch (err) {
      return Promise.reject(err as Error);
    }
  }
  return new Promise((resolve, reject) => {
    const done = (err: Error | null, result: Buffer) => (err ? reject(err) : resolve(result));
    if (encoding === 'br') zlib.brotliCompress(body, brotliOptions, done);
    else zlib.gzip(body, { level: GZIP_LEVEL }, done);
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
  if (size < COMPRESS_MIN_BYTES || reply.hasHeader('content-encoding')) return null;
  if (!COMPRESSIBLE_TYPE.test(type) || NEVER_COMPRESSED.test(request.url)) return null;
  addVary(reply, 'Accept-Encoding');
  return negotiateEncoding(request.headers['accept-encoding']);
}

/** Sets the headers of an answer sent in `encoding` (its length is the compressed one). */
export function markEncoded(reply: FastifyReply, encoding: Encoding) {
  reply.header('content-encoding', encoding);
  reply.removeHeader('content-length');
}

/** A stream compressing into `encoding` with the settings `compress` uses for one request. */
export function compressionStream(encoding: Encoding): Transform {
  return encoding === 'br'
    ? zlib.createBrotliCompress({
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY.perRequest,
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        },
      })
    : zlib.createGzip({ level: GZIP_LEVEL });
}

/**
 * Sends `body` with the content type already set, compressed as the API's answers are (outside
 * the /api scope, whose onSend hook does it there): text of COMPRESS_MIN_BYTES or more at once,
 * and text written piece by piece (an iterable) as a stream, compressed as it goes whatever its
 * size (it is not known up front). A stream that fails half-way is cut off (and logged): the
 * client sees a truncated answer, not a complete-looking one.
 */
export async function sendCompressed(
  request: FastifyRequest,
  reply: FastifyReply,
  body: string | AsyncIterable<string>,
): Promise<FastifyReply> {
  const type = String(reply.getHeader('content-type') ?? '');
  if (typeof body === 'string') {
    const bytes = Buffer.from(body);
    const encoding = chooseEncoding(request, reply, bytes.length, type);
    if (!encoding) return reply.send(bytes);
    const compressed = await compress(bytes, encoding, 'perRequest');
    markEncoded(reply, encoding);
    return reply.send(compressed);
  }
  const source = Readable.from(body, { objectMode: false });
  const encoding = chooseEncoding(request, reply, COMPRESS_MIN_BYTES, type);
  if (!encoding) return reply.send(source);
  markEncoded(reply, encoding);
  const compressed = pipeline(source, compressionStream(encoding), (err) => {
    if (err && err.code !== 'ERR_STREAM_PREMATURE_CLOSE') {
      request.log.error({ err }, 'a streamed answer failed part-way');
    }
  });
  return reply.send(compressed);
}
