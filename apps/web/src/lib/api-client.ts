import { authStore, getIdToken, getRefreshToken, type AuthTokens } from './auth/auth-store';
import { filenameFromDisposition } from './download';
import { ApiError, errorFromResponse, NETWORK_ERROR_MESSAGE } from './api-error';
import { dataOf } from './envelope';

export const API_BASE = '/api';

/**
 * How a request reaches the API: the browser's fetch, or on the server (entry-server.tsx, which
 * renders the public pages for visitors) a call into the same process. Set once at start-up.
 */
let transport: typeof fetch = (input, init) => fetch(input, init);

/** Server rendering only: sends every API request through `send` instead of the network. */
export function setApiTransport(send: typeof fetch): void {
  transport = send;
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
    return await transport(buildUrl(path, options.query), {
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

/**
 * Reads to its end, and drops, the body of a response the caller will not use (a 401 before the
 * refresh and retry, a refused refresh). Chromium keeps a request whose body is never read open
 * for as long as the page lives (DevTools shows it pending, no loading-finished event), one more
 * per refresh over a long session; an error body is a few dozen bytes. Reading it, rather than
 * cancelling, ends the request as a completed one and leaves the connection reusable.
 */
async function discard(response: Response): Promise<void> {
  await response.arrayBuffer().catch(() => undefined);
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
  if (!response.ok) {
    await discard(response);
    throw failed();
  }
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
    await discard(response);
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
