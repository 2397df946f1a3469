import { fireEvent, screen, waitFor } from '@testing-library/react';
import { PASSWORD_HINT } from '@exemplar/shared/fields';
import { beforeEach, describe, expect, it } from 'vitest';
import { authStore } from '../../../lib/auth/auth-store';
import { renderApp, storeSession } from '../../../test/render';
import { ada, meRoute } from '../../../test/auth-fixtures';
import { deferred, fail, fakeApi, ok, type Reply } from '../../../test/fake-api';

const field = (label: RegExp) => screen.getByLabelText(label, { selector: 'input' });

function fill(values: { name?: string; email?: string; password?: string }) {
  if (values.name !== undefined) {
    fireEvent.change(field(/Full Name/), { target: { value: values.name } });
  }
  if (values.email !== undefined) {
    fireEvent.change(field(/Email Address/), { target: { value: values.email } });
  }
  if (values.password !== undefined) {
    fireEvent.change(field(/^Password/), { target: { value: values.password } });
  }
}

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));

describe('/register', () => {
  beforeEach(() => authStore.initialise());

  it('has Full Name, Email Address and Password with the hint, and the links', async () => {
    renderApp('/register');
    expect(await screen.findByRole('heading', { name: 'Create your account' })).toBeTruthy();
    expect(field(/Full Name/)).toBeTruthy();
    expect(field(/Email Address/).getAttribute('type')).toBe('email');
    expect(field(/^Password/).getAttribute('type')).toBe('password');
    expect(
      screen.getByText(
        'Password should be at least 8 characters long and include uppercase, lowercase, and numbers.',
      ),
    ).toBeTruthy();
    const href = (name: string) => screen.getByRole('link', { name }).getAttribute('href');
    expect(href('Sign in')).toBe('/login');
    expect(href('Already have a code?')).toBe('/confirm');
    expect(href('Forgot password?')).toBe('/forgot-password');
  });

  it('requires every field and an email address', async () => {
    const { calls } = fakeApi();
    renderApp('/register');
    await screen.findByRole('heading', { name: 'Create your account' });
    submit();
    expect(await screen.findByText('Name is required.')).toBeTruthy();
    expect(screen.getByText('Email is required.')).toBeTruthy();
    expect(screen.getByText('Password is required.')).toBeTruthy();
    fill({ name: 'Ada', email: 'ada@', password: 'x' });
    submit();
    expect(await screen.findByText('Please enter a valid email address.')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('does not enforce the password hint on the client', async () => {
    const { callsTo } = fakeApi({
      'POST /auth/register': () =>
        Response.json(
          {
            success: false,
            code: 'ValidationError',
            message: 'The password needs at least 8 characters.',
            reason: 'PasswordTooShort',
          },
          { status: 400 },
        ),
    });
    renderApp('/register');
    await screen.findByRole('heading', { name: 'Create your account' });
    fill({ name: 'Ada', email: 'ada@example.com', password: 'short' });
    submit();
    const alert = await screen.findByRole('alert');
    expect(callsTo('/auth/register')[0]!.body).toEqual({
      name: 'Ada',
      email: 'ada@example.com',
      password: 'short',
    });
    expect(alert.textContent).toContain('Registration Failed');
    expect(alert.textContent).toContain('The password needs at least 8 characters.');
    expect(screen.getByText(PASSWORD_HINT)).toBeTruthy();
  });

  it("shows 'Registration failed' when the server gives no message", async () => {
    fakeApi({ 'POST /auth/register': () => fail(409, '') });
    renderApp('/register');
    await screen.findByRole('heading', { name: 'Create your account' });
    fill({ name: 'Ada', email: 'ada@example.com', password: 'Secret123' });
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Registration FailedRegistration failed',
    );
  });

  it.each([500, 503])("shows 'Registration failed' for an empty-bodied %i", async (status) => {
    fakeApi({ 'POST /auth/register': () => new Response(null, { status }) });
    renderApp('/register');
    await screen.findByRole('heading', { name: 'Create your account' });
    fill({ name: 'Ada', email: 'ada@example.com', password: 'Secret123' });
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Registration FailedRegistration failed',
    );
  });

  it('on success stores the pending email and goes to /confirm, where Resend Code waits out the first code', async () => {
    const response = deferred<Reply>();
    fakeApi({ 'POST /auth/register': () => response.promise });
    const { router } = renderApp('/register');
    await screen.findByRole('heading', { name: 'Create your account' });
    fill({ name: ' Ada Lovelace ', email: 'Ada@Example.com', password: 'Secret123' });
    submit();
    const pending = await screen.findByRole('button', { name: 'Creating your account...' });
    expect(pending.hasAttribute('disabled')).toBe(true);
    response.resolve(
      ok(
        { username: 'ada-1', email: 'ada@example.com', nextCodeInSeconds: 60 },
        'Registration successful. Please check your email for the code.',
        201,
      ),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/confirm'));
    expect(window.localStorage.getItem('pendingEmail')).toBe('ada@example.com');
    expect(await screen.findByText('ada@example.com')).toBeTruthy();
    expect(
      screen.getByText('Registration successful. Please check your email for the code.'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Resend Code' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByTestId('resend-wait').textContent).toMatch(
      /^You can ask for a new code in (60|59) s$/,
    );
  });

  it('sends a signed-in visitor to /dashboard', async () => {
    authStore.reset();
    storeSession({ sub: ada.sub, email: ada.email, name: ada.name });
    authStore.initialise();
    fakeApi({ ...meRoute() });
    const { router } = renderApp('/register');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });
});
