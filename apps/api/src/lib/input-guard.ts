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

/** A UTF-16 surrogate not paired with its other half: with the `u` flag a pair is one character. */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

const NUL_MESSAGE = 'Text must not contain NUL characters (U+0000).';
const SURROGATE_MESSAGE =
  'Text must be valid Unicode: it holds a lone UTF-16 surrogate (such as "\\ud800"), which is not a character.';

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

function textProblem(text: string): string | null {
  if (text.includes('\u0000')) return NUL_MESSAGE;
  if (LONE_SURROGATE.test(text)) return SURROGATE_MESSAGE;
  return null;
}

/** The first problem with any string (value or key) anywhere in `root`, or null. */
function problemIn(root: unknown): string | null {
  // A stack, not recursion: a deeply nested body is walked to the bottom without a depth cap.
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const value = stack.pop();
    if (typeof value === 'string') {
      const problem = textProblem(value);
      if (problem) return problem;
    } else if (Array.isArray(value)) {
      for (const inner of value) stack.push(inner);
    } else if (value !== null && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) {
        const problem = textProblem(key);
        if (problem) return problem;
        stack.push(inner);
      }
    }
  }
  return null;
}

/**
 * Every request's text is checked once, before validation, for all routes and both engines:
 * - no NUL character anywhere (PostgreSQL cannot store one; SQLite would cut strings at it);
 * - valid Unicode only: a body that is not UTF-8, a query whose percent-escapes are not UTF-8, or a
 *   JSON string holding a lone surrogate ("\ud800") is refused with a 400 saying so, instead of
 *   being stored as U+FFFD;
 * - a JSON content type with an empty body (many clients send one on DELETE) is a request without
 *   a body; a route that needs a body answers the usual "The request body is empty" 400.
 */
export function registerInputGuard(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer' },
    (request, body: Buffer, done) => {
      if (body.length === 0) {
        if (request.routeOptions.schema?.body) {
          return done(new errorCodes.FST_ERR_CTP_EMPTY_JSON_BODY(), undefined);
        }
        return done(null, undefined);
      }
      if (!isUtf8(body)) return done(badRequest('The request body is not valid UTF-8.'), undefined);
      parseJson(request, body.toString('utf8'), done);
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
    const problem =
      problemIn(request.params) ?? problemIn(request.query) ?? problemIn(request.body);
    if (problem) return done(badRequest(problem));
    done();
  });
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
