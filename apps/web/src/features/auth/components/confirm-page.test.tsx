import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../../lib/auth/auth-store';
import { renderApp } from '../../../test/render';
import { fail, fakeApi, ok } from '../../../test/fake-api';

const field = (label: RegExp) => screen.getByLabelText(label, { selector: 'input' });
const confirmButton = () => screen.getByRole('button', { name: 'Confirm Account' });

describe('/confirm', () => {
  beforeEach(() => authStore.initialise());

  it('shows the pending email and a 6-character code input', async () => {
    window.localStorage.setItem('pendingEmail', 'ada@example.com');
    renderApp('/confirm');
    expect(await screen.findByRole('heading', { name: 'Confirm your account' })).toBeTruthy();
    expect(screen.getByText('ada@example.com')).toBeTruthy();
    expect(screen.queryByLabelText(/Email Address/)).toBeNull();
    expect(field(/Confirmation Code/).getAttribute('maxlength')).toBe('6');
  });

  it('asks for the email when none is stored, and requires it and the code', async () => {
    const { calls } = fakeApi();
    renderApp('/confirm');
    await screen.findByRole('heading', { name: 'Confirm your account' });
    fireEvent.click(confirmButton());
    expect(await screen.findByText('Email is required.')).toBeTruthy();
    expect(screen.getByText('Code is required.')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('confirms, clears the pending email, says so, and goes to /login after 2 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    window.localStorage.setItem('pendingEmail', 'ada@example.com');
    const { callsTo } = fakeApi({ 'POST /auth/confirm': () => ok({}, 'Account confirmed.') });
    const { router } = renderApp('/confirm');
    await screen.findByRole('heading', { name: 'Confirm your account' });
    fireEvent.change(field(/Confirmation Code/), { target: { value: ' 123456 ' } });
    fireEvent.click(confirmButton());

    expect(
      await screen.findByText('Account confirmed successfully! Redirecting to login...'),
    ).toBeTruthy();
    expect(callsTo('/auth/confirm')[0]!.body).toEqual({ email: 'ada@example.com', code: '123456' });
    expect(window.localStorage.getItem('pendingEmail')).toBeNull();
    expect(confirmButton().hasAttribute('disabled')).toBe(true);

    act(() => vi.advanceTimersByTime(1900));
    expect(router.state.location.pathname).toBe('/confirm');
    act(() => vi.advanceTimersByTime(200));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    // The login form has the email filled in.
    await screen.findByRole('heading', { name: 'Welcome back' });
    expect((field(/Email Address/) as HTMLInputElement).value).toBe('ada@example.com');
  });

  it("shows 'Verification Failed' with the server's message", async () => {
    window.localStorage.setItem('pendingEmail', 'ada@example.com');
    fakeApi({
      'POST /auth/confirm': () =>
        fail(400, 'Invalid verification code provided, please try again.'),
    });
    const { router } = renderApp('/confirm');
    await screen.findByRole('heading', { name: 'Confirm your account' });
    fireEvent.change(field(/Confirmation Code/), { target: { value: '000000' } });
    fireEvent.click(confirmButton());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Verification Failed');
    expect(alert.textContent).toContain('Invalid verification code provided, please try again.');
    expect(window.localStorage.getItem('pendingEmail')).toBe('ada@example.com');
    expect(router.state.location.pathname).toBe('/confirm');
  });

  it('Resend Code posts to /auth/resend-code and shows the server message', async () => {
    window.localStorage.setItem('pendingEmail', 'ada@example.com');
    const { callsTo } = fakeApi({
      'POST /auth/resend-code': () =>
        ok({}, 'If the account exists and is unconfirmed, a new code has been sent.'),
    });
    renderApp('/confirm');
    await screen.findByRole('heading', { name: 'Confirm your account' });
    fireEvent.click(screen.getByRole('button', { name: 'Resend Code' }));
    expect(
      await screen.findByText(
        'If the account exists and is unconfirmed, a new code has been sent.',
      ),
    ).toBeTruthy();
    expect(callsTo('/auth/resend-code')[0]!.body).toEqual({ email: 'ada@example.com' });
    // Registering again is still one click away.
    expect(
      within(screen.getByRole('main')).getByRole('link', { name: 'Register' }).getAttribute('href'),
    ).toBe('/register');
  });

  it("after Resend Code the button waits: disabled with 'You can ask for a new code in 59 s' counting down, enabled again after the server's wait", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    window.localStorage.setItem('pendingEmail', 'ada@example.com');
    const { callsTo } = fakeApi({
      'POST /auth/resend-code': () => ok({ nextCodeInSeconds: 60 }, 'A new code is on its way.'),
    });
    renderApp('/confirm');
    await screen.findByRole('heading', { name: 'Confirm your account' });
    const resend = () => screen.getByRole('button', { name: 'Resend Code' });
    expect(resend().hasAttribute('disabled')).toBe(false);
    expect(screen.queryByTestId('resend-wait')).toBeNull();

    fireEvent.click(resend());
    await screen.findByText('A new code is on its way.');
    await waitFor(() => expect(resend().hasAttribute('disabled')).toBe(true));
    expect(screen.getByTestId('resend-wait').textContent).toBe(
      'You can ask for a new code in 60 s',
    );
    act(() => vi.advanceTimersByTime(1300));
    expect(screen.getByTestId('resend-wait').textContent).toBe(
      'You can ask for a new code in 59 s',
    );
    fireEvent.click(resend());
    expect(callsTo('/auth/resend-code')).toHaveLength(1);

    act(() => vi.advanceTimersByTime(59_000));
    await waitFor(() => expect(resend().hasAttribute('disabled')).toBe(false));
    expect(screen.queryByTestId('resend-wait')).toBeNull();
  });

  it('a wait of most of an hour (five codes already this hour) is shown in minutes, and survives a reload', async () => {
    window.localStorage.setItem('pendingEmail', 'ada@example.com');
    fakeApi({ 'POST /auth/resend-code': () => ok({ nextCodeInSeconds: 3300 }, 'Sent.') });
    const first = renderApp('/confirm');
    await screen.findByRole('heading', { name: 'Confirm your account' });
    fireEvent.click(screen.getByRole('button', { name: 'Resend Code' }));
    expect((await screen.findByTestId('resend-wait')).textContent).toBe(
      'You can ask for a new code in 55 min',
    );
    first.unmount();
    renderApp('/confirm');
    expect((await screen.findByTestId('resend-wait')).textContent).toMatch(
      /^You can ask for a new code in 5[45] min$/,
    );
  });

  it('Resend Code without a stored email asks for it first', async () => {
    const { callsTo } = fakeApi({ 'POST /auth/resend-code': () => ok({}, 'Sent.') });
    renderApp('/confirm');
    await screen.findByRole('heading', { name: 'Confirm your account' });
    fireEvent.click(screen.getByRole('button', { name: 'Resend Code' }));
    expect(await screen.findByText('Email is required.')).toBeTruthy();
    expect(callsTo('/auth/resend-code')).toHaveLength(0);

    fireEvent.change(field(/Email Address/), { target: { value: 'Bob@Example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Resend Code' }));
    expect(await screen.findByText('Sent.')).toBeTruthy();
    expect(callsTo('/auth/resend-code')[0]!.body).toEqual({ email: 'bob@example.com' });
  });

  it('lets the visitor use another email than the stored one', async () => {
    window.localStorage.setItem('pendingEmail', 'old@example.com');
    const { callsTo } = fakeApi({ 'POST /auth/confirm': () => ok({}) });
    renderApp('/confirm');
    await screen.findByRole('heading', { name: 'Confirm your account' });
    fireEvent.click(screen.getByRole('button', { name: 'Change' }));
    fireEvent.change(field(/Email Address/), { target: { value: 'new@example.com' } });
    fireEvent.change(field(/Confirmation Code/), { target: { value: '654321' } });
    fireEvent.click(confirmButton());
    await screen.findByText('Account confirmed successfully! Redirecting to login...');
    expect(callsTo('/auth/confirm')[0]!.body).toEqual({ email: 'new@example.com', code: '654321' });
  });
});
