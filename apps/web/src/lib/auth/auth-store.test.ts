import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeIdToken, storeSession } from '../../test/render';
import { authStore, getIdToken, userFromIdToken } from './auth-store';
import { decodeJwtPayload } from './jwt';

describe('auth store', () => {
  beforeEach(() => authStore.reset());
  afterEach(() => authStore.reset());

  it('starts uninitialised and becomes initialised without a session', () => {
    expect(authStore.getState().initialised).toBe(false);
    authStore.initialise();
    expect(authStore.getState()).toEqual({ initialised: true, tokens: null, user: null });
  });

  it('loads the stored tokens and decodes the user from the id token', () => {
    storeSession({ sub: 'u-1', email: 'ada@example.com', name: 'Ada', groups: ['admin'] });
    authStore.initialise();
    const { tokens, user } = authStore.getState();
    expect(tokens?.accessToken).toBe('access-token');
    expect(tokens?.refreshToken).toBe('refresh-token');
    expect(user).toEqual({ sub: 'u-1', email: 'ada@example.com', name: 'Ada', groups: ['admin'] });
    expect(getIdToken()).toBe(tokens?.idToken);
  });

  it('ignores tokens unless all three are stored', () => {
    window.localStorage.setItem('idToken', fakeIdToken({ email: 'a@b.co' }));
    window.localStorage.setItem('accessToken', 'access-token');
    authStore.initialise();
    expect(authStore.getState().user).toBeNull();
    expect(authStore.getState().initialised).toBe(true);
  });

  it('defaults groups to basic', () => {
    expect(userFromIdToken(fakeIdToken({ email: 'a@b.co' }))?.groups).toEqual(['basic']);
    expect(userFromIdToken(fakeIdToken({ email: 'a@b.co', groups: [] }))?.groups).toEqual([
      'basic',
    ]);
  });

  it('treats an undecodable id token as no session', () => {
    window.localStorage.setItem('idToken', 'not-a-jwt');
    window.localStorage.setItem('accessToken', 'a');
    window.localStorage.setItem('refreshToken', 'r');
    authStore.initialise();
    expect(authStore.getState().user).toBeNull();
    expect(authStore.getState().tokens).toBeNull();
  });

  it('decodes UTF-8 payloads', () => {
    expect(decodeJwtPayload(fakeIdToken({ name: 'Zoë Ångström' }))).toEqual({
      name: 'Zoë Ångström',
    });
    expect(decodeJwtPayload('a.b')).toBeNull();
  });

  it('stores and clears a session', () => {
    authStore.initialise();
    const idToken = fakeIdToken({ sub: 's', email: 'x@y.zz', name: '' });
    authStore.setTokens({ idToken, accessToken: 'a', refreshToken: 'r' });
    expect(window.localStorage.getItem('idToken')).toBe(idToken);
    expect(authStore.getState().user?.email).toBe('x@y.zz');

    authStore.clear();
    expect(authStore.getState()).toEqual({ initialised: true, tokens: null, user: null });
    for (const key of ['idToken', 'accessToken', 'refreshToken']) {
      expect(window.localStorage.getItem(key)).toBeNull();
    }
  });

  it('reloads when another tab changes the stored tokens', () => {
    authStore.initialise();
    let notified = 0;
    const unsubscribe = authStore.subscribe(() => notified++);

    storeSession({ sub: 's', email: 'other@tab.io', name: 'Other' });
    window.dispatchEvent(new StorageEvent('storage', { key: 'idToken' }));
    expect(authStore.getState().user?.email).toBe('other@tab.io');

    window.localStorage.clear();
    window.dispatchEvent(new StorageEvent('storage', { key: null }));
    expect(authStore.getState().user).toBeNull();

    window.dispatchEvent(new StorageEvent('storage', { key: 'unrelated' }));
    expect(notified).toBe(2);
    unsubscribe();
  });

  it("shows the server's name for the same account, also after a token refresh", () => {
    storeSession({ sub: 'u-1', email: 'ada@example.com', name: 'Ada' });
    authStore.initialise();
    authStore.syncUser({ sub: 'u-1', email: 'ada@example.com', name: 'Ada L.', groups: ['admin'] });
    expect(authStore.getState().user).toEqual({
      sub: 'u-1',
      email: 'ada@example.com',
      name: 'Ada L.',
      groups: ['admin'],
    });

    // A refreshed id token issued before the change still says 'Ada': the server's answer wins.
    authStore.setTokens({
      idToken: fakeIdToken({ sub: 'u-1', email: 'ada@example.com', name: 'Ada' }),
      accessToken: 'a2',
      refreshToken: 'r2',
    });
    expect(authStore.getState().user?.name).toBe('Ada L.');

    // Another account, or a logout, forgets it.
    authStore.syncUser({ sub: 'someone-else', email: 'x@y.zz', name: 'X', groups: [] });
    expect(authStore.getState().user?.name).toBe('Ada L.');
    authStore.clear();
    storeSession({ sub: 'u-1', email: 'ada@example.com', name: 'Ada' });
    authStore.setTokens({
      idToken: fakeIdToken({ sub: 'u-1', email: 'ada@example.com', name: 'Ada' }),
      accessToken: 'a',
      refreshToken: 'r',
    });
    expect(authStore.getState().user?.name).toBe('Ada');
  });

  it('does nothing when synced without a session', () => {
    authStore.initialise();
    authStore.syncUser({ sub: 'u-1', email: 'a@b.co', name: 'A', groups: [] });
    expect(authStore.getState().user).toBeNull();
  });
});
