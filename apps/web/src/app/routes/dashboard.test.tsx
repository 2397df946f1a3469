import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  adminUsersRoutes,
  writesOf,
  people,
  secondSuperadmin,
} from '../../features/admin-users/test/fixtures';
import { noReviews } from '../../features/dashboard/test/fixtures';
import { fail, fakeApi } from '../../test/fake-api';
import { authStore } from '../../lib/auth/auth-store';
import { renderApp, storeSession } from '../../test/render';

type Me = { username: string; email: string; name: string; groups: string[] };

const basic: Me = {
  username: 'ada-7f3a',
  email: 'ada@example.com',
  name: 'Ada',
  groups: ['basic'],
};
const admin: Me = { ...basic, name: 'Grace', groups: ['admin', 'basic'] };
const root: Me = {
  username: 'root-0001',
  email: 'root@example.com',
  name: 'Root Admin',
  groups: ['superadmin'],
};

function signIn(me: Me) {
  storeSession({ sub: me.username, email: me.email, name: me.name, groups: me.groups });
  authStore.initialise();
}

const stat = (label: string) => within(screen.getByRole('group', { name: label }));
const usersTable = () => screen.getByRole('table', { name: 'Users' });
const emails = Object.values(people).map((p) => p.email);
const rowEmails = () =>
  within(usersTable())
    .getAllByRole('row')
    .slice(1)
    .map((row) => emails.find((email) => row.textContent?.includes(email)));

describe('/dashboard', { timeout: 20_000 }, () => {
  afterEach(() => vi.useRealTimers());

  it("a visitor sees 'Access Denied' with a Login link back to the dashboard", async () => {
    authStore.initialise();
    const { calls } = fakeApi(adminUsersRoutes());
    renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeTruthy();
    expect(screen.getByText('Please log in to access your dashboard.')).toBeTruthy();
    const login = within(screen.getByRole('main')).getByRole('link', { name: 'Login' });
    expect(login.getAttribute('href')).toBe('/login?next=%2Fdashboard');
    expect(calls).toHaveLength(0);
  });

  it('a failed session check logs out and shows the login screen, not Access Denied', async () => {
    signIn(basic);
    fakeApi({
      ...adminUsersRoutes({ me: basic }),
      '*': (call) =>
        call.path === '/auth/me' || call.path === '/auth/refresh'
          ? fail(401, 'Token expired', 'Unauthorized')
          : undefined,
    });
    const { router } = renderApp('/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?next=%2Fdashboard');
    expect(screen.queryByText('Access Denied')).toBeNull();
    await waitFor(() => expect(window.localStorage.getItem('idToken')).toBeNull());
  });

  it('basic: profile, progress and reviews; user management and system configuration restricted', async () => {
    signIn(basic);
    const { calls } = fakeApi({
      ...adminUsersRoutes({ me: basic }),
      'GET /reviews/stats': noReviews,
    });
    renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Welcome, Ada!' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'My Progress' })).toBeTruthy();
    expect(await screen.findByText('No progress yet')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Reviews' })).toBeTruthy();
    expect(await screen.findByText('No reviews yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse Examples' }).getAttribute('href')).toBe(
      '/examples',
    );
    expect(screen.getByRole('link', { name: 'View Profile' }).getAttribute('href')).toBe(
      '/profile',
    );
    expect(screen.getByRole('link', { name: 'Update Profile' }).getAttribute('href')).toBe(
      '/profile',
    );
    expect(screen.getByRole('group', { name: 'User Management (restricted)' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'System Configuration (restricted)' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Admin Dashboard' })).toBeNull();
    expect(screen.queryByRole('table', { name: 'Users' })).toBeNull();
    expect(calls.some((c) => c.path.startsWith('/admin'))).toBe(false);
  });

  it('a user without groups gets the basic dashboard', async () => {
    const none = { ...basic, groups: [] };
    signIn(none);
    fakeApi(adminUsersRoutes({ me: none }));
    renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'My Progress' })).toBeTruthy();
    expect(screen.getByText('User', { selector: '.mantine-Badge-label' })).toBeTruthy();
  });

  it("admin: the 'Admin Dashboard' card opens /admin; users and configuration restricted", async () => {
    signIn(admin);
    const { calls } = fakeApi(adminUsersRoutes({ me: admin }));
    renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Admin Dashboard' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Manage Content' }).getAttribute('href')).toBe(
      '/admin',
    );
    expect(screen.getByRole('group', { name: 'User Management (restricted)' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'System Configuration (restricted)' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'My Progress' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Reviews' })).toBeNull();
    expect(calls.some((c) => c.path.startsWith('/admin'))).toBe(false);
  });

  it('the highest role wins: groups [basic, superadmin] get user management', async () => {
    const mixed = { ...root, groups: ['basic', 'superadmin'] };
    signIn(mixed);
    fakeApi(adminUsersRoutes({ me: mixed }));
    renderApp('/dashboard');
    expect(await screen.findByRole('table', { name: 'Users' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Admin Dashboard' })).toBeNull();
  });

  it('superadmin: summary counts, the user list with links to each user, and the audit log', async () => {
    signIn(root);
    const { calls } = fakeApi(
      adminUsersRoutes({
        audit: [
          {
            id: 3,
            actor: 'root@example.com',
            action: 'user.group.add',
            targetType: 'user',
            targetId: 'grace-22b1',
            details: { email: 'grace@example.com', group: 'admin' },
            createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
          },
          {
            id: 2,
            actor: null,
            action: 'subjects.create',
            targetType: 'subjects',
            targetId: '4',
            details: { name: 'Topology' },
            createdAt: new Date(Date.now() - 3 * 3600_000).toISOString(),
          },
        ],
      }),
    );
    renderApp('/dashboard');
    await screen.findByRole('table', { name: 'Users' });
    expect(stat('Total Users').getByText('4')).toBeTruthy();
    expect(stat('Confirmed').getByText('3')).toBeTruthy();
    expect(stat('Unconfirmed').getByText('1')).toBeTruthy();

    const link = within(usersTable()).getByRole('link', { name: 'Grace Hopper' });
    expect(link.getAttribute('href')).toBe('/dashboard/user/grace-22b1');
    // Users without a name are listed by email.
    expect(within(usersTable()).getByRole('link', { name: 'zed@example.org' })).toBeTruthy();

    const log = await screen.findByRole('region', { name: 'Recent Activity' });
    expect(await within(log).findByText('Added grace@example.com to Admin')).toBeTruthy();
    expect(log.textContent).toContain('by root@example.com · 5 minutes ago');
    expect(within(log).getByText('Created subject "Topology"')).toBeTruthy();
    expect(log.textContent).toContain('by a removed account · 3 hours ago');
    expect(calls.find((c) => c.path === '/admin/audit')?.query).toEqual({ limit: '20' });
  });

  it('superadmin: searches by email, name or username and sorts by email, name, created, status', async () => {
    signIn(root);
    fakeApi(adminUsersRoutes());
    renderApp('/dashboard');
    await screen.findByRole('table', { name: 'Users' });
    // Newest first by default.
    expect(rowEmails()).toEqual([
      'zed@example.org',
      'grace@example.com',
      'ada@example.com',
      'root@example.com',
    ]);

    const search = screen.getByLabelText('Search users');
    fireEvent.change(search, { target: { value: 'HOPPER' } });
    expect(rowEmails()).toEqual(['grace@example.com']);
    expect(screen.getByText('Showing 1 of 4 users')).toBeTruthy();
    fireEvent.change(search, { target: { value: '9c0d' } });
    expect(rowEmails()).toEqual(['zed@example.org']);
    fireEvent.change(search, { target: { value: '.org' } });
    expect(rowEmails()).toEqual(['zed@example.org']);
    fireEvent.change(search, { target: { value: 'nobody' } });
    expect(screen.getByText('No users match your search.')).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: 'Clear search' })[0]!);
    expect(rowEmails()).toHaveLength(4);

    const sortBy = async (label: string) => {
      fireEvent.click(screen.getByRole('combobox', { name: 'Sort by' }));
      fireEvent.click(await screen.findByRole('option', { name: label }));
    };
    await sortBy('Email');
    expect(rowEmails()).toEqual([
      'ada@example.com',
      'grace@example.com',
      'root@example.com',
      'zed@example.org',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Sort descending' }));
    expect(rowEmails()[0]).toBe('zed@example.org');

    await sortBy('Name');
    // A–Z by name; no name goes last.
    expect(rowEmails()).toEqual([
      'ada@example.com',
      'grace@example.com',
      'root@example.com',
      'zed@example.org',
    ]);

    await sortBy('Status');
    expect(rowEmails().at(-1)).toBe('zed@example.org');

    await sortBy('Created');
    expect(rowEmails()[0]).toBe('zed@example.org');
    fireEvent.click(screen.getByRole('button', { name: 'Sort ascending' }));
    expect(rowEmails()[0]).toBe('root@example.com');
  });

  it("superadmin: 'Failed to load dashboard data' with the server's message", async () => {
    signIn(root);
    fakeApi({
      ...adminUsersRoutes(),
      '*': (call) =>
        call.path === '/admin/users/dashboard' ? fail(500, 'Database unavailable') : undefined,
    });
    renderApp('/dashboard');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to load dashboard data');
    expect(alert.textContent).toContain('Database unavailable');
  });

  it('a quick action shows a success banner that clears after 3 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signIn(root);
    const { calls } = fakeApi(adminUsersRoutes());
    renderApp('/dashboard');
    await screen.findByRole('table', { name: 'Users' });

    fireEvent.click(screen.getByRole('button', { name: 'Actions for ada@example.com' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Disable account' }));
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Disable' }),
    );
    const banner = await screen.findByText('ada@example.com has been disabled.');
    expect(writesOf(calls)).toEqual([
      expect.objectContaining({
        method: 'PUT',
        path: '/admin/users/ada-7f3a',
        body: { enabled: false },
      }),
    ]);
    expect(banner).toBeTruthy();
    act(() => vi.advanceTimersByTime(2900));
    expect(screen.getByText('ada@example.com has been disabled.')).toBeTruthy();
    act(() => vi.advanceTimersByTime(150));
    await waitFor(() =>
      expect(screen.queryByText('ada@example.com has been disabled.')).toBeNull(),
    );
  });

  it('a quick role change sends the one new role as the whole set in one PUT, and says so', async () => {
    signIn(root);
    const { calls } = fakeApi(adminUsersRoutes());
    renderApp('/dashboard');
    await screen.findByRole('table', { name: 'Users' });
    fireEvent.click(screen.getByRole('button', { name: 'Actions for grace@example.com' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Super Admin' }));
    expect(await screen.findByText('grace@example.com is now Super Admin.')).toBeTruthy();
    expect(
      writesOf(calls).map((c) => `${c.method} ${c.path} ${JSON.stringify(c.body ?? null)}`),
    ).toEqual(['PUT /admin/users/grace-22b1 {"groups":["superadmin"]}']);
  });

  it('a failed quick action shows the failure with the server message', async () => {
    signIn(root);
    // The list shows a second superadmin, but the server has since refused (they were demoted).
    const refusal =
      'The only enabled superadmin cannot be deleted, disabled or demoted: first give another enabled account the superadmin role.';
    fakeApi({
      ...adminUsersRoutes({ users: [...Object.values(people), secondSuperadmin] }),
      '*': (call) => (call.method === 'PUT' ? fail(409, refusal, 'Conflict') : undefined),
    });
    renderApp('/dashboard');
    await screen.findByRole('table', { name: 'Users' });
    fireEvent.click(screen.getByRole('button', { name: 'Actions for root@example.com' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Disable account' }));
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Disable' }),
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to update user');
    expect(alert.textContent).toContain(refusal);
  });

  it("a refused delete from the list says 'Failed to delete user', not 'Failed to update user'", async () => {
    signIn(root);
    fakeApi({
      ...adminUsersRoutes(),
      '*': (call) =>
        call.method === 'DELETE' ? fail(409, 'Someone else changed this account.') : undefined,
    });
    renderApp('/dashboard');
    await screen.findByRole('table', { name: 'Users' });
    fireEvent.click(screen.getByRole('button', { name: 'Actions for ada@example.com' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Delete user' }));
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }),
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Failed to delete userSomeone else changed this account.');
  });

  it('disabling asks first: Cancel sends nothing, Disable sends enabled: false', async () => {
    signIn(root);
    const { calls } = fakeApi(adminUsersRoutes());
    renderApp('/dashboard');
    await screen.findByRole('table', { name: 'Users' });
    const disable = async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Actions for grace@example.com' }));
      fireEvent.click(await screen.findByRole('menuitem', { name: 'Disable account' }));
      return screen.findByRole('dialog', { name: 'Disable User' });
    };

    const first = await disable();
    expect(first.textContent).toContain(
      'Disable grace@example.com? They will be signed out and cannot sign in until enabled again.',
    );
    fireEvent.click(within(first).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writesOf(calls)).toHaveLength(0);

    fireEvent.click(within(await disable()).getByRole('button', { name: 'Disable' }));
    expect(await screen.findByText('grace@example.com has been disabled.')).toBeTruthy();
    expect(writesOf(calls).map((c) => [c.method, c.path, c.body])).toEqual([
      ['PUT', '/admin/users/grace-22b1', { enabled: false }],
    ]);
  });

  it('enabling a disabled account happens at once, without a question', async () => {
    signIn(root);
    const { calls } = fakeApi(
      adminUsersRoutes({ users: [people.root, { ...people.ada, enabled: false }] }),
    );
    renderApp('/dashboard');
    await screen.findByRole('table', { name: 'Users' });
    fireEvent.click(screen.getByRole('button', { name: 'Actions for ada@example.com' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Enable account' }));
    expect(await screen.findByText('ada@example.com has been enabled.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(writesOf(calls).map((c) => [c.method, c.path, c.body])).toEqual([
      ['PUT', '/admin/users/ada-7f3a', { enabled: true }],
    ]);
  });

  it("the only enabled superadmin's own row offers no Disable, Delete or demotion, and says why", async () => {
    signIn(root);
    // A disabled superadmin does not count.
    fakeApi(
      adminUsersRoutes({
        users: [...Object.values(people), { ...secondSuperadmin, enabled: false }],
      }),
    );
    renderApp('/dashboard');
    await screen.findByRole('table', { name: 'Users' });
    fireEvent.click(screen.getByRole('button', { name: 'Actions for root@example.com' }));
    const menu = await screen.findByRole('menu');
    const items = within(menu)
      .getAllByRole('menuitem')
      .map((item) => item.textContent);
    expect(items).toEqual(['View details', 'Super Admin']);
    const reason =
      'You are the only enabled superadmin: your account cannot be disabled, deleted or demoted until there is another.';
    const description = document.getElementById(menu.getAttribute('aria-describedby')!);
    expect(description?.textContent).toBe(reason);

    // Another superadmin's row (disabled) offers all: enabling them, a role change, delete.
    fireEvent.keyDown(menu, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Actions for sam@example.com' }));
    const other = await screen.findByRole('menu');
    expect(
      within(other)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['View details', 'Enable account', 'Super Admin', 'Admin', 'User', 'Delete user']);
    expect(other.hasAttribute('aria-describedby')).toBe(false);
  });

  it('with a second enabled superadmin, your own row offers Disable, Delete and every role; disabling yourself says you will be signed out', async () => {
    signIn(root);
    const { calls } = fakeApi(
      adminUsersRoutes({ users: [...Object.values(people), secondSuperadmin] }),
    );
    renderApp('/dashboard');
    await screen.findByRole('table', { name: 'Users' });
    fireEvent.click(screen.getByRole('button', { name: 'Actions for root@example.com' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['View details', 'Disable account', 'Super Admin', 'Admin', 'User', 'Delete user']);
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Disable account' }));
    const question = await screen.findByRole('dialog', { name: 'Disable User' });
    expect(question.textContent).toContain(
      'Disable root@example.com? You will be signed out and cannot sign in until another superadmin enables your account.',
    );
    expect(question.textContent).toContain('This is your own account.');
    fireEvent.click(within(question).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writesOf(calls)).toHaveLength(0);
  });

  it('deleting from the list asks first, then shows the server message', async () => {
    signIn(root);
    const { calls } = fakeApi(adminUsersRoutes());
    renderApp('/dashboard');
    await screen.findByRole('table', { name: 'Users' });
    fireEvent.click(screen.getByRole('button', { name: 'Actions for zed@example.org' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Delete user' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Are you sure you want to delete zed@example.org?');
    expect(writesOf(calls)).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('User deleted successfully.')).toBeTruthy();
    expect(writesOf(calls)).toEqual([
      expect.objectContaining({ method: 'DELETE', path: '/admin/users/zed-9c0d' }),
    ]);
    await waitFor(() => expect(stat('Total Users').getByText('3')).toBeTruthy());
    expect(within(usersTable()).queryByText('zed@example.org')).toBeNull();
  });

  it('shows a banner handed over by the page it came from, for 3 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signIn(root);
    fakeApi(adminUsersRoutes());
    const { router } = renderApp('/');
    await act(() =>
      router.navigate('/dashboard', { state: { banner: 'User deleted successfully.' } }),
    );
    expect(await screen.findByText('User deleted successfully.')).toBeTruthy();
    // Shown once: the history entry no longer carries it.
    await waitFor(() => expect(router.state.location.state).toBeNull());
    act(() => vi.advanceTimersByTime(3050));
    await waitFor(() => expect(screen.queryByText('User deleted successfully.')).toBeNull());
  });

  it('people.root is the signed-in superadmin: their row says You', async () => {
    signIn(root);
    fakeApi(adminUsersRoutes());
    renderApp('/dashboard');
    await screen.findByRole('table', { name: 'Users' });
    const row = within(usersTable()).getByRole('link', { name: people.root.name }).closest('tr')!;
    expect(within(row).getByText('You')).toBeTruthy();
  });
});
