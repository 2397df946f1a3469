import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { authStore } from '../../../lib/auth/auth-store';
import { renderApp, storeSession } from '../../../test/render';
import { loginTokens } from '../test/fixtures';
import { ada, meRoute } from '../../../test/auth-fixtures';
import { deferred, fail, fakeApi, ok, type Reply } from '../../../test/fake-api';

const field = (label: RegExp | string) => screen.getByLabelText(label, { selector: 'input' });

function fillAndSubmit(email: string, password: string) {
  fireEvent.change(field(/Email Address/), { target: { value: email } });
  fireEvent.change(field(/^Password/), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('/login', () => {
  beforeEach(() => authStore.initialise());

  it('has email (type email) and password fields and the four links', async () => {
    renderApp('/login');
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeTruthy();
    expect(field(/Email Address/).getAttribute('type')).toBe('email');
    expect(field(/^Password/).getAttribute('type')).toBe('password');
    const href = (name: string) => screen.getByRole('link', { name }).getAttribute('href');
    expect(href('Forgot password?')).toBe('/forgot-password');
    expect(href('Create an account')).toBe('/register');
    expect(href('Confirm registration')).toBe('/confirm');
    expect(href('Back to home')).toBe('/');
  });

  it('shows and hides the password', async () => {
    renderApp('/login');
    await screen.findByRole('heading', { name: 'Welcome back' });
    const toggle = screen.getByRole('button', { name: 'Show password' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    fireEvent.mouseDown(toggle);
    expect(field(/^Password/).getAttribute('type')).toBe('text');
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    fireEvent.keyDown(toggle, { key: 'Enter' });
    expect(field(/^Password/).getAttribute('type')).toBe('password');
  });

  it('requires both fields and an email address, without calling the server', async () => {
    const { calls } = fakeApi();
    renderApp('/login');
    await screen.findByRole('heading', { name: 'Welcome back' });
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Email is required.')).toBeTruthy();
    expect(screen.getByText('Password is required.')).toBeTruthy();

    fillAndSubmit('not-an-email', 'secret');
    expect(await screen.findByText('Please enter a valid email address.')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it("reads 'Signing you in...' and is disabled while loading, then goes to /dashboard", async () => {
    const response = deferred<Reply>();
    const { callsTo } = fakeApi({ ...meRoute(), 'POST /auth/login': () => response.promise });
    const { router } = renderApp('/login');
    await screen.findByRole('heading', { name: 'Welcome back' });
    fillAndSubmit(' Ada@Example.com ', 'Secret123');

    const button = await screen.findByRole('button', { name: 'Signing you in...' });
    expect(button.hasAttribute('disabled')).toBe(true);
    expect(callsTo('/auth/login')[0]!.body).toEqual({
      email: 'ada@example.com',
      password: 'Secret123',
    });

    const tokens = loginTokens();
    response.resolve(ok(tokens));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(window.localStorage.getItem('idToken')).toBe(tokens.idToken);
    expect(window.localStorage.getItem('accessToken')).toBe(tokens.accessToken);
    expect(window.localStorage.getItem('refreshToken')).toBe(tokens.refreshToken);
    expect(authStore.getState().user?.email).toBe(ada.email);
    expect(
      await screen.findByRole('button', { name: `Account menu for ${ada.name}` }),
    ).toBeTruthy();
  });

  it("shows a failure in the 'Login Failed' alert with the server's message", async () => {
    fakeApi({
      'POST /auth/login': () => fail(401, 'Incorrect email or password.', 'Unauthorized'),
    });
    const { router } = renderApp('/login');
    await screen.findByRole('heading', { name: 'Welcome back' });
    fillAndSubmit('ada@example.com', 'wrong');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Login Failed');
    expect(alert.textContent).toContain('Incorrect email or password.');
    expect(router.state.location.pathname).toBe('/login');
    expect(window.localStorage.getItem('idToken')).toBeNull();
  });

  it("says 'Login failed' when the server gives no message", async () => {
    fakeApi({ 'POST /auth/login': () => fail(400, '') });
    renderApp('/login');
    await screen.findByRole('heading', { name: 'Welcome back' });
    fillAndSubmit('ada@example.com', 'whatever');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Login FailedLogin failed');
  });

  it.each([
    [500, 'Internal Server Error'],
    [503, 'Service Unavailable'],
  ])(
    "says 'Login failed' for an empty-bodied %i, never its reason phrase",
    async (status, statusText) => {
      fakeApi({ 'POST /auth/login': () => new Response(null, { status, statusText }) });
      renderApp('/login');
      await screen.findByRole('heading', { name: 'Welcome back' });
      fillAndSubmit('ada@example.com', 'whatever');
      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toBe('Login FailedLogin failed');
    },
  );

  it('the lock-out message is shown as the server gives it', async () => {
    fakeApi({
      'POST /auth/login': () =>
        fail(429, 'Too many failed sign-in attempts. Try again in 14 minutes.', 'TooManyRequests'),
    });
    renderApp('/login');
    await screen.findByRole('heading', { name: 'Welcome back' });
    fillAndSubmit('ada@example.com', 'whatever');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      'Login FailedToo many failed sign-in attempts. Try again in 14 minutes.',
    );
  });

  it('an unconfirmed account stores the pending email and goes to /confirm', async () => {
    fakeApi({ 'POST /auth/login': () => fail(403, 'User is not confirmed.', 'UserNotConfirmed') });
    const { router } = renderApp('/login');
    await screen.findByRole('heading', { name: 'Welcome back' });
    fillAndSubmit('New@Example.com', 'Secret123');
    await waitFor(() => expect(router.state.location.pathname).toBe('/confirm'));
    expect(window.localStorage.getItem('pendingEmail')).toBe('new@example.com');
    expect(await screen.findByText('new@example.com')).toBeTruthy();
    expect(screen.getByText(/Your account is not confirmed yet/)).toBeTruthy();
  });

  it('sends a signed-in visitor to /dashboard', async () => {
    authStore.reset();
    storeSession({ sub: ada.sub, email: ada.email, name: ada.name });
    authStore.initialise();
    fakeApi({ ...meRoute() });
    const { router } = renderApp('/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('returns to the protected page that sent the visitor here', async () => {
    fakeApi({ ...meRoute(), 'POST /auth/login': () => ok(loginTokens()) });
    const { router } = renderApp('/login?next=%2Fprofile');
    expect(await screen.findByText('Please log in to continue to that page.')).toBeTruthy();
    fillAndSubmit('ada@example.com', 'Secret123');
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
  });

  it('ignores a next parameter that leaves the app', async () => {
    fakeApi({ ...meRoute(), 'POST /auth/login': () => ok(loginTokens()) });
    const { router } = renderApp('/login?next=//evil.example/');
    await screen.findByRole('heading', { name: 'Welcome back' });
    fillAndSubmit('ada@example.com', 'Secret123');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('fills in the email when arriving from a confirmation', async () => {
    const { router } = renderApp('/');
    await act(() => router.navigate('/login', { state: { email: 'ada@example.com' } }));
    await screen.findByRole('heading', { name: 'Welcome back' });
    expect((field(/Email Address/) as HTMLInputElement).value).toBe('ada@example.com');
  });
});
