import { isUtf8 } from 'node:buffer';
import { ErrorCode } from '@exemplar/shared/api';
import {
  errorCodes,
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import { sendError } from './error-handler';
import { badRequest } from './errors';
import {
  NOT_UTF8_MESSAGE,
  parseJsonBody,
  problemIn,
  type JsonBodyRefusal,
} from './input-guard.checks';

/** The refusal of a body sent to a route that takes none. */
export const NO_BODY_MESSAGE = 'This request takes no body; send it without one.';

/** The bytes a query string stands for: each %XX one byte, every other character its own code. */
function queryBytes(raw: string): Buffer {
  const bytes: number[] = [];
  for (let i = 0; i < raw.length; i++) {
    const hex = raw[i] === '%' ? raw.slice(i + 1, i + 3) : '';
    if (/^[0-9a-fA-F]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(raw[i]!, 'latin1'));
    }
  }
  return Buffer.from(bytes);
}

/**
 * Every request's text is checked once, before validation, for all routes and both engines:
 * - no NUL character anywhere (PostgreSQL cannot store one; SQLite would cut strings at it);
 * - valid Unicode only: a body that is not UTF-8, a query whose percent-escapes are not UTF-8, or a
 *   JSON string holding a lone surrogate ("\ud800") is refused with a 400 saying so, instead of
 *   being stored as U+FFFD;
 * - a JSON content type with an empty body (many clients send one on DELETE) is a request without
 *   a body; a route that needs a body answers the usual "The request body is empty" 400;
 * - a route that takes no body (no body schema, as PUT /reviews/{exampleId}) refuses one with a
 *   400 saying so (NO_BODY_MESSAGE), whatever it holds, instead of ignoring it. Every other body
 *   type is already a 415 (the API parses JSON only), so this parser is the one place to refuse it.
 */
export function registerInputGuard(app: FastifyInstance) {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer' },
    (request, body: Buffer, done) => {
      const takesBody = !!request.routeOptions.schema?.body;
      // An unknown address stays a 404 whatever it was sent.
      if (!takesBody && !request.is404) {
        return done(body.length === 0 ? null : badRequest(NO_BODY_MESSAGE), undefined);
      }
      const parsed = parseJsonBody(body);
      if (parsed.ok) return done(null, parsed.value);
      if (parsed.refusal === 'empty' && !takesBody) return done(null, undefined);
      done(jsonBodyError(parsed.refusal), undefined);
    },
  );

  app.addHook('preValidation', (request, _reply, done) => {
    const queryAt = request.url.indexOf('?');
    const query = queryAt >= 0 ? request.url.slice(queryAt + 1) : '';
    // Only escapes of bytes 0x80 and up, or raw non-ASCII, can make a query that is not UTF-8.
    // eslint-disable-next-line no-control-regex
    if (/%[89a-fA-F][0-9a-fA-F]|[^\x00-\x7f]/.test(query) && !isUtf8(queryBytes(query))) {
      return done(badRequest('The query string is not valid UTF-8 once percent-decoded.'));
    }
    // A raw Buffer body is checked by the route that asked for it (the catalogue import runs the
    // same checks on its worker thread); walking one here would visit every byte.
    const body = Buffer.isBuffer(request.body) ? undefined : request.body;
    const problem = problemIn(request.params) ?? problemIn(request.query) ?? problemIn(body);
    if (problem) return done(badRequest(problem));
    done();
  });
}

/** The error every route answers for a JSON body refused before its content was looked at. */
export function jsonBodyError(refusal: JsonBodyRefusal): Error {
  if (refusal === 'empty') return new errorCodes.FST_ERR_CTP_EMPTY_JSON_BODY();
  if (refusal === 'not-utf8') return badRequest(NOT_UTF8_MESSAGE);
  return new errorCodes.FST_ERR_CTP_INVALID_JSON_BODY();
}

/**
 * Fastify's own refusals before any route runs, in the API's one error shape: a path whose
 * percent-escapes are not UTF-8 (400) and a path segment over 100 characters (414).
 */
export function frameworkErrors(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
) {
  const message =
    error.code === 'FST_ERR_BAD_URL'
      ? 'The path is not valid: its percent-escapes are not UTF-8.'
      : error.code === 'FST_ERR_MAX_PARAM_LENGTH'
        ? 'A path segment is too long: at most 100 characters.'
        : 'The request could not be routed.';
  return sendError(reply, error.statusCode ?? 400, ErrorCode.ValidationError, message);
}
