/**
 * The input guard's checks on a request body, without Fastify: the guard runs them on the event
 * loop for every route, and the catalogue import runs the same ones on its worker thread (a body
 * of 32 MiB takes far longer than a health check may wait).
 */
import { isUtf8 } from 'node:buffer';
import { createRequire } from 'node:module';

/**
 * The JSON parser Fastify's own JSON body parser uses, resolved from Fastify's dependencies so it
 * is always the same version: JSON.parse after a leading BOM is dropped, refusing a `__proto__`
 * key and a `constructor` key holding `prototype`.
 */
const secureJson = createRequire(import.meta.resolve('fastify'))('secure-json-parse') as {
  parse(text: string, options: { protoAction: 'error'; constructorAction: 'error' }): unknown;
};

/** A UTF-16 surrogate not paired with its other half: with the `u` flag a pair is one character. */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

export const NUL_MESSAGE = 'Text must not contain NUL characters (U+0000).';
export const SURROGATE_MESSAGE =
  'Text must be valid Unicode: it holds a lone UTF-16 surrogate (such as "\\ud800"), which is not a character.';
export const NOT_UTF8_MESSAGE = 'The request body is not valid UTF-8.';

export function textProblem(text: string): string | null {
  if (text.includes('\u0000')) return NUL_MESSAGE;
  if (LONE_SURROGATE.test(text)) return SURROGATE_MESSAGE;
  return null;
}

/** The first problem with any string (value or key) anywhere in `root`, or null. */
export function problemIn(root: unknown): string | null {
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

/** Why a JSON body was refused before its content was looked at. */
export type JsonBodyRefusal = 'empty' | 'not-utf8' | 'not-json';

/** A JSON request body decoded and parsed: its value, or why it is refused. */
export function parseJsonBody(
  body: Uint8Array,
): { ok: true; value: unknown } | { ok: false; refusal: JsonBodyRefusal } {
  if (body.length === 0) return { ok: false, refusal: 'empty' };
  if (!isUtf8(body)) return { ok: false, refusal: 'not-utf8' };
  const text = Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString('utf8');
  try {
    return {
      ok: true,
      value: secureJson.parse(text, { protoAction: 'error', constructorAction: 'error' }),
    };
  } catch {
    return { ok: false, refusal: 'not-json' };
  }
}
