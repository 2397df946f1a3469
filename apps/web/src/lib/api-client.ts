import type { ErrorCode } from '@exemplar/shared/api';
import { authStore, getIdToken, getRefreshToken, type AuthTokens } from './auth/auth-store';
import { filenameFromDisposition } from './download';
import { dataOf } from './envelope';

export const API_BASE = '/api';

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

/** The error of every request waiting on a refresh that failed. */
export const REFRESH_FAILED_MESSAGE = 'Token refresh failed';

/**
 * Auth endpoints answer 401 for their own reasons (wrong password, bad refresh token): a 401 from
 * them is the answer, never a reason to refresh. /auth/me and /auth/change-password are not here.
 */
const NO_REFRESH_PATHS = new Set([
  '/auth/register',
  '/auth/confirm',
  '/auth/resend-code',
  '/auth/login',
  '/auth/refresh',
  '/auth/logout',
  '/auth/forgot-password',
  '/auth/confirm-forgot-password',
]);

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
  /** True when the response carried no message and `message` is the stand-in for its status. */
  readonly generic: boolean;

  constructor(
    status: number,
    message: string,
    code?: string,
    fields?: Readonly<Record<string, string>>,
    { reason, generic = false }: { reason?: string; generic?: boolean } = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
    this.reason = reason;
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

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | null | undefined>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

function buildUrl(path: string, query: RequestOptions['query']): string {
  const url = `${API_BASE}${normalisePath(path)}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
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
    if (message) return new ApiError(response.status, message, code, readFields(body), { reason });
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

function normalisePath(path: string): string {
  return path.startsWith('/') ? path : `/${path}`;
}

/** One HTTP call: JSON body, bearer `idToken` when given. Network failures become ApiErrors. */
async function send(
  path: string,
  options: RequestOptions,
  idToken: string | null,
): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (idToken) headers['Authorization'] = `Bearer ${idToken}`;
  try {
    return await fetch(buildUrl(path, options.query), {
      method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new ApiError(0, NETWORK_ERROR_MESSAGE, 'NetworkError');
  }
}

function readTokens(body: unknown, previousRefreshToken: string): AuthTokens | null {
  const { idToken, accessToken, refreshToken } = dataOf(body);
  if (typeof idToken !== 'string' || !idToken || typeof accessToken !== 'string' || !accessToken) {
    return null;
  }
  return {
    idToken,
    accessToken,
    // The server rotates the refresh token; keep the old one only if it sent none.
    refreshToken:
      typeof refreshToken === 'string' && refreshToken ? refreshToken : previousRefreshToken,
  };
}

async function performRefresh(): Promise<AuthTokens> {
  const refreshToken = getRefreshToken();
  const failed = () => {
    // Only if the session is still the one we tried to refresh (not a new login meanwhile).
    if (getRefreshToken() === refreshToken) authStore.clear();
    return new ApiError(401, REFRESH_FAILED_MESSAGE, 'Unauthorized');
  };
  if (!refreshToken) throw failed();

  // A network failure says nothing about the session: keep it and report the network.
  const response = await send(
    '/auth/refresh',
    { method: 'POST', body: { refreshToken } },
    getIdToken(),
  );
  if (!response.ok) throw failed();
  const body: unknown = await response.json().catch(() => null);
  const tokens = readTokens(body, refreshToken);
  if (!tokens) throw failed();
  // Logged out (or in as someone else) while the refresh was in flight: do not resurrect it.
  if (getRefreshToken() !== refreshToken) throw new ApiError(401, REFRESH_FAILED_MESSAGE);
  authStore.setTokens(tokens);
  return tokens;
}

let refreshInFlight: Promise<AuthTokens> | null = null;

/**
 * Exchanges the refresh token for new tokens and stores them (the rotated refresh token too).
 * Callers at the same time share one request. If the server refuses, the session is cleared and
 * the promise rejects with 'Token refresh failed'.
 */
export function refreshSession(): Promise<AuthTokens> {
  refreshInFlight ??= performRefresh().finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}

/**
 * The OK response of a call, with the id token as bearer when signed in; rejects with an ApiError
 * for a non-OK one. A 401 on a signed-in call refreshes the tokens once (shared with any other
 * call waiting for the same) and retries the call once with the new id token.
 */
async function respond(path: string, options: RequestOptions): Promise<Response> {
  const sentToken = getIdToken();
  let response = await send(path, options, sentToken);

  if (response.status === 401 && sentToken && !NO_REFRESH_PATHS.has(normalisePath(path))) {
    const current = getIdToken();
    // Another call may already have refreshed while this one was in flight.
    const idToken = current && current !== sentToken ? current : (await refreshSession()).idToken;
    response = await send(path, options, idToken);
  }

  if (!response.ok) throw await errorFromResponse(response);
  return response;
}

/**
 * Calls the API: JSON in and out. Resolves with the parsed body (undefined for an empty one);
 * rejects with an ApiError for a non-OK response (after one refresh-and-retry on a 401).
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const text = await (await respond(path, options)).text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** A file the API sent (an export): its bytes, and its name from Content-Disposition. */
export interface ApiFile {
  blob: Blob;
  /** From the Content-Disposition header, else the caller's default. */
  filename: string;
}

/**
 * Calls the API for a file: the body is the file itself, not an envelope. Same bearer,
 * refresh-and-retry and errors as apiRequest.
 */
export async function apiFile(
  path: string,
  defaultFilename: string,
  options: Omit<RequestOptions, 'body'> = {},
): Promise<ApiFile> {
  const response = await respond(path, options);
  const blob = await response.blob();
  const filename =
    filenameFromDisposition(response.headers.get('Content-Disposition')) ?? defaultFilename;
  return { blob, filename };
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
  /** GET of a file (see apiFile). */
  file: (
    path: string,
    defaultFilename: string,
    options?: Omit<RequestOptions, 'method' | 'body'>,
  ) => apiFile(path, defaultFilename, { ...options, method: 'GET' }),
};
