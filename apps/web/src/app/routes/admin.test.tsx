import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { catalogueRoutes } from '../../features/admin-catalogue/test/fixtures';
import { authStore } from '../../lib/auth/auth-store';
import { fakeApi, type Routes } from '../../test/fake-api';
import { renderApp, storeSession } from '../../test/render';

const me = (groups: string[]): Routes => ({
  'GET /auth/me': {
    user: {
      username: 'u-1',
      sub: 'sub-1',
      email: 'grace@example.com',
      name: 'Grace',
      groups,
      status: 'CONFIRMED',
      enabled: true,
      emailVerified: true,
    },
  },
});

describe('/admin route', { timeout: 30_000 }, () => {
  it('is login-protected: without a session it shows the login screen', async () => {
    authStore.initialise();
    fakeApi(catalogueRoutes());
    const { router } = renderApp('/admin');
    await screen.findByRole('heading', { name: /sign in|log in|welcome back/i });
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe(`?next=${encodeURIComponent('/admin')}`);
  });

  it('shows the catalogue to an admin after the server check', async () => {
    storeSession({ sub: 'sub-1', email: 'grace@example.com', name: 'Grace', groups: ['admin'] });
    authStore.initialise();
    const { callsTo } = fakeApi({ ...catalogueRoutes(), ...me(['admin']) });
    renderApp('/admin');
    expect(await screen.findByRole('heading', { name: 'Catalogue Admin' })).toBeTruthy();
    expect(await screen.findByRole('cell', { name: 'Algebra' })).toBeTruthy();
    expect(callsTo('GET /auth/me')).toHaveLength(1);
  });

  it("shows 'Access Denied' to a basic user", async () => {
    storeSession({ sub: 'sub-1', email: 'grace@example.com', name: 'Grace', groups: ['basic'] });
    authStore.initialise();
    fakeApi({ ...catalogueRoutes(), ...me(['basic']) });
    renderApp('/admin');
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Back to home/ }).getAttribute('href')).toBe('/');
  });
});
