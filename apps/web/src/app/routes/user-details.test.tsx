import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  adminUser,
  adminUsersRoutes,
  writesOf,
  people,
  secondSuperadmin,
} from '../../features/admin-users/test/fixtures';
import { fail, fakeApi } from '../../test/fake-api';
import { authStore } from '../../lib/auth/auth-store';
import { renderApp, storeSession } from '../../test/render';

const root = {
  username: 'root-0001',
  email: 'root@example.com',
  name: 'Root Admin',
  groups: ['superadmin'],
};

function signIn(me = root) {
  storeSession({ sub: me.username, email: me.email, name: me.name, groups: me.groups });
  authStore.initialise();
}

/** The value shown next to `label` in the details list. */
function fact(label: string): string {
  const section = screen.getByRole('region', { name: 'Account Details' });
  const term = Array.from(section.querySelectorAll('dt')).find((dt) => dt.textContent === label);
  if (!term) throw new Error(`No '${label}' in the details`);
  return term.nextElementSibling?.textContent ?? '';
}

const REFUSAL =
  'The only enabled superadmin cannot be deleted, disabled or demoted: first give another enabled account the superadmin role.';

const dialog = () => screen.getByRole('dialog');
const checkbox = (label: string) =>
  within(dialog()).getByRole('checkbox', { name: label }) as HTMLInputElement;

async function openEditor() {
  fireEvent.click(await screen.findByRole('button', { name: 'Edit User' }));
  return screen.findByRole('dialog');
}

describe('/dashboard/user/{userId}', { timeout: 20_000 }, () => {
  afterEach(() => vi.useRealTimers());

  it('shows every field of the user', async () => {
    signIn();
    fakeApi(adminUsersRoutes());
    renderApp('/dashboard/user/grace-22b1');
    expect(await screen.findByRole('heading', { name: 'Grace Hopper' })).toBeTruthy();
    expect(fact('Username')).toBe('grace-22b1');
    expect(fact('Email')).toBe('grace@example.com');
    expect(fact('Name')).toBe('Grace Hopper');
    expect(fact('Status')).toBe('CONFIRMED');
    expect(fact('Email Verified')).toBe('Verified');
    expect(fact('Enabled')).toBe('Yes');
    expect(fact('Created')).toMatch(/2026/);
    expect(fact('Last Modified')).toMatch(/2026/);
    expect(fact('Groups')).toBe('adminbasic');
  });

  it("falls back to 'Not set', 'N/A', 'No groups assigned', 'Not Verified' and 'No'", async () => {
    signIn();
    fakeApi(
      adminUsersRoutes({
        users: [
          adminUser({
            username: 'bare-1',
            email: 'bare@example.com',
            name: '',
            status: 'UNCONFIRMED',
            enabled: false,
            emailVerified: false,
            groups: [],
            created: null,
            lastModified: '',
          }),
        ],
      }),
    );
    renderApp('/dashboard/user/bare-1');
    expect(await screen.findByRole('heading', { name: 'bare@example.com' })).toBeTruthy();
    expect(fact('Name')).toBe('Not set');
    expect(fact('Status')).toBe('UNCONFIRMED');
    expect(fact('Email Verified')).toBe('Not Verified');
    expect(fact('Enabled')).toBe('No');
    expect(fact('Created')).toBe('N/A');
    expect(fact('Last Modified')).toBe('N/A');
    expect(fact('Groups')).toBe('No groups assigned');
  });

  it("shows 'User not found' for an unknown username", async () => {
    signIn();
    fakeApi(adminUsersRoutes());
    renderApp('/dashboard/user/nobody');
    expect(await screen.findByRole('heading', { name: 'User not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Dashboard' }).getAttribute('href')).toBe(
      '/dashboard',
    );
  });

  it("shows 'Failed to load user details' with the server's message", async () => {
    signIn();
    fakeApi({
      ...adminUsersRoutes(),
      '*': (call) =>
        call.path === '/admin/users/ada-7f3a' ? fail(500, 'Database unavailable') : undefined,
    });
    renderApp('/dashboard/user/ada-7f3a');
    const alert = await screen.findByRole('alert', {}, { timeout: 10_000 });
    expect(alert.textContent).toContain('Failed to load user details');
    expect(alert.textContent).toContain('Database unavailable');
  });

  it('without a userId goes back to /dashboard', async () => {
    signIn();
    fakeApi(adminUsersRoutes());
    const { router } = renderApp('/dashboard/user');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('the Back button leads to /dashboard', async () => {
    signIn();
    fakeApi(adminUsersRoutes());
    const { router } = renderApp('/dashboard/user/ada-7f3a');
    await screen.findByRole('heading', { name: 'Ada Lovelace' });
    fireEvent.click(screen.getByRole('link', { name: 'Back' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('is restricted for anyone but a superadmin (no admin call is made)', async () => {
    const admin = { ...root, username: 'grace-22b1', groups: ['admin'] };
    signIn(admin);
    const { calls } = fakeApi(adminUsersRoutes({ me: admin }));
    renderApp('/dashboard/user/ada-7f3a');
    expect(await screen.findByRole('heading', { name: 'Restricted' })).toBeTruthy();
    expect(calls.some((c) => c.path.startsWith('/admin'))).toBe(false);
  });

  it('the Account Confirmed checkbox is disabled once the account is confirmed', async () => {
    signIn();
    fakeApi(adminUsersRoutes());
    renderApp('/dashboard/user/ada-7f3a');
    await openEditor();
    expect(checkbox('Account Confirmed').checked).toBe(true);
    expect(checkbox('Account Confirmed').disabled).toBe(true);
    expect(within(dialog()).getByText('A confirmed account cannot be unconfirmed.')).toBeTruthy();
  });

  it('an unconfirmed account can be confirmed: only `confirmed` is sent', async () => {
    signIn();
    const { calls } = fakeApi(adminUsersRoutes());
    renderApp('/dashboard/user/zed-9c0d');
    await openEditor();
    expect(checkbox('Account Confirmed').disabled).toBe(false);
    fireEvent.click(checkbox('Account Confirmed'));
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog()).findByText('User updated successfully.')).toBeTruthy();
    expect(writesOf(calls)).toEqual([
      expect.objectContaining({
        method: 'PUT',
        path: '/admin/users/zed-9c0d',
        body: { confirmed: true },
      }),
    ]);
  });

  it('nothing changed: Save is disabled and nothing is sent', async () => {
    signIn();
    const { calls } = fakeApi(adminUsersRoutes());
    renderApp('/dashboard/user/ada-7f3a');
    await openEditor();
    const save = within(dialog()).getByRole('button', { name: 'Save Changes' });
    expect(save.hasAttribute('disabled')).toBe(true);
    fireEvent.submit(within(dialog()).getByRole('form', { name: 'Edit user' }));
    // Toggling something and back is no change either.
    fireEvent.click(checkbox('Enabled'));
    fireEvent.click(checkbox('Enabled'));
    expect(save.hasAttribute('disabled')).toBe(true);
    expect(writesOf(calls)).toHaveLength(0);
  });

  it('sends only the changed fields and the roles after the save in one PUT, closes 1.5 s after saving, and reloads', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signIn();
    const { calls } = fakeApi(adminUsersRoutes());
    renderApp('/dashboard/user/ada-7f3a');
    await openEditor();
    expect(checkbox('Enabled').checked).toBe(true);
    expect(checkbox('User').checked).toBe(true);
    expect(checkbox('Admin').checked).toBe(false);

    fireEvent.click(checkbox('Enabled'));
    fireEvent.click(checkbox('Admin'));
    fireEvent.click(checkbox('User'));
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Save Changes' }));

    expect(await within(dialog()).findByText('User updated successfully.')).toBeTruthy();
    expect(writesOf(calls).map((c) => [c.method, c.path, c.body])).toEqual([
      ['PUT', '/admin/users/ada-7f3a', { enabled: false, groups: ['admin'] }],
    ]);
    const loads = () =>
      calls.filter((c) => c.method === 'GET' && c.path === '/admin/users/ada-7f3a');
    expect(loads()).toHaveLength(1);

    act(() => vi.advanceTimersByTime(1400));
    expect(screen.getByRole('dialog')).toBeTruthy();
    act(() => vi.advanceTimersByTime(150));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(loads()).toHaveLength(2));
    await waitFor(() => expect(fact('Enabled')).toBe('No'));
    expect(fact('Groups')).toBe('admin');
  });

  it('a new password is sent alone; an empty one keeps the current password', async () => {
    signIn();
    const { calls } = fakeApi(adminUsersRoutes());
    renderApp('/dashboard/user/ada-7f3a');
    await openEditor();
    fireEvent.change(within(dialog()).getByLabelText('New Password'), {
      target: { value: 'short' },
    });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Save Changes' }));
    expect(
      await within(dialog()).findByText('Password must be at least 8 characters long.'),
    ).toBeTruthy();
    expect(writesOf(calls)).toHaveLength(0);

    fireEvent.change(within(dialog()).getByLabelText('New Password'), {
      target: { value: 'Brand-New-Secret-7' },
    });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog()).findByText('User updated successfully.')).toBeTruthy();
    expect(writesOf(calls)).toEqual([
      expect.objectContaining({ method: 'PUT', body: { password: 'Brand-New-Secret-7' } }),
    ]);
  });

  it("a refused save shows 'Failed to update user' with the server's message and stays open", async () => {
    signIn();
    // The list shows a second superadmin, but the server has since refused (they were demoted).
    fakeApi({
      ...adminUsersRoutes({ users: [...Object.values(people), secondSuperadmin] }),
      '*': (call) =>
        call.method === 'PUT' &&
        call.path === '/admin/users/root-0001' &&
        !(call.body as { groups?: string[] }).groups?.includes('superadmin')
          ? fail(409, REFUSAL, 'Conflict')
          : undefined,
    });
    renderApp('/dashboard/user/root-0001');
    await screen.findByRole('button', { name: 'Delete User' });
    await openEditor();
    fireEvent.click(checkbox('Super Admin'));
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Save Changes' }));
    const alert = await within(dialog()).findByRole('alert');
    expect(alert.textContent).toContain('Failed to update user');
    expect(alert.textContent).toContain(REFUSAL);
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it("the only enabled superadmin's own page has no Delete User and says why; the editor keeps Enabled and Super Admin", async () => {
    signIn();
    const { calls } = fakeApi(adminUsersRoutes());
    renderApp('/dashboard/user/root-0001');
    const reason =
      'You are the only enabled superadmin: your account cannot be disabled, deleted or demoted until there is another.';
    expect(await screen.findByText(reason)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete User' })).toBeNull();

    await openEditor();
    expect(checkbox('Enabled').disabled).toBe(true);
    expect(checkbox('Enabled').checked).toBe(true);
    expect(within(dialog()).getByText(reason)).toBeTruthy();
    expect(checkbox('Super Admin').disabled).toBe(true);
    expect(
      within(dialog()).getByText(
        'superadmin: manages user accounts and roles. The only enabled superadmin keeps this role.',
      ),
    ).toBeTruthy();
    // What can succeed is still offered: another role, a new password.
    expect(checkbox('Admin').disabled).toBe(false);
    fireEvent.click(checkbox('Admin'));
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog()).findByText('User updated successfully.')).toBeTruthy();
    expect(writesOf(calls).map((c) => [c.method, c.path, c.body])).toEqual([
      ['PUT', '/admin/users/root-0001', { groups: ['superadmin', 'admin'] }],
    ]);
  });

  it('with a second enabled superadmin, your own page offers Delete User, warning you will be signed out', async () => {
    signIn();
    fakeApi(adminUsersRoutes({ users: [...Object.values(people), secondSuperadmin] }));
    renderApp('/dashboard/user/root-0001');
    const remove = await screen.findByRole('button', { name: 'Delete User' });
    // Held until the user list tells whether another superadmin is enabled.
    await waitFor(() => expect(remove.hasAttribute('disabled')).toBe(false));
    fireEvent.click(remove);
    const confirm = await screen.findByRole('dialog');
    expect(confirm.textContent).toContain('This is your own account: you will be signed out.');
    expect(screen.queryByText(/only enabled superadmin/)).toBeNull();
  });

  it("another user's page loads no user list and offers Delete User at once", async () => {
    signIn();
    const { calls } = fakeApi(adminUsersRoutes());
    renderApp('/dashboard/user/grace-22b1');
    const remove = await screen.findByRole('button', { name: 'Delete User' });
    expect(remove.hasAttribute('disabled')).toBe(false);
    expect(calls.some((c) => c.path === '/admin/users/dashboard')).toBe(false);
  });

  it('deletes after confirmation, then returns to /dashboard after 1.5 s with a banner', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signIn();
    const { calls } = fakeApi(adminUsersRoutes());
    const { router } = renderApp(`/dashboard/user/${people.zed.username}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete User' }));
    const confirm = await screen.findByRole('dialog');
    expect(confirm.textContent).toContain('Are you sure you want to delete zed@example.org?');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));

    expect(
      await screen.findByText('User deleted successfully. Returning to the dashboard...'),
    ).toBeTruthy();
    expect(writesOf(calls)).toEqual([
      expect.objectContaining({ method: 'DELETE', path: '/admin/users/zed-9c0d' }),
    ]);
    act(() => vi.advanceTimersByTime(1400));
    expect(router.state.location.pathname).toBe('/dashboard/user/zed-9c0d');
    act(() => vi.advanceTimersByTime(150));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    // The dashboard shows the message as its banner.
    expect(await screen.findByText('User deleted successfully.')).toBeTruthy();
  });

  it("a refused delete shows 'Failed to delete user' with the server's message", async () => {
    signIn();
    fakeApi({
      ...adminUsersRoutes({ users: [...Object.values(people), secondSuperadmin] }),
      '*': (call) => (call.method === 'DELETE' ? fail(409, REFUSAL, 'Conflict') : undefined),
    });
    const { router } = renderApp('/dashboard/user/root-0001');
    const remove = await screen.findByRole('button', { name: 'Delete User' });
    await waitFor(() => expect(remove.hasAttribute('disabled')).toBe(false));
    fireEvent.click(remove);
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }),
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(`Failed to delete user${REFUSAL}`);
    expect(router.state.location.pathname).toBe('/dashboard/user/root-0001');
  });
});
