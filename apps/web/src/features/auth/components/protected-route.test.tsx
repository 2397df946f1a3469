import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authStore } from '../../../lib/auth/auth-store';
import { loggedOutAtLocation, markLogoutAt } from '../../../lib/auth/session';
import { renderApp, storeSession } from '../../../test/render';
import { ada, meRoute, meUser } from '../../../test/auth-fixtures';
import { deferred, fail, fakeApi, ok, type Reply } from '../../../test/fake-api';
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
  it("shows the full-page 'Loading...' while authentication initialises", async () => {
    storeSession({ sub: ada.sub, email: ada.email, name: ada.name });
    fakeApi({ ...meRoute() });
    renderApp('/secret', { routes: bareRoutes });
    expect(screen.getByRole('status').textContent).toBe('Loading...');
    expect(screen.queryByText('Secret page')).toBeNull();
    act(() => authStore.initialise());
    expect(await screen.findByText('Secret page')).toBeTruthy();
  });

  it('without a token shows the login screen, and returns to the page after login', async () => {
    authStore.initialise();
    const { calls } = fakeApi({ ...meRoute() });
    const { router } = renderApp('/secret?tab=2', { routes: bareRoutes });
    expect(await screen.findByText('Login screen')).toBeTruthy();
    expect(router.state.location.search).toBe(`?next=${encodeURIComponent('/secret?tab=2')}`);
    expect(calls).toHaveLength(0);
  });

  it("with a token shows 'Loading...' while GET /auth/me (bearer id token) runs, then the page on success", async () => {
    storeSession({ sub: ada.sub, email: ada.email, name: ada.name });
    authStore.initialise();
    const me = deferred<Reply>();
    const { callsTo } = fakeApi({ 'GET /auth/me': () => me.promise });
    renderApp('/secret', { routes: bareRoutes });
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
    const { callsTo } = fakeApi({
      'POST /auth/logout': () => ok({}),
      'GET /auth/me': () => fail(403, 'User is disabled.'),
    });
    const { router } = renderApp('/secret', { routes: bareRoutes });
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
    const { callsTo } = fakeApi({
      'POST /auth/refresh': () => fail(401, 'Invalid refresh token.', 'Unauthorized'),
      'GET /auth/me': () => fail(401, 'Token expired.', 'Unauthorized'),
    });
    renderApp('/secret', { routes: bareRoutes });
    expect(await screen.findByText('Login screen')).toBeTruthy();
    expect(callsTo('/auth/refresh')).toHaveLength(1);
    expect(window.localStorage.getItem('refreshToken')).toBeNull();
  });

  it('the app shows the real login page for /profile without a session', async () => {
    authStore.initialise();
    const { router } = renderApp('/profile');
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.getByText('Please log in to continue to that page.')).toBeTruthy();
  });

  // Two tests in this order: every router's first entry has the key 'default', and the test setup
  // must clear a logout mark, or a test that logs out leaves the next one's protected page blank.
  it('a logout at a first entry marks that entry (what the next test must not inherit)', () => {
    markLogoutAt('default');
    expect(loggedOutAtLocation('default')).toBe(true);
  });

  it('the next test starts with no logout mark: its protected first entry leads to the login screen', async () => {
    expect(loggedOutAtLocation('default')).toBe(false);
    authStore.initialise();
    fakeApi({ ...meRoute() });
    renderApp('/secret', { routes: bareRoutes });
    expect(await screen.findByText('Login screen')).toBeTruthy();
  });
});
