import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../../lib/auth/auth-store';
import { renderApp, storeSession } from '../../../test/render';
import { ada, meRoute } from '../../../test/auth-fixtures';
import { fail, fakeApi, ok } from '../../../test/fake-api';

const field = (label: RegExp) => screen.getByLabelText(label, { selector: 'input' });
const type = (label: RegExp, value: string) =>
  fireEvent.change(field(label), { target: { value } });

describe('/forgot-password', () => {
  beforeEach(() => authStore.initialise());

  it('requires an email address', async () => {
    const { calls } = fakeApi();
    renderApp('/forgot-password');
    await screen.findByRole('heading', { name: 'Forgot your password?' });
    fireEvent.click(screen.getByRole('button', { name: 'Send Reset Code' }));
    expect(await screen.findByText('Email is required.')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('on success stores the reset email and goes to /reset-password', async () => {
    const { callsTo } = fakeApi({
      'POST /auth/forgot-password': () =>
        ok({}, 'If an account exists for this email, a reset code has been sent.'),
    });
    const { router } = renderApp('/forgot-password');
    await screen.findByRole('heading', { name: 'Forgot your password?' });
    type(/Email Address/, 'Ada@Example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Send Reset Code' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/reset-password'));
    expect(callsTo('/auth/forgot-password')[0]!.body).toEqual({ email: 'ada@example.com' });
    expect(window.localStorage.getItem('resetEmail')).toBe('ada@example.com');
    expect(await screen.findByText('ada@example.com')).toBeTruthy();
    expect(
      screen.getByText('If an account exists for this email, a reset code has been sent.'),
    ).toBeTruthy();
  });

  it("shows 'Reset Failed' with the message", async () => {
    fakeApi({
      'POST /auth/forgot-password': () =>
        fail(429, 'Attempt limit exceeded, please try after some time.'),
    });
    renderApp('/forgot-password');
    await screen.findByRole('heading', { name: 'Forgot your password?' });
    type(/Email Address/, 'ada@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Send Reset Code' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Reset Failed');
    expect(alert.textContent).toContain('Attempt limit exceeded, please try after some time.');
  });

  it('sends a signed-in visitor to /dashboard', async () => {
    authStore.reset();
    storeSession({ sub: ada.sub, email: ada.email, name: ada.name });
    authStore.initialise();
    fakeApi({ ...meRoute() });
    const { router } = renderApp('/forgot-password');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });
});

describe('/reset-password', () => {
  beforeEach(() => authStore.initialise());

  const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Reset Password' }));

  it('asks for the email only when none is stored', async () => {
    renderApp('/reset-password');
    await screen.findByRole('heading', { name: 'Set a new password' });
    expect(field(/Email Address/)).toBeTruthy();
    expect(field(/Reset Code/).getAttribute('maxlength')).toBe('6');
    expect(field(/^New Password/)).toBeTruthy();
    expect(field(/^Confirm Password/)).toBeTruthy();
  });

  it('checks code, length and match before calling the server', async () => {
    window.localStorage.setItem('resetEmail', 'ada@example.com');
    const { calls } = fakeApi();
    renderApp('/reset-password');
    await screen.findByRole('heading', { name: 'Set a new password' });
    expect(screen.queryByLabelText(/Email Address/)).toBeNull();
    expect(screen.getByText('ada@example.com')).toBeTruthy();

    type(/^New Password/, 'Short1');
    type(/^Confirm Password/, 'Short2');
    submit();
    expect(await screen.findByText('Code is required.')).toBeTruthy();
    expect(screen.getByText('Password must be at least 8 characters long.')).toBeTruthy();
    expect(screen.getByText('Passwords do not match.')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('resets, says so, clears the reset email and goes to /login after 2 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    window.localStorage.setItem('resetEmail', 'ada@example.com');
    const { callsTo } = fakeApi({
      'POST /auth/confirm-forgot-password': () => ok({}, 'Password has been reset.'),
    });
    const { router } = renderApp('/reset-password');
    await screen.findByRole('heading', { name: 'Set a new password' });
    type(/Reset Code/, '123456');
    type(/^New Password/, 'NewSecret123');
    type(/^Confirm Password/, 'NewSecret123');
    submit();

    expect(
      await screen.findByText('Password reset successfully! Redirecting to login...'),
    ).toBeTruthy();
    expect(callsTo('/auth/confirm-forgot-password')[0]!.body).toEqual({
      email: 'ada@example.com',
      code: '123456',
      newPassword: 'NewSecret123',
    });
    expect(window.localStorage.getItem('resetEmail')).toBeNull();

    act(() => vi.advanceTimersByTime(1900));
    expect(router.state.location.pathname).toBe('/reset-password');
    act(() => vi.advanceTimersByTime(200));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it("shows 'Reset Failed' with the server's message", async () => {
    fakeApi({
      'POST /auth/confirm-forgot-password': () =>
        fail(400, 'Invalid code provided, please request a code again.'),
    });
    renderApp('/reset-password');
    await screen.findByRole('heading', { name: 'Set a new password' });
    type(/Email Address/, 'ada@example.com');
    type(/Reset Code/, '111111');
    type(/^New Password/, 'NewSecret123');
    type(/^Confirm Password/, 'NewSecret123');
    submit();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Reset Failed');
    expect(alert.textContent).toContain('Invalid code provided, please request a code again.');
  });

  it('Resend Code sends a new code to the stored email and says so', async () => {
    window.localStorage.setItem('resetEmail', 'ada@example.com');
    const { callsTo } = fakeApi({
      'POST /auth/forgot-password': () => ok({}, 'A reset code has been sent.'),
    });
    renderApp('/reset-password');
    await screen.findByRole('heading', { name: 'Set a new password' });
    fireEvent.click(screen.getByRole('button', { name: 'Resend Code' }));
    expect(await screen.findByText('A reset code has been sent.')).toBeTruthy();
    expect(callsTo('/auth/forgot-password')[0]!.body).toEqual({ email: 'ada@example.com' });
    expect(
      screen.getByRole('link', { name: 'Request a code for another email' }).getAttribute('href'),
    ).toBe('/forgot-password');
  });

  it('arriving from /forgot-password, Resend Code waits out the minute the server gave, with a countdown', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fakeApi({
      'POST /auth/forgot-password': () =>
        ok({ nextCodeInSeconds: 60 }, 'If an account exists, a reset code is on its way.'),
    });
    const { router } = renderApp('/forgot-password');
    await screen.findByRole('heading', { name: 'Forgot your password?' });
    type(/Email Address/, 'ada@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Send Reset Code' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/reset-password'));
    await screen.findByRole('heading', { name: 'Set a new password' });
    const resend = () => screen.getByRole('button', { name: 'Resend Code' });
    expect(resend().hasAttribute('disabled')).toBe(true);
    act(() => vi.advanceTimersByTime(1300));
    expect(screen.getByTestId('resend-wait').textContent).toBe(
      'You can ask for a new code in 59 s',
    );
    act(() => vi.advanceTimersByTime(59_000));
    await waitFor(() => expect(resend().hasAttribute('disabled')).toBe(false));
    expect(screen.queryByTestId('resend-wait')).toBeNull();
  });

  it('Resend Code without any email goes to /forgot-password', async () => {
    const { calls } = fakeApi();
    const { router } = renderApp('/reset-password');
    await screen.findByRole('heading', { name: 'Set a new password' });
    fireEvent.click(screen.getByRole('button', { name: 'Resend Code' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/forgot-password'));
    expect(calls).toHaveLength(0);
  });
});
