import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeIdToken, storeSession } from '../test/render';
import { REFRESH_FAILED_MESSAGE, api, refreshSession } from './api-client';
import { ApiError, NETWORK_ERROR_MESSAGE, failureMessage } from './api-error';
import { createQueryClient, RETRY_DELAY_MS, retryTransient } from './query-client';
import { authStore } from './auth/auth-store';

function mockFetch(response: Response | Promise<Response>) {
  const fetchMock = vi.fn<typeof fetch>(() => Promise.resolve(response));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('api client', () => {
  beforeEach(() => authStore.reset());
  afterEach(() => {
    vi.unstubAllGlobals();
    authStore.reset();
  });

  it('sends JSON to /api without a bearer header when logged out', async () => {
    authStore.initialise();
    const fetchMock = mockFetch(Response.json({ success: true }, { status: 202 }));
    await expect(api.post('/newsletter', { email: 'a@b.co' })).resolves.toEqual({ success: true });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/newsletter');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"email":"a@b.co"}');
    const headers = init?.headers as Record<string, string>;
    expect(headers['Content-Type']).toBe('application/json');
    expect(headers['Authorization']).toBeUndefined();
  });

  it('adds the id token as bearer and builds query strings', async () => {
    storeSession({ sub: 's', email: 'a@b.co' });
    authStore.initialise();
    const fetchMock = mockFetch(Response.json({ success: true, data: [] }));
    await api.get('/examples', { query: { subjectId: 3, liked: undefined, q: '' } });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/examples?subjectId=3');
    const headers = init?.headers as Record<string, string>;
    expect(headers['Authorization']).toBe(`Bearer ${authStore.getState().tokens?.idToken}`);
  });

  it("throws the server's message for a non-OK JSON response", async () => {
    mockFetch(
      Response.json(
        { success: false, code: 'ValidationError', message: 'Invalid email address.' },
        { status: 400 },
      ),
    );
    const error = await api.post('/newsletter', { email: 'x' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('Invalid email address.');
    expect((error as ApiError).status).toBe(400);
    expect((error as ApiError).code).toBe('ValidationError');
  });

  it("keeps the server's field messages of a refused body", async () => {
    mockFetch(
      Response.json(
        {
          success: false,
          code: 'ValidationError',
          message: 'Name is required.',
          fields: { name: 'Name is required.', rank: 7 },
        },
        { status: 400 },
      ),
    );
    const error = (await api.post('/subjects', {}).catch((e: unknown) => e)) as ApiError;
    expect(error.fields).toEqual({ name: 'Name is required.' });
  });

  it("keeps the server's reason for a refused password", async () => {
    mockFetch(
      Response.json(
        {
          success: false,
          code: 'ValidationError',
          message: 'The password needs at least 8 characters.',
          reason: 'PasswordTooShort',
        },
        { status: 400 },
      ),
    );
    const error = (await api.post('/auth/register', {}).catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe('The password needs at least 8 characters.');
    expect(error.reason).toBe('PasswordTooShort');
    expect(error.generic).toBe(false);
  });

  const failureOf = async () => (await api.get('/examples').catch((e: unknown) => e)) as ApiError;

  it.each([
    [500, 'Internal Server Error', 'Something went wrong on our side. Please try again.'],
    [502, 'Bad Gateway', 'Exemplar is temporarily unavailable. Please try again in a moment.'],
    [
      503,
      'Service Unavailable',
      'Exemplar is temporarily unavailable. Please try again in a moment.',
    ],
    [504, 'Gateway Timeout', 'Exemplar is temporarily unavailable. Please try again in a moment.'],
    [507, 'Insufficient Storage', 'Something went wrong on our side. Please try again.'],
    [404, 'Not Found', 'We could not find what you were looking for.'],
    [418, "I'm a teapot", 'The request could not be completed. Please try again.'],
  ])(
    'an empty-bodied %i gets the friendly line for its status, never its reason phrase',
    async (status, statusText, friendly) => {
      mockFetch(new Response(null, { status, statusText }));
      const error = await failureOf();
      expect(error).toBeInstanceOf(ApiError);
      expect(error.status).toBe(status);
      expect(error.message).toBe(friendly);
      expect(error.message).not.toContain(statusText);
      expect(error.generic).toBe(true);
    },
  );

  it("a proxy's text or HTML page is not shown: the status's friendly line is", async () => {
    mockFetch(new Response('<html><h1>502 Bad Gateway</h1></html>', { status: 502 }));
    const error = await failureOf();
    expect(error.message).toBe(
      'Exemplar is temporarily unavailable. Please try again in a moment.',
    );
    expect(error.generic).toBe(true);
  });

  it('an envelope with an empty message counts as no message (its code is kept)', async () => {
    mockFetch(
      Response.json({ success: false, code: 'InternalError', message: ' ' }, { status: 500 }),
    );
    const error = await failureOf();
    expect(error.message).toBe('Something went wrong on our side. Please try again.');
    expect(error.code).toBe('InternalError');
    expect(error.generic).toBe(true);
  });

  it('a 429 without a message says how long when Retry-After gives seconds', async () => {
    mockFetch(new Response(null, { status: 429, headers: { 'Retry-After': '42' } }));
    expect((await failureOf()).message).toBe('Too many requests. Please try again in 42 seconds.');
    mockFetch(new Response(null, { status: 429 }));
    expect((await failureOf()).message).toBe(
      'Too many requests. Please wait a moment and try again.',
    );
  });

  it('explains network failures', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(api.get('/health')).rejects.toThrow(
      'Could not reach Exemplar. Check your connection and try again.',
    );
    expect(NETWORK_ERROR_MESSAGE).toBe(
      'Could not reach Exemplar. Check your connection and try again.',
    );
  });

  it("failureMessage: a form's default when the server said nothing, else the server's or the network's message", () => {
    const generic = new ApiError(
      503,
      'Exemplar is temporarily unavailable.',
      undefined,
      undefined,
      {
        generic: true,
      },
    );
    expect(failureMessage(generic, 'Login failed')).toBe('Login failed');
    const server = new ApiError(401, 'Incorrect email or password.', 'Unauthorized');
    expect(failureMessage(server, 'Login failed')).toBe('Incorrect email or password.');
    const offline = new ApiError(0, NETWORK_ERROR_MESSAGE, 'NetworkError');
    expect(failureMessage(offline, 'Login failed')).toBe(NETWORK_ERROR_MESSAGE);
    expect(failureMessage(new Error(''), 'Registration failed')).toBe('Registration failed');
  });

  it('retryTransient: one quick retry for a dropped network, 502, 503 or 504; none for a 500 or any 4xx', () => {
    const error = (status: number) => new ApiError(status, 'x');
    for (const status of [0, 502, 503, 504]) {
      expect(retryTransient(0, error(status)), String(status)).toBe(true);
      expect(retryTransient(1, error(status)), `${status}, second failure`).toBe(false);
    }
    for (const status of [400, 401, 403, 404, 409, 429, 500]) {
      expect(retryTransient(0, error(status)), String(status)).toBe(false);
    }
    expect(retryTransient(0, new Error('The server sent an unexpected response.'))).toBe(false);
    // The app's client uses it, with the short delay.
    const queries = createQueryClient().getDefaultOptions().queries;
    expect(queries?.retry).toBe(retryTransient);
    expect(queries?.retryDelay).toBe(RETRY_DELAY_MS);
    expect(RETRY_DELAY_MS).toBeLessThanOrEqual(1_000);
  });

  it('resolves undefined for an empty body', async () => {
    mockFetch(new Response(null, { status: 204 }));
    await expect(api.delete('/examples/1/like')).resolves.toBeUndefined();
  });
});

describe('api client: token refresh', () => {
  const refreshed = {
    idToken: fakeIdToken({ sub: 's', email: 'a@b.co', name: 'New' }),
    accessToken: 'access-2',
    refreshToken: 'refresh-2',
    expiresIn: 3600,
  };

  beforeEach(() => {
    authStore.reset();
    storeSession({ sub: 's', email: 'a@b.co', name: 'Old' });
    authStore.initialise();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    authStore.reset();
  });

  const unauthorized = () =>
    Response.json(
      { success: false, code: 'Unauthorized', message: 'Token expired.' },
      { status: 401 },
    );

  /** /auth/refresh answered by `refresh`; anything else is 401 until the new id token is sent. */
  function stubServer(refresh: () => Response | Promise<Response>) {
    const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
      const headers = (init?.headers ?? {}) as Record<string, string>;
      if (String(input) === '/api/auth/refresh') return refresh();
      return headers['Authorization'] === `Bearer ${refreshed.idToken}`
        ? Response.json({ success: true, data: { path: String(input) } })
        : unauthorized();
    });
    vi.stubGlobal('fetch', fetchMock);
    const calls = (url: string) => fetchMock.mock.calls.filter(([input]) => String(input) === url);
    return { fetchMock, calls };
  }

  it('refreshes once on a 401, stores the new tokens (rotated refresh token too) and retries', async () => {
    const { calls } = stubServer(() => Response.json({ success: true, data: refreshed }));
    const oldIdToken = authStore.getState().tokens!.idToken;

    await expect(api.get('/auth/me')).resolves.toEqual({
      success: true,
      data: { path: '/api/auth/me' },
    });

    const [refreshCall] = calls('/api/auth/refresh');
    expect(JSON.parse(String(refreshCall![1]!.body))).toEqual({ refreshToken: 'refresh-token' });
    const meCalls = calls('/api/auth/me');
    expect(meCalls).toHaveLength(2);
    expect((meCalls[0]![1]!.headers as Record<string, string>)['Authorization']).toBe(
      `Bearer ${oldIdToken}`,
    );
    expect((meCalls[1]![1]!.headers as Record<string, string>)['Authorization']).toBe(
      `Bearer ${refreshed.idToken}`,
    );
    expect(window.localStorage.getItem('idToken')).toBe(refreshed.idToken);
    expect(window.localStorage.getItem('accessToken')).toBe('access-2');
    expect(window.localStorage.getItem('refreshToken')).toBe('refresh-2');
    expect(authStore.getState().user?.name).toBe('New');
  });

  it('keeps the old refresh token when the server sends none', async () => {
    stubServer(() =>
      Response.json({ success: true, data: { idToken: refreshed.idToken, accessToken: 'a2' } }),
    );
    await api.get('/examples');
    expect(window.localStorage.getItem('refreshToken')).toBe('refresh-token');
    expect(window.localStorage.getItem('accessToken')).toBe('a2');
  });

  it('shares one refresh between concurrent 401s, and each request is retried once', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { calls } = stubServer(async () => {
      await gate;
      return Response.json({ success: true, data: refreshed });
    });

    const requests = Promise.all([
      api.get('/examples'),
      api.get('/subjects'),
      api.post('/examples/1/like'),
    ]);
    await vi.waitFor(() => expect(calls('/api/auth/refresh')).toHaveLength(1));
    release();
    await expect(requests).resolves.toHaveLength(3);

    expect(calls('/api/auth/refresh')).toHaveLength(1);
    expect(calls('/api/examples')).toHaveLength(2);
    expect(calls('/api/subjects')).toHaveLength(2);
    expect(calls('/api/examples/1/like')).toHaveLength(2);
  });

  it('retries only once: a second 401 is the answer', async () => {
    const fetchMock = vi.fn<typeof fetch>(async (input) =>
      String(input) === '/api/auth/refresh'
        ? Response.json({ success: true, data: refreshed })
        : unauthorized(),
    );
    vi.stubGlobal('fetch', fetchMock);
    await expect(api.get('/auth/me')).rejects.toThrow('Token expired.');
    expect(fetchMock).toHaveBeenCalledTimes(3); // call, refresh, retry
  });

  it("clears the tokens and fails with 'Token refresh failed' when refreshing fails", async () => {
    const { calls } = stubServer(() =>
      Response.json(
        { success: false, code: 'Unauthorized', message: 'Invalid refresh token.' },
        { status: 401 },
      ),
    );
    const results = await Promise.allSettled([api.get('/auth/me'), api.get('/examples')]);
    for (const result of results) {
      expect(result.status).toBe('rejected');
      expect((result as PromiseRejectedResult).reason).toBeInstanceOf(ApiError);
      expect((result as PromiseRejectedResult).reason.message).toBe(REFRESH_FAILED_MESSAGE);
    }
    expect(REFRESH_FAILED_MESSAGE).toBe('Token refresh failed');
    expect(calls('/api/auth/refresh')).toHaveLength(1);
    expect(authStore.getState().tokens).toBeNull();
    expect(authStore.getState().user).toBeNull();
    for (const key of ['idToken', 'accessToken', 'refreshToken']) {
      expect(window.localStorage.getItem(key)).toBeNull();
    }
  });

  it('never refreshes for the auth endpoints themselves', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => unauthorized());
    vi.stubGlobal('fetch', fetchMock);
    for (const path of [
      '/auth/login',
      '/auth/register',
      '/auth/confirm',
      '/auth/resend-code',
      '/auth/refresh',
      '/auth/logout',
      '/auth/forgot-password',
      '/auth/confirm-forgot-password',
    ]) {
      await expect(api.post(path, {})).rejects.toThrow('Token expired.');
    }
    expect(fetchMock).toHaveBeenCalledTimes(8); // one each, no refresh, no retry
    expect(authStore.getState().tokens?.refreshToken).toBe('refresh-token');
  });

  it('does not refresh when signed out', async () => {
    authStore.clear();
    const { calls } = stubServer(() => Response.json({ success: true, data: refreshed }));
    await expect(api.get('/examples')).rejects.toThrow('Token expired.');
    expect(calls('/api/auth/refresh')).toHaveLength(0);
  });

  it('keeps the session when the refresh cannot reach the server', async () => {
    const fetchMock = vi.fn<typeof fetch>(async (input) => {
      if (String(input) === '/api/auth/refresh') throw new TypeError('Failed to fetch');
      return unauthorized();
    });
    vi.stubGlobal('fetch', fetchMock);
    await expect(api.get('/examples')).rejects.toThrow(NETWORK_ERROR_MESSAGE);
    expect(authStore.getState().tokens?.refreshToken).toBe('refresh-token');
  });

  it('does not bring a session back that was logged out while refreshing', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { calls } = stubServer(async () => {
      await gate;
      return Response.json({ success: true, data: refreshed });
    });
    const request = api.get('/examples');
    await vi.waitFor(() => expect(calls('/api/auth/refresh')).toHaveLength(1));
    authStore.clear();
    release();
    await expect(request).rejects.toThrow(REFRESH_FAILED_MESSAGE);
    expect(authStore.getState().tokens).toBeNull();
    expect(window.localStorage.getItem('idToken')).toBeNull();
  });

  it('retries with a token another call refreshed meanwhile, without refreshing again', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
      const headers = (init?.headers ?? {}) as Record<string, string>;
      if (String(input) === '/api/auth/refresh') {
        return Response.json({ success: true, data: refreshed });
      }
      if (headers['Authorization'] === `Bearer ${refreshed.idToken}`) {
        return Response.json({ success: true, data: {} });
      }
      await gate; // the old token's 401 arrives only after the refresh below
      return unauthorized();
    });
    vi.stubGlobal('fetch', fetchMock);

    const request = api.get('/subjects');
    await refreshSession();
    release();
    await expect(request).resolves.toEqual({ success: true, data: {} });
    const refreshes = fetchMock.mock.calls.filter(
      ([input]) => String(input) === '/api/auth/refresh',
    );
    expect(refreshes).toHaveLength(1);
  });
});
