import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeIdToken, storeSession } from '../../test/render';
import { authStore } from './auth-store';
import {
  clearLogoutMark,
  loggedOutAtLocation,
  logout,
  markLogoutAt,
  startSession,
} from './session';

describe('session', () => {
  beforeEach(() => authStore.reset());
  afterEach(() => {
    vi.unstubAllGlobals();
    authStore.reset();
  });

  it('login stores the three tokens and derives the user from the id token', () => {
    authStore.initialise();
    const idToken = fakeIdToken({ sub: 'u-9', email: 'eve@example.com', name: 'Eve', groups: [] });
    startSession({ idToken, accessToken: 'acc', refreshToken: 'ref' });
    expect(window.localStorage.getItem('idToken')).toBe(idToken);
    expect(window.localStorage.getItem('accessToken')).toBe('acc');
    expect(window.localStorage.getItem('refreshToken')).toBe('ref');
    expect(authStore.getState().user).toEqual({
      sub: 'u-9',
      email: 'eve@example.com',
      name: 'Eve',
      groups: ['basic'],
    });
  });

  it('logout posts the refresh token to /auth/logout and clears state and storage', async () => {
    storeSession({ sub: 'u-1', email: 'ada@example.com' });
    authStore.initialise();
    const fetchMock = vi.fn<typeof fetch>(async () => Response.json({ success: true, data: {} }));
    vi.stubGlobal('fetch', fetchMock);

    const done = logout();
    // Cleared at once, without waiting for the server.
    expect(authStore.getState()).toEqual({ initialised: true, tokens: null, user: null });
    await done;

    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/auth/logout');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ refreshToken: 'refresh-token' });
    for (const key of ['idToken', 'accessToken', 'refreshToken']) {
      expect(window.localStorage.getItem(key)).toBeNull();
    }
  });

  it('logout is best effort: a failing server still logs out locally', async () => {
    storeSession({ sub: 'u-1', email: 'ada@example.com' });
    authStore.initialise();
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(logout()).resolves.toBeUndefined();
    expect(authStore.getState().user).toBeNull();
    expect(window.localStorage.getItem('refreshToken')).toBeNull();
  });

  it('logout without a session calls nothing', async () => {
    authStore.initialise();
    const fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchMock);
    await logout();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('remembers where the user logged out until the page is left or revisited through history', () => {
    markLogoutAt('key-1');
    expect(loggedOutAtLocation('key-1')).toBe(true);
    expect(loggedOutAtLocation('key-2')).toBe(false);
    clearLogoutMark('key-2');
    expect(loggedOutAtLocation('key-1')).toBe(true);
    clearLogoutMark('key-1');
    expect(loggedOutAtLocation('key-1')).toBe(false);

    markLogoutAt('key-3');
    window.dispatchEvent(new PopStateEvent('popstate'));
    expect(loggedOutAtLocation('key-3')).toBe(false);
  });
});
