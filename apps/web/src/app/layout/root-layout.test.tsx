import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { authStore } from '../../lib/auth/auth-store';
import { renderApp, storeSession } from '../../test/render';

describe('layout', () => {
  beforeEach(() => authStore.reset());
  afterEach(() => authStore.reset());

  it("shows a full-page 'Loading...' until authentication is initialised", async () => {
    renderApp('/about');
    expect(screen.getByText('Loading...')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Exemplar home' })).toBeNull();

    act(() => authStore.initialise());
    expect(await screen.findByRole('link', { name: 'Exemplar home' })).toBeTruthy();
    expect(screen.queryByText('Loading...')).toBeNull();
  });

  it('shows Examples, Login and Register when logged out', async () => {
    authStore.initialise();
    renderApp('/about');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(
      within(nav)
        .getByRole('link', { name: /Examples/ })
        .getAttribute('href'),
    ).toBe('/examples');
    // The layout's own header: a page may draw a <header> of its own (the About page's hero),
    // which Testing Library also calls a banner, and which may have loaded by now.
    const header = screen.getByRole('link', { name: 'Exemplar home' }).closest('header')!;
    expect(within(header).getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/login');
    expect(within(header).getByRole('link', { name: 'Register' }).getAttribute('href')).toBe(
      '/register',
    );
    expect(within(nav).queryByRole('link', { name: /Dashboard/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Account menu/ })).toBeNull();
  });

  it('highlights the active link', async () => {
    authStore.initialise();
    renderApp('/examples?subject=Algebra');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(
      within(nav)
        .getByRole('link', { name: /Examples/ })
        .getAttribute('aria-current'),
    ).toBe('page');
  });

  it('shows the user menu with initial, display name and role badge when a token is stored', async () => {
    storeSession({
      sub: 'u-1',
      email: 'ada@example.com',
      name: 'Ada Lovelace',
      groups: ['basic', 'superadmin'],
    });
    authStore.initialise();
    renderApp('/about');

    const trigger = await screen.findByRole('button', { name: 'Account menu for Ada Lovelace' });
    expect(within(trigger).getByText('A')).toBeTruthy();
    expect(within(trigger).getByText('Ada Lovelace')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Login' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Register' })).toBeNull();

    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(
      within(nav)
        .getByRole('link', { name: /Dashboard/ })
        .getAttribute('href'),
    ).toBe('/dashboard');
    expect(within(nav).getByRole('link', { name: /Admin/ }).getAttribute('href')).toBe('/admin');

    fireEvent.click(trigger);
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('Super Admin')).toBeTruthy();
    expect(within(menu).getByText('ada@example.com')).toBeTruthy();
    expect(within(menu).getByRole('menuitem', { name: 'My Profile' }).getAttribute('href')).toBe(
      '/profile',
    );
    expect(within(menu).getByRole('menuitem', { name: 'Dashboard' }).getAttribute('href')).toBe(
      '/dashboard',
    );
    expect(within(menu).getByRole('menuitem', { name: 'Logout' })).toBeTruthy();
  });

  it('falls back to the email for name and initial, labels basic users User, hides Admin', async () => {
    storeSession({ sub: 'u-2', email: 'bob@example.com' });
    authStore.initialise();
    renderApp('/about');

    const trigger = await screen.findByRole('button', { name: 'Account menu for bob' });
    expect(within(trigger).getByText('B')).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).queryByRole('link', { name: /Admin/ })).toBeNull();

    fireEvent.click(trigger);
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('User')).toBeTruthy();
  });

  it('labels admins Admin', async () => {
    storeSession({ sub: 'u-3', email: 'carol@example.com', name: 'Carol', groups: ['admin'] });
    authStore.initialise();
    renderApp('/about');
    fireEvent.click(await screen.findByRole('button', { name: 'Account menu for Carol' }));
    expect(within(await screen.findByRole('menu')).getByText('Admin')).toBeTruthy();
  });

  it('logs out: clears the stored tokens and shows Login again', async () => {
    storeSession({ sub: 'u-1', email: 'ada@example.com', name: 'Ada' });
    authStore.initialise();
    const { router } = renderApp('/about');

    fireEvent.click(await screen.findByRole('button', { name: 'Account menu for Ada' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Logout' }));

    expect(await screen.findByRole('link', { name: 'Login' })).toBeTruthy();
    expect(window.localStorage.getItem('idToken')).toBeNull();
    expect(window.localStorage.getItem('accessToken')).toBeNull();
    expect(window.localStorage.getItem('refreshToken')).toBeNull();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('follows a login in another tab', async () => {
    authStore.initialise();
    renderApp('/about');
    await screen.findByRole('link', { name: 'Login' });

    storeSession({ sub: 'u-1', email: 'dora@example.com', name: 'Dora' });
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'idToken' }));
    });
    expect(await screen.findByRole('button', { name: 'Account menu for Dora' })).toBeTruthy();
  });

  it('opens the burger menu with the navigation links', async () => {
    authStore.initialise();
    renderApp('/about');
    fireEvent.click(await screen.findByRole('button', { name: 'Open navigation' }));
    const drawerNav = await screen.findByRole('navigation', { name: 'Main (mobile)' });
    expect(within(drawerNav).getByRole('link', { name: /Examples/ })).toBeTruthy();
    expect(
      within(drawerNav).getByRole('link', { name: /About/ }).getAttribute('aria-current'),
    ).toBe('page');
  });
});
