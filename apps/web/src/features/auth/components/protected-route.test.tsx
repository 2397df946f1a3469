import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../../lib/auth/auth-store';
import { renderRoute, storeSession } from '../../../test/render';
import { ada, meRoute, meUser } from '../test/fixtures';
import { deferred, fail, mockApi, ok, on } from '../test/mock-api';
import { ProtectedRoute } from './protected-route';

/** Just the guard around a page, without the layout (which has its own 'Loading...'). */
const bareRoutes = [
  {
    path: '/secret',
    element: (
      <ProtectedRoute>
        <p>Secret page</p>
      </ProtectedRoute>
    ),
  },
  { path: '/login', element: <p>Login screen</p> },
];

describe('ProtectedRoute', () => {
  beforeEach(() => authStore.reset());
  afterEach(() => {
    vi.unstubAllGlobals();
    authStore.reset();
  });

  it("shows the full-page 'Loading...' while authentication initialises", async () => {
    storeSession({ sub: ada.sub, email: ada.email, name: ada.name });
    mockApi(meRoute());
    renderRoute('/secret', bareRoutes);
    expect(screen.getByRole('status').textContent).toBe('Loading...');
    expect(screen.queryByText('Secret page')).toBeNull();
    act(() => authStore.initialise());
    expect(await screen.findByText('Secret page')).toBeTruthy();
  });

  it('without a token shows the login screen, and returns to the page after login', async () => {
    authStore.initialise();
    const { calls } = mockApi(meRoute());
    const { router } = renderRoute('/secret?tab=2', bareRoutes);
    expect(await screen.findByText('Login screen')).toBeTruthy();
    expect(router.state.location.search).toBe(`?next=${encodeURIComponent('/secret?tab=2')}`);
    expect(calls).toHaveLength(0);
  });

  it("with a token shows 'Loading...' while GET /auth/me (bearer id token) runs, then the page on success", async () => {
    storeSession({ sub: ada.sub, email: ada.email, name: ada.name });
    authStore.initialise();
    const me = deferred<Response>();
    const { callsTo } = mockApi(on('GET', '/auth/me', () => me.promise));
    renderRoute('/secret', bareRoutes);
    expect(screen.getByRole('status').textContent).toBe('Loading...');
    await waitFor(() => expect(callsTo('/auth/me')).toHaveLength(1));
    expect(callsTo('/auth/me')[0]!.authorization).toBe(
      `Bearer ${window.localStorage.getItem('idToken')}`,
    );
    me.resolve(ok({ user: meUser() }));
    expect(await screen.findByText('Secret page')).toBeTruthy();
  });

  it('logs the user out and shows the login screen when GET /auth/me fails', async () => {
    storeSession({ sub: ada.sub, email: ada.email, name: ada.name });
    authStore.initialise();
    const { callsTo } = mockApi(
      on('GET', '/auth/me', () => fail(403, 'User is disabled.')),
      on('POST', '/auth/logout', () => ok({})),
    );
    const { router } = renderRoute('/secret', bareRoutes);
    expect(await screen.findByText('Login screen')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    await waitFor(() => expect(callsTo('/auth/logout')).toHaveLength(1));
    expect(callsTo('/auth/logout')[0]!.body).toEqual({ refreshToken: 'refresh-token' });
    expect(authStore.getState().user).toBeNull();
    expect(window.localStorage.getItem('idToken')).toBeNull();
  });

  it('an expired session whose refresh fails ends on the login screen with tokens cleared', async () => {
    storeSession({ sub: ada.sub, email: ada.email, name: ada.name });
    authStore.initialise();
    const { callsTo } = mockApi(
      on('GET', '/auth/me', () => fail(401, 'Token expired.', 'Unauthorized')),
      on('POST', '/auth/refresh', () => fail(401, 'Invalid refresh token.', 'Unauthorized')),
    );
    renderRoute('/secret', bareRoutes);
    expect(await screen.findByText('Login screen')).toBeTruthy();
    expect(callsTo('/auth/refresh')).toHaveLength(1);
    expect(window.localStorage.getItem('refreshToken')).toBeNull();
  });

  it('the app shows the real login page for /profile without a session', async () => {
    authStore.initialise();
    const { router } = renderRoute('/profile');
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.getByText('Please log in to continue to that page.')).toBeTruthy();
  });
});
