import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authStore } from '../../../../lib/auth/auth-store';
import { fakeIdToken, renderApp } from '../../../../test/render';
import { loginTokens } from '../../test/fixtures';
import { ada, meRoute, meUser } from '../../../../test/auth-fixtures';
import { fail, fakeApi, ok, type Routes } from '../../../../test/fake-api';

function signIn() {
  const tokens = loginTokens();
  window.localStorage.setItem('idToken', tokens.idToken);
  window.localStorage.setItem('accessToken', tokens.accessToken);
  window.localStorage.setItem('refreshToken', tokens.refreshToken);
  authStore.initialise();
  return tokens;
}

async function openProfile(routes: Routes = {}) {
  const api = fakeApi({ ...meRoute(), ...routes });
  const rendered = renderApp('/profile');
  await screen.findByRole('heading', { name: `Welcome, ${ada.name}!` });
  return { ...api, ...rendered };
}

const field = (label: RegExp) => screen.getByLabelText(label, { selector: 'input' });
const card = (name: string) => screen.getByRole('region', { name });

describe('/profile', () => {
  it('shows the hero and the profile information from GET /auth/me', async () => {
    signIn();
    await openProfile();
    const info = card('Profile Information');
    expect(within(info).getByText(ada.name)).toBeTruthy();
    expect(within(info).getByText(ada.email)).toBeTruthy();
    expect(within(info).getByText('User ID')).toBeTruthy();
    expect(within(info).getByText(ada.username)).toBeTruthy();
    expect(screen.getByText('Member since', { exact: false })).toBeTruthy();
  });

  it('shows Verified and Active from the account', async () => {
    signIn();
    await openProfile();
    const security = card('Security');
    expect(within(security).getByText('Verified')).toBeTruthy();
    expect(within(security).getByText('Active')).toBeTruthy();
  });

  it('shows Not Verified and Disabled when the server says so', async () => {
    signIn();
    fakeApi({ ...meRoute(meUser({ emailVerified: false, enabled: false })) });
    renderApp('/profile');
    const security = await screen.findByRole('region', { name: 'Security' });
    expect(within(security).getByText('Not Verified')).toBeTruthy();
    expect(within(security).getByText('Disabled')).toBeTruthy();
  });

  it('edits the name: the email is disabled with its note, Save calls PATCH /auth/me', async () => {
    const tokens = signIn();
    const renamedToken = fakeIdToken({ sub: ada.sub, email: ada.email, name: 'Ada King' });
    const { callsTo } = await openProfile({
      'POST /auth/refresh': () =>
        ok({ idToken: renamedToken, accessToken: 'a2', refreshToken: 'r2', expiresIn: 3600 }),
      'PATCH /auth/me': (call) =>
        ok({ user: meUser({ name: (call.body as { name: string }).name }) }),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Edit Profile' }));
    const email = field(/^Email/);
    expect(email.hasAttribute('disabled')).toBe(true);
    expect(
      screen.getByText('Email changes require additional verification and are currently disabled.'),
    ).toBeTruthy();

    fireEvent.change(field(/Full Name/), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Name is required.')).toBeTruthy();

    fireEvent.change(field(/Full Name/), { target: { value: '  Ada King ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Profile updated')).toBeTruthy();
    expect(callsTo('/auth/me').find((c) => c.method === 'PATCH')?.body).toEqual({
      name: 'Ada King',
    });
    // Back to viewing, everywhere the new name: hero, card, navbar.
    expect(screen.getByRole('heading', { name: 'Welcome, Ada King!' })).toBeTruthy();
    expect(within(card('Profile Information')).getByText('Ada King')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Account menu for Ada King' })).toBeTruthy();
    // New tokens that carry the new name, so a reload shows it too.
    await waitFor(() => expect(window.localStorage.getItem('refreshToken')).toBe('r2'));
    expect(window.localStorage.getItem('idToken')).not.toBe(tokens.idToken);
  });

  it('shows the server message when saving fails', async () => {
    signIn();
    await openProfile({
      'PATCH /auth/me': () => fail(400, 'Name must be at most 100 characters.'),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Edit Profile' }));
    fireEvent.change(field(/Full Name/), { target: { value: 'Ada K' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Name must be at most 100 characters.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(within(card('Profile Information')).getByText(ada.name)).toBeTruthy();
  });

  it('changes the password, with the hint, checks and the server answer', async () => {
    signIn();
    let attempt = 0;
    const { callsTo } = await openProfile({
      'POST /auth/change-password': () =>
        ++attempt === 1
          ? fail(400, 'Current password is incorrect.')
          : ok({}, 'Password changed successfully.'),
    });
    const form = screen.getByRole('form', { name: 'Change password' });
    expect(
      within(form).getByText(
        'Password should be at least 8 characters long and include uppercase, lowercase, and numbers.',
      ),
    ).toBeTruthy();
    const set = (label: RegExp, value: string) =>
      fireEvent.change(within(form).getByLabelText(label, { selector: 'input' }), {
        target: { value },
      });
    const submit = () =>
      fireEvent.click(within(form).getByRole('button', { name: 'Change Password' }));

    set(/^New Password/, 'short');
    set(/^Confirm New Password/, 'other');
    submit();
    expect(await within(form).findByText('Password is required.')).toBeTruthy();
    expect(within(form).getByText('Password must be at least 8 characters long.')).toBeTruthy();
    expect(within(form).getByText('Passwords do not match.')).toBeTruthy();
    expect(callsTo('/auth/change-password')).toHaveLength(0);

    set(/^Current Password/, 'Wrong1234');
    set(/^New Password/, 'NewSecret123');
    set(/^Confirm New Password/, 'NewSecret123');
    submit();
    expect(await within(form).findByText('Current password is incorrect.')).toBeTruthy();

    set(/^Current Password/, 'Secret123');
    submit();
    expect(await within(form).findByText('Password changed successfully.')).toBeTruthy();
    expect(callsTo('/auth/change-password')[1]!.body).toEqual({
      currentPassword: 'Secret123',
      newPassword: 'NewSecret123',
    });
    expect(
      (within(form).getByLabelText(/^Current Password/, { selector: 'input' }) as HTMLInputElement)
        .value,
    ).toBe('');
  });

  it('Account Actions: a Dashboard link, and Logout after confirming', async () => {
    signIn();
    const { callsTo, router } = await openProfile({ 'POST /auth/logout': () => ok({}) });
    const actions = card('Account Actions');
    expect(within(actions).getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe(
      '/dashboard',
    );

    fireEvent.click(within(actions).getByRole('button', { name: 'Logout' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you sure you want to logout?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(authStore.getState().user).not.toBeNull();

    fireEvent.click(within(actions).getByRole('button', { name: 'Logout' }));
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Logout' }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    await waitFor(() => expect(callsTo('/auth/logout')).toHaveLength(1));
    expect(authStore.getState().user).toBeNull();
    expect(window.localStorage.getItem('idToken')).toBeNull();
  });

  it('shows the first 50 characters of each token in a collapsible section', async () => {
    const tokens = signIn();
    await openProfile();
    const toggle = screen.getByRole('button', { name: 'Show Tokens' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(screen.getByRole('button', { name: 'Hide Tokens' }).getAttribute('aria-expanded')).toBe(
      'true',
    );
    for (const token of [tokens.idToken, tokens.accessToken, tokens.refreshToken]) {
      expect(screen.getByText(`${token.slice(0, 50)}...`)).toBeTruthy();
      expect(screen.queryByText(token)).toBeNull();
    }
  });
});
