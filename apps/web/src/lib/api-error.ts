import type { ErrorCode } from '@exemplar/shared/api';

// What a failed call is and what it says: the one reader of error answers (the success side is
// lib/envelope.ts) and the friendly lines for failures without a message of the server's own.

export const NETWORK_ERROR_MESSAGE =
  'Could not reach Exemplar. Check your connection and try again.';

export const SERVER_ERROR_MESSAGE = 'Something went wrong on our side. Please try again.';
export const UNAVAILABLE_MESSAGE =
  'Exemplar is temporarily unavailable. Please try again in a moment.';

/** Said for a status whose response carried no message of the server's own. */
const MESSAGE_BY_STATUS: Record<number, string> = {
  400: 'The request could not be processed. Please check what you entered and try again.',
  401: 'Please sign in to continue.',
  403: 'You do not have permission to do that.',
  404: 'We could not find what you were looking for.',
  408: 'The request took too long. Please try again.',
  409: 'That conflicts with a change made meanwhile. Please reload and try again.',
  413: 'That is too large to send.',
  429: 'Too many requests. Please wait a moment and try again.',
  500: SERVER_ERROR_MESSAGE,
  502: UNAVAILABLE_MESSAGE,
  503: UNAVAILABLE_MESSAGE,
  504: UNAVAILABLE_MESSAGE,
};

/**
 * The friendly line for a failed response without a message (an empty body, or a proxy's text or
 * HTML page, which people should never see): one per status, never the HTTP reason phrase.
 */
export function statusMessage(status: number, retryAfterSeconds?: number): string {
  if (status === 429 && retryAfterSeconds !== undefined && retryAfterSeconds > 0) {
    return `Too many requests. Please try again in ${retryAfterSeconds} second${retryAfterSeconds === 1 ? '' : 's'}.`;
  }
  return (
    MESSAGE_BY_STATUS[status] ??
    (status >= 500 ? SERVER_ERROR_MESSAGE : 'The request could not be completed. Please try again.')
  );
}

/**
 * A failed call: `message` is the server's own message, or else the friendly line for its status
 * (`statusMessage`), or the network message when the server could not be reached.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  /** For a refused body: the server's message for each field, by field name (forms show them). */
  readonly fields: Readonly<Record<string, string>> | undefined;
  /** The narrower cause within `code`, for programs (e.g. PasswordTooShort). */
  readonly reason: string | undefined;
  /** With reason DuplicateQuestion: the id of the example the refused question repeats. */
  readonly existingId: number | undefined;
  /** True when the response carried no message and `message` is the stand-in for its status. */
  readonly generic: boolean;

  constructor(
    status: number,
    message: string,
    code?: string,
    fields?: Readonly<Record<string, string>>,
    {
      reason,
      existingId,
      generic = false,
    }: { reason?: string; existingId?: number; generic?: boolean } = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
    this.reason = reason;
    this.existingId = existingId;
    this.generic = generic;
  }
}

/**
 * Whether a failure carries `code` (ErrorCode in @exemplar/shared/api): programs branch on the
 * code, never on the message, whose words may change.
 */
export function hasCode(error: unknown, code: ErrorCode): boolean {
  return error instanceof ApiError && error.code === code;
}

/** A 404: what was asked for is not there (a missing example or user stays missing). */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

/** A 4xx (403, 404, a 401 after a failed refresh…): asking again will not help. */
export function isClientError(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}

/**
 * What a form shows for a failure: the server's message, or the network message, or else (the
 * server said nothing) the form's own default such as 'Login failed' or 'Registration failed'.
 */
export function failureMessage(error: Error, formDefault: string): string {
  if (error instanceof ApiError && error.generic) return formDefault;
  return error.message || formDefault;
}

/** `fields` of an error body: only string messages keyed by field name. */
function readFields(body: object): Record<string, string> | undefined {
  if (!('fields' in body) || !body.fields || typeof body.fields !== 'object') return undefined;
  const entries = Object.entries(body.fields).filter(
    (entry): entry is [string, string] => typeof entry[1] === 'string',
  );
  return entries.length ? Object.fromEntries(entries) : undefined;
}

/** Retry-After in whole seconds, when given as a number. */
function retryAfterOf(response: Response): number | undefined {
  const value = response.headers.get('Retry-After');
  return value && /^\d+$/.test(value.trim()) ? Number(value) : undefined;
}

/**
 * The one reader of an error response: the envelope's message, code, reason and fields; anything
 * else (empty, text, HTML) gets the friendly line for the status instead.
 */
export async function errorFromResponse(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => '');
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: no message of the server's own
  }
  const code =
    body && typeof body === 'object' && 'code' in body && typeof body.code === 'string'
      ? body.code
      : undefined;
  if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string') {
    const message = body.message.trim();
    const reason = 'reason' in body && typeof body.reason === 'string' ? body.reason : undefined;
    const existingId =
      'existingId' in body && Number.isInteger(body.existingId)
        ? (body.existingId as number)
        : undefined;
    if (message)
      return new ApiError(response.status, message, code, readFields(body), {
        reason,
        existingId,
      });
  }
  return new ApiError(
    response.status,
    statusMessage(response.status, retryAfterOf(response)),
    code,
    undefined,
    {
      generic: true,
    },
  );
}
