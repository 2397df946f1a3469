import { vi } from 'vitest';

export interface ApiCall {
  method: string;
  path: string;
  body: unknown;
  authorization: string | undefined;
}

/** Answers one call: a Response, or undefined to let the next handler try. */
export type Route = (call: ApiCall) => Response | Promise<Response> | undefined;

/** `{ success: true, message?, data }` with `status`. */
export function ok(data: unknown = {}, message?: string, status = 200): Response {
  return Response.json({ success: true, ...(message ? { message } : {}), data }, { status });
}

/** `{ success: false, code, message }` with `status`. */
export function fail(status: number, message: string, code = 'Error'): Response {
  return Response.json({ success: false, code, message }, { status });
}

/** A route for `METHOD /path` (path without the /api prefix). */
export function on(
  method: string,
  path: string,
  answer: (call: ApiCall) => Response | Promise<Response>,
): Route {
  return (call) => (call.method === method && call.path === path ? answer(call) : undefined);
}

/**
 * Stubs fetch with `routes`; unmatched calls answer 404. Returns the calls made, in order, and the
 * mock itself.
 */
export function mockApi(...routes: Route[]) {
  const calls: ApiCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const headers = (init?.headers ?? {}) as Record<string, string>;
    const call: ApiCall = {
      method: init?.method ?? 'GET',
      path: url.pathname.replace(/^\/api/, ''),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      authorization: headers['Authorization'],
    };
    calls.push(call);
    for (const route of routes) {
      const response = await route(call);
      if (response) return response;
    }
    return fail(404, `No mock for ${call.method} ${call.path}`, 'NotFound');
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock, callsTo: (path: string) => calls.filter((c) => c.path === path) };
}

/** A deferred promise, to hold a response until the test lets it go. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}
