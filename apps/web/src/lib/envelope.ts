import { literal, object, optional, ShapeError, string, type Reader } from './json-shape';

/**
 * The one reader of the API's success envelope, `{ success: true, message?, data }` (error bodies
 * are read by errorFromResponse in ./api-error.ts). It carries no zod, so the pages of the first
 * load can use it (docs/decisions/006-bundle-budget.md); `data` is checked by whichever reader the
 * caller gives: a ./json-shape Reader, or a zod schema on pages that load zod anyway.
 */

export const UNEXPECTED_RESPONSE_MESSAGE = 'The server sent a response this page cannot read.';

/** A zod schema, seen only through the one method used here (no zod import). */
export interface SafeParser<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false; error: unknown };
}

/** How `data` is checked: a json-shape Reader, or anything with zod's safeParse. */
export type DataReader<T> = Reader<T> | SafeParser<T>;

const readEnvelope = /* @__PURE__ */ object({ success: literal(true), message: optional(string) });

function readWith<T>(read: DataReader<T>, value: unknown): T {
  if (typeof read === 'function') return read(value, 'data');
  const result = read.safeParse(value);
  if (!result.success) throw new ShapeError('data', String(result.error));
  return result.data;
}

/**
 * `data` of a success body, checked by `read`. A body that is not the envelope, or whose `data`
 * does not fit, is logged and rejected with UNEXPECTED_RESPONSE_MESSAGE (people never see a
 * parser's words).
 */
export function parseData<T>(read: DataReader<T>, body: unknown): T {
  try {
    readEnvelope(body);
    return readWith(read, (body as { data?: unknown }).data);
  } catch (error) {
    if (!(error instanceof ShapeError)) throw error;
    console.error('Response does not match the contract', error.message);
    throw new Error(UNEXPECTED_RESPONSE_MESSAGE);
  }
}

/** The `message` of a success body ('Subject created.'), or `fallback` when it has none. */
export function successMessage(body: unknown): string | undefined;
export function successMessage(body: unknown, fallback: string): string;
export function successMessage(body: unknown, fallback?: string): string | undefined {
  const message =
    body && typeof body === 'object' && 'message' in body && typeof body.message === 'string'
      ? body.message
      : undefined;
  return message || fallback;
}

/**
 * `data` of a body as a plain record, or {} when there is none: for the lenient readers that take
 * what they find and default the rest (a token refresh, the wait before another code).
 */
export function dataOf(body: unknown): Record<string, unknown> {
  return body &&
    typeof body === 'object' &&
    'data' in body &&
    body.data &&
    typeof body.data === 'object'
    ? (body.data as Record<string, unknown>)
    : {};
}
