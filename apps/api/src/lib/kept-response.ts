import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { chooseEncoding, compress, markEncoded, type Encoding } from './compression';

/**
 * An answer kept in memory to be sent again as it is (the visitors' API cache, the server-rendered
 * pages): its body, its validators, and its compressed forms, each made once (when a caller first
 * asks for that encoding) and then sent as they are to every caller asking for it.
 */
export interface KeptResponse {
  body: Buffer;
  type: string;
  /** A strong validator of the body (the same bytes in every encoding: Vary covers the rest). */
  etag: string;
  /** When it was made, as an HTTP date. */
  lastModified: string;
  encoded: Partial<Record<Encoding, Buffer>>;
  /** Compressions under way, shared by callers arriving meanwhile. */
  pending: Partial<Record<Encoding, Promise<Buffer>>>;
}

/**
 * `body` to keep. `previous` is what was kept for the same URL before (under an older catalogue
 * version). The same bytes are `previous` itself, validators and compressed forms included: a
 * catalogue write that did not change this answer (an edit of a draft, which no visitor sees)
 * changes neither its ETag nor its Last-Modified, so a conditional GET still gets 304 and nothing
 * tells a visitor that something unseen changed (docs/decisions/040-public-validators.md). A
 * different body made within the same second gets a Last-Modified a second later than the
 * previous one, so that a client asking If-Modified-Since with the old one never gets 304 for it.
 */
export function keptResponse(
  body: Buffer,
  type: string,
  { previous, madeAt = new Date() }: { previous?: KeptResponse; madeAt?: Date } = {},
): KeptResponse {
  const hash = createHash('sha1').update(body).digest('base64url').slice(0, 22);
  const etag = `"${hash}"`;
  if (previous && previous.etag === etag && previous.type === type) return previous;
  // Whole seconds: an HTTP date has no finer ones, and If-Modified-Since compares them.
  let time = Math.floor(madeAt.getTime() / 1000) * 1000;
  if (previous && previous.etag !== etag) {
    time = Math.max(time, Date.parse(previous.lastModified) + 1000);
  }
  return {
    body,
    type,
    etag,
    lastModified: new Date(time).toUTCString(),
    encoded: {},
    pending: {},
  };
}

export const keptSize = (kept: KeptResponse) =>
  kept.body.length + (kept.encoded.br?.length ?? 0) + (kept.encoded.gzip?.length ?? 0);

/**
 * `kept` in `encoding`, compressed at most once however many callers ask at the same time;
 * `grown` is told once the compressed form is kept (the cache counts its size from then on).
 */
export function encodedBody(
  kept: KeptResponse,
  encoding: Encoding,
  grown: () => void,
): Buffer | Promise<Buffer> {
  const done = kept.encoded[encoding];
  if (done) return done;
  return (kept.pending[encoding] ??= compress(kept.body, encoding, 'cached').then(
    (compressed) => {
      kept.encoded[encoding] = compressed;
      delete kept.pending[encoding];
      grown();
      return compressed;
    },
    (err: unknown) => {
      delete kept.pending[encoding];
      throw err;
    },
  ));
}

/**
 * Whether a conditional GET already holds `kept`: If-None-Match naming its ETag (or `*`), or
 * without If-None-Match, If-Modified-Since no earlier than it was made.
 */
export function isNotModified(request: FastifyRequest, kept: KeptResponse): boolean {
  const match = request.headers['if-none-match'];
  if (match !== undefined) {
    return match
      .split(',')
      .map((tag) => tag.trim().replace(/^W\//, ''))
      .some((tag) => tag === kept.etag || tag === '*');
  }
  const since = request.headers['if-modified-since'];
  if (since === undefined) return false;
  const time = Date.parse(since);
  return !Number.isNaN(time) && time >= Date.parse(kept.lastModified);
}

/**
 * The body `kept` goes out as, headers set: its validators always, a 304 with no body to a
 * conditional GET that holds it, else the body in the encoding the caller accepts (or as it is).
 * `grown` as for encodedBody.
 */
export function keptBody(
  request: FastifyRequest,
  reply: FastifyReply,
  kept: KeptResponse,
  grown: () => void,
): Buffer | Promise<Buffer> {
  reply.header('etag', kept.etag).header('last-modified', kept.lastModified);
  const encoding = chooseEncoding(request, reply, kept.body.length, kept.type);
  if (isNotModified(request, kept)) {
    reply.code(304);
    reply.removeHeader('content-length');
    return Buffer.alloc(0);
  }
  if (!encoding) return kept.body;
  markEncoded(reply, encoding);
  return encodedBody(kept, encoding, grown);
}
