import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, ok, on, sampleCatalogue } from '../../features/admin-catalogue/test/fake-api';
import { authStore } from '../../lib/auth/auth-store';
import { renderRoute, storeSession } from '../../test/render';

// jsdom has no FontFaceSet; Mantine's autosize Textarea listens to document.fonts.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener() {}, removeEventListener() {}, ready: Promise.resolve() },
  });
}

const me = (groups: string[]) =>
  on('GET', '/auth/me', () =>
    ok({
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
    }),
  );

describe('/admin route', { timeout: 30_000 }, () => {
  beforeEach(() => authStore.reset());
  afterEach(() => {
    vi.unstubAllGlobals();
    authStore.reset();
  });

  it('is login-protected: without a session it shows the login screen', async () => {
    authStore.initialise();
    fakeApi();
    const { router } = renderRoute('/admin');
    await screen.findByRole('heading', { name: /sign in|log in|welcome back/i });
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe(`?next=${encodeURIComponent('/admin')}`);
  });

  it('shows the catalogue to an admin after the server check', async () => {
    storeSession({ sub: 'sub-1', email: 'grace@example.com', name: 'Grace', groups: ['admin'] });
    authStore.initialise();
    const { callsTo } = fakeApi(sampleCatalogue(), me(['admin']));
    renderRoute('/admin');
    expect(await screen.findByRole('heading', { name: 'Catalogue Admin' })).toBeTruthy();
    expect(await screen.findByRole('cell', { name: 'Algebra' })).toBeTruthy();
    expect(callsTo('GET', '/auth/me')).toHaveLength(1);
  });

  it("shows 'Access Denied' to a basic user", async () => {
    storeSession({ sub: 'sub-1', email: 'grace@example.com', name: 'Grace', groups: ['basic'] });
    authStore.initialise();
    fakeApi(sampleCatalogue(), me(['basic']));
    renderRoute('/admin');
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Back to home/ }).getAttribute('href')).toBe('/');
  });
});
