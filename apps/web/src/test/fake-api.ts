import { ERROR_CODE_BY_STATUS, ErrorCode } from '@exemplar/shared/api';
import { vi } from 'vitest';

/**
 * The one fake API of the web unit tests: a stubbed `fetch` that answers the routes a test
 * declares with real Responses in the server's envelope, and records every call.
 *
 *   const api = fakeApi({
 *     'GET /examples': { examples: [], total: 0, nextCursor: null },   // data: { success, data }
 *     'GET /examples/:id': (call) => (call.params.id === '7' ? example : undefined),
 *     'POST /auth/login': fail(401, 'Incorrect email or password.'),
 *   });
 *   expect(api.callsTo('GET /examples')[0]?.query).toEqual({ limit: '20' });
 *
 * Paths are the client's (without /api). A route answers data (sent as `{ success: true, data }`),
 * `ok(data, message, status)`, `fail(status, message, code?)`, a Response as it is (files, empty
 * or HTML bodies), or a function of the call giving one of these (async to hold it; throwing
 * makes the fetch fail like a network error). A function giving undefined passes the call to
 * the route declared before it; a call no route answers gets a 404.
 */

/** One request as the client sent it. */
export interface ApiCall {
  method: string;
  /** Without /api and the query: '/examples/7'. */
  path: string;
  query: Record<string, string>;
  /** The JSON body parsed, or the body as sent when it is not a string, or undefined. */
  body: unknown;
  /** The `:name` segments of the route that answered (or is being asked). */
  params: Record<string, string>;
  authorization: string | undefined;
  /** The request carried a bearer token. */
  signedIn: boolean;
  /** The request's abort signal, if it had one (to see that a request was aborted). */
  signal?: AbortSignal;
}

const REPLY = Symbol('reply');

/** An answer in the server's envelope; a fresh Response is made from it for every call. */
export interface Reply {
  [REPLY]: true;
  status: number;
  body: unknown;
}

/** What a route gives: data, a Reply, a Response, or (from a function) undefined to pass. */
export type Answer = Reply | Response | object | string | number | boolean | null | undefined;
export type Handler = (call: ApiCall) => Answer | Promise<Answer>;
/** `'METHOD /path/:param'` (method or path may be `*`, a path may end in `/*`) → the answer. */
export type Routes = Record<string, Answer | Handler>;

/** `{ success: true, message?, data }` with `status`. */
export function ok(data: unknown = null, message?: string, status = 200): Reply {
  return { [REPLY]: true, status, body: { success: true, ...(message ? { message } : {}), data } };
}

/**
 * `{ success: false, code, message, reason?, fields? }` with `status`, as the server refuses: the
 * code is the one the server uses for the status unless given.
 */
export function fail(
  status: number,
  message: string,
  code: ErrorCode = ERROR_CODE_BY_STATUS[status] ?? ErrorCode.InternalError,
  extra: { reason?: string; existingId?: number; fields?: Record<string, string> } = {},
): Reply {
  return { [REPLY]: true, status, body: { success: false, code, message, ...extra } };
}

function isReply(value: unknown): value is Reply {
  return typeof value === 'object' && value !== null && REPLY in value;
}

interface Route {
  key: string;
  method: string;
  segments: string[];
  answer: Answer | Handler;
}

function parseKey(key: string): Omit<Route, 'answer'> {
  const [method, path] = key.split(' ') as [string, string | undefined];
  if (!path) return { key, method: '*', segments: splitPath(method) };
  return { key, method, segments: splitPath(path) };
}

const splitPath = (path: string) =>
  path
    .replace(/^\/api(?=\/)/, '')
    .split('/')
    .filter(Boolean);

/** The params of `path` under the route's pattern, or undefined when it does not match. */
function matchPath(segments: string[], path: string): Record<string, string> | undefined {
  if (segments.length === 1 && segments[0] === '*') return {};
  const parts = splitPath(path);
  const params: Record<string, string> = {};
  for (const [index, segment] of segments.entries()) {
    if (segment === '*') return params;
    const part = parts[index];
    if (part === undefined) return undefined;
    if (segment.startsWith(':')) params[segment.slice(1)] = decodeURIComponent(part);
    else if (segment !== part) return undefined;
  }
  return parts.length === segments.length ? params : undefined;
}

function matches(route: Omit<Route, 'answer'>, call: ApiCall) {
  if (route.method !== '*' && route.method !== call.method) return undefined;
  return matchPath(route.segments, call.path);
}

function toResponse(answer: Reply | Response | Exclude<Answer, undefined>): Response {
  if (answer instanceof Response) return answer;
  const reply = isReply(answer) ? answer : ok(answer);
  return Response.json(reply.body, { status: reply.status });
}

function readBody(body: RequestInit['body']): unknown {
  if (typeof body !== 'string') return body ?? undefined;
  try {
    return JSON.parse(body);
  } catch {
    return body;
  }
}

/**
 * Stubs `fetch` with `routes` (see the top of this file) until the test ends (vitest's
 * unstubGlobals). Later routes, and those added with `on`, are asked first.
 */
export function fakeApi(routes: Routes = {}) {
  const table: Route[] = [];
  const calls: ApiCall[] = [];

  /** Adds routes, asked before those already there. */
  const on = (more: Routes) => {
    for (const [key, answer] of Object.entries(more)) table.unshift({ ...parseKey(key), answer });
  };
  on(routes);

  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const authorization = new Headers(init?.headers).get('Authorization') ?? undefined;
    const call: ApiCall = {
      method: init?.method ?? 'GET',
      path: url.pathname.replace(/^\/api(?=\/)/, ''),
      query: Object.fromEntries(url.searchParams),
      body: readBody(init?.body),
      params: {},
      authorization,
      signedIn: authorization !== undefined,
      ...(init?.signal ? { signal: init.signal } : {}),
    };
    calls.push(call);
    for (const route of table) {
      const params = matches(route, call);
      if (!params) continue;
      const answer =
        typeof route.answer === 'function' ? await route.answer({ ...call, params }) : route.answer;
      if (answer !== undefined) return toResponse(answer);
    }
    return toResponse(fail(404, `No route for ${call.method} ${call.path}`));
  });
  vi.stubGlobal('fetch', fetchMock);

  /** The calls to `'METHOD /path'` or `'/path'` (any method); `:param` segments match any. */
  const callsTo = (key: string) => {
    const route = parseKey(key);
    return calls.filter((call) => matches(route, call));
  };

  return { calls, callsTo, on, fetch: fetchMock };
}

export type FakeApi = ReturnType<typeof fakeApi>;

/** A promise with its resolve exposed: to hold an answer until the test lets it go. */
export function deferred<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}
