import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storeSession } from '../test/render';
import { ApiError, NETWORK_ERROR_MESSAGE, api } from './api-client';
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

  it('throws the response text otherwise', async () => {
    mockFetch(new Response('Bad gateway', { status: 502 }));
    await expect(api.get('/health')).rejects.toThrow('Bad gateway');
  });

  it('explains network failures', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(api.get('/health')).rejects.toThrow(NETWORK_ERROR_MESSAGE);
  });

  it('resolves undefined for an empty body', async () => {
    mockFetch(new Response(null, { status: 204 }));
    await expect(api.delete('/examples/1/like')).resolves.toBeUndefined();
  });
});
