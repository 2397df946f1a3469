import path from 'node:path';
import type { Page, Request } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { resultsDir, waitForPage } from './harness';
import { eventually, useBrowserTests, settled } from './browser-tests';

const PASSWORD = 'Correct-Horse-42';

describe('accounts in the browser, with mail over real SMTP', () => {
  const e2e = useBrowserTests({ env: { LOG_LEVEL: 'warn' }, smtp: true });
  const { smtp, url } = e2e;
  let page: Page;
  let counter = 0;

  const uniqueEmail = (tag: string) => `${tag}-${Date.now()}-${++counter}@example.com`;
  const emailOnFile = () => page.getByTestId('email-on-file');

  /** POST to the API from the test (for set-up, not for what is under test). */
  async function apiPost(pathname: string, body: unknown) {
    const response = await fetch(url(`/api${pathname}`), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    const json = (await response.json()) as { data?: Record<string, string>; message?: string };
    if (!response.ok) throw new Error(`${pathname}: ${response.status} ${json.message}`);
    return json;
  }

  /** Registers and confirms an account through the API, the code read from the mail. */
  async function confirmedAccount(tag: string, name = 'Test Learner') {
    const email = uniqueEmail(tag);
    const since = smtp.messages.length;
    await apiPost('/auth/register', { email, password: PASSWORD, name });
    const code = smtp.codeIn(await smtp.nextTo(email, since));
    await apiPost('/auth/confirm', { email, code });
    return { email, name };
  }

  async function logInWithTheForm(email: string, password: string) {
    await page.getByLabel('Email Address').fill(email);
    await page.getByLabel(/^Password/).fill(password);
    await page.getByRole('button', { name: 'Sign In' }).click();
  }

  const storage = (key: string) => page.evaluate((k) => window.localStorage.getItem(k), key);

  beforeEach(async () => {
    page = await e2e.open();
  });

  it('register → code from the mail → confirm → login → /dashboard → logout', async () => {
    const email = uniqueEmail('newcomer');
    await page.goto(url('/register'));
    await page.getByLabel('Full Name').fill('Grace Hopper');
    await page.getByLabel('Email Address').fill(email);
    await page.getByLabel(/^Password/).fill(PASSWORD);
    const since = smtp.messages.length;
    await page.getByRole('button', { name: 'Create Account' }).click();

    await waitForPage(page, url('/confirm'));
    expect(await emailOnFile().textContent()).toBe(email);
    expect(await storage('pendingEmail')).toBe(email);

    const mail = await smtp.nextTo(email, since);
    expect(mail.subject).toContain('confirmation code');
    await page.getByLabel('Confirmation Code').fill(smtp.codeIn(mail));
    await page.getByRole('button', { name: 'Confirm Account' }).click();
    await page.getByText('Account confirmed successfully! Redirecting to login...').waitFor();
    expect(await storage('pendingEmail')).toBeNull();

    await waitForPage(page, url('/login'), { timeout: 5_000 });
    expect(await page.getByLabel('Email Address').inputValue()).toBe(email);
    await page.getByLabel(/^Password/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();

    await waitForPage(page, url('/dashboard'));
    await page.getByRole('heading', { name: 'Welcome, Grace Hopper!' }).waitFor();
    expect(await storage('refreshToken')).toBeTruthy();

    await page.getByRole('button', { name: 'Account menu for Grace Hopper' }).click();
    const menu = page.getByRole('menu');
    await menu.getByText(email).waitFor();
    await menu.getByText('User', { exact: true }).waitFor();
    await menu.getByRole('menuitem', { name: 'Logout' }).click();

    await waitForPage(page, url('/'));
    await page.getByRole('banner').getByRole('link', { name: 'Login' }).waitFor();
    for (const key of ['idToken', 'accessToken', 'refreshToken']) {
      expect(await storage(key)).toBeNull();
    }
  });

  it('an unconfirmed login lands on /confirm; Resend Code within the first minute mails nothing, counts down, and the first code works', async () => {
    const email = uniqueEmail('unconfirmed');
    const since = smtp.messages.length;
    await apiPost('/auth/register', { email, password: PASSWORD, name: 'Alan Turing' });
    const code = smtp.codeIn(await smtp.nextTo(email, since));

    await page.goto(url('/login'));
    await logInWithTheForm(email, PASSWORD);
    await waitForPage(page, url('/confirm'));
    await page.getByText('Your account is not confirmed yet.', { exact: false }).waitFor();
    expect(await emailOnFile().textContent()).toBe(email);
    expect(await storage('pendingEmail')).toBe(email);

    const resend = page.getByRole('button', { name: 'Resend Code' });
    expect(await resend.isDisabled()).toBe(false);
    const before = smtp.messages.length;
    await resend.click();
    // The registration's code went out under a minute ago: the server sends no second mail this
    // minute, says so, and the screen counts down to when a new one may be asked for.
    await page
      .getByText(`No new code was sent to ${email}: codes go out at most once a minute`, {
        exact: false,
      })
      .waitFor();
    await page.getByText(/^You can ask for a new code in (59|60|5\d) s$/).waitFor();
    expect(await resend.isDisabled()).toBe(true);
    // And no mail went out: a reset code, which must be mailed to the same address next, is the
    // only mail to it since (a code the held-back resend sent would have arrived before it).
    await apiPost('/auth/forgot-password', { email });
    const reset = await smtp.nextTo(email, before);
    expect(reset.subject).toContain('reset code');
    expect(smtp.mailsTo(email, before)).toEqual([reset]);
    await page.screenshot({ path: path.join(resultsDir, 'auth-confirm-wait-light-1280.png') });

    await page.getByLabel('Confirmation Code').fill(code);
    await page.getByRole('button', { name: 'Confirm Account' }).click();
    await page.getByText('Account confirmed successfully! Redirecting to login...').waitFor();
    await waitForPage(page, url('/login'), { timeout: 5_000 });
  });

  it('a wrong code shows Verification Failed', async () => {
    const email = uniqueEmail('wrongcode');
    await apiPost('/auth/register', { email, password: PASSWORD, name: 'Wrong Code' });
    await page.goto(url('/'));
    await page.evaluate((e) => window.localStorage.setItem('pendingEmail', e), email);
    await page.goto(url('/confirm'));
    await page.getByLabel('Confirmation Code').fill('000000');
    await page.getByRole('button', { name: 'Confirm Account' }).click();
    const alert = page.getByRole('alert');
    await alert.getByText('Verification Failed').waitFor();
    await alert.getByText('Invalid verification code provided, please try again.').waitFor();
  });

  it('forgot password → code from the mail → reset → login with the new password', async () => {
    const { email } = await confirmedAccount('forgetful');
    const newPassword = 'Brand-New-Secret-7';

    await page.goto(url('/login'));
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await waitForPage(page, url('/forgot-password'));
    await page.getByLabel('Email Address').fill(email);
    const since = smtp.messages.length;
    await page.getByRole('button', { name: 'Send Reset Code' }).click();

    await waitForPage(page, url('/reset-password'));
    expect(await emailOnFile().textContent()).toBe(email);
    expect(await storage('resetEmail')).toBe(email);
    const mail = await smtp.nextTo(email, since);
    expect(mail.subject).toContain('reset code');

    await page.getByLabel('Reset Code').fill(smtp.codeIn(mail));
    await page.getByLabel(/^New Password/).fill('short');
    await page.getByLabel(/^Confirm Password/).fill('different');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByText('Password must be at least 8 characters long.').waitFor();
    await page.getByText('Passwords do not match.').waitFor();

    await page.getByLabel(/^New Password/).fill(newPassword);
    await page.getByLabel(/^Confirm Password/).fill(newPassword);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByText('Password reset successfully! Redirecting to login...').waitFor();
    expect(await storage('resetEmail')).toBeNull();
    await waitForPage(page, url('/login'), { timeout: 5_000 });

    await logInWithTheForm(email, PASSWORD);
    await page.getByRole('alert').getByText('Incorrect email or password.').waitFor();
    await page.getByLabel(/^Password/).fill(newPassword);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await waitForPage(page, url('/dashboard'));
  });

  it("a wrong password shows the 'Login Failed' alert", async () => {
    const { email } = await confirmedAccount('typo');
    await page.goto(url('/login'));
    await logInWithTheForm(email, 'Not-The-Password-1');
    const alert = page.getByRole('alert');
    await alert.getByText('Login Failed').waitFor();
    await alert.getByText('Incorrect email or password.').waitFor();
    await page.screenshot({ path: path.join(resultsDir, 'auth-login-failed-light-1280.png') });
    expect(page.url()).toBe(url('/login'));
    expect(await storage('idToken')).toBeNull();
  });

  it('a protected page asks to log in and comes back; the profile name save survives a reload', async () => {
    const { email } = await confirmedAccount('renamer', 'Katherine J');
    await page.goto(url('/profile'));
    await waitForPage(page, `${url('/login')}?next=%2Fprofile`);
    await page.getByText('Please log in to continue to that page.').waitFor();
    await logInWithTheForm(email, PASSWORD);

    await waitForPage(page, url('/profile'));
    await page.getByRole('heading', { name: 'Welcome, Katherine J!' }).waitFor();
    const info = page.getByRole('region', { name: 'Profile Information' });
    await info.getByText(email).waitFor();
    const security = page.getByRole('region', { name: 'Security' });
    await security.getByText('Verified', { exact: true }).waitFor();
    await security.getByText('Active', { exact: true }).waitFor();

    await info.getByRole('button', { name: 'Edit Profile' }).click();
    expect(await info.getByLabel('Email').isDisabled()).toBe(true);
    await info
      .getByText('Email changes require additional verification and are currently disabled.')
      .waitFor();
    await info.getByLabel('Full Name').fill('Katherine Johnson');
    await info.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Profile updated').waitFor();
    await page.getByRole('heading', { name: 'Welcome, Katherine Johnson!' }).waitFor();
    await page.getByRole('button', { name: 'Account menu for Katherine Johnson' }).waitFor();

    await page.reload();
    await page.getByRole('heading', { name: 'Welcome, Katherine Johnson!' }).waitFor();
    await info.getByText('Katherine Johnson').waitFor();
    await page.getByRole('button', { name: 'Account menu for Katherine Johnson' }).waitFor();
    // Elsewhere too, from the refreshed id token.
    await page.goto(url('/examples'));
    await page.getByRole('button', { name: 'Account menu for Katherine Johnson' }).waitFor();
  });

  it('a reload with a refused id token refreshes, retries, and every request it started completes', async () => {
    const { email } = await confirmedAccount('refused', 'Rhea Refused');
    const signedIn = await e2e.open({ as: await e2e.logIn(email, PASSWORD) });
    await signedIn.goto(url('/profile'));
    await signedIn.getByRole('heading', { name: 'Welcome, Rhea Refused!' }).waitFor();

    // Every request from the reload on, until the browser says it finished (or failed).
    const open = new Map<Request, string>();
    const ended: string[] = [];
    const refused: string[] = [];
    signedIn.on('request', (request) => open.set(request, `${request.method()} ${request.url()}`));
    signedIn.on('response', (response) => {
      if (response.status() === 401) refused.push(response.url());
    });
    const end = (event: string) => (request: Request) => {
      ended.push(`${event} ${request.url()}`);
      open.delete(request);
    };
    signedIn.on('requestfinished', end('requestfinished'));
    signedIn.on('requestfailed', end('requestfailed'));
    // An id token whose signature the server refuses (the refresh token is still good).
    await signedIn.evaluate(() => {
      const token = window.localStorage.getItem('idToken')!;
      const last = token.at(-2) === 'A' ? 'B' : 'A';
      window.localStorage.setItem('idToken', `${token.slice(0, -2)}${last}${token.at(-1)}`);
    });
    await signedIn.reload();
    await signedIn.getByRole('heading', { name: 'Welcome, Rhea Refused!' }).waitFor();
    await signedIn.getByRole('region', { name: 'Profile Information' }).getByText(email).waitFor();

    // The refused token was used, then refreshed: the path under test was taken.
    await eventually(() => refused.some((u) => u.includes('/api/'))).toBe(true);
    await eventually(() => ended.some((e) => e.endsWith('/api/auth/refresh'))).toBe(true);
    // A response the app drops unread (the 401 before the retry) stays open in Chromium.
    await eventually(() => [...open.values()]).toEqual([]);
    expect(ended.filter((e) => e.startsWith('requestfailed'))).toEqual([]);
  });

  it('changes the password on /profile and logs out after confirming', async () => {
    const { email } = await confirmedAccount('changer');
    await page.goto(url('/login'));
    await logInWithTheForm(email, PASSWORD);
    await waitForPage(page, url('/dashboard'));
    await page.getByRole('button', { name: /^Account menu for/ }).click();
    await page.getByRole('menuitem', { name: 'My Profile' }).click();
    await waitForPage(page, url('/profile'));

    const form = page.getByRole('form', { name: 'Change password' });
    await form.getByLabel('Current Password').fill('Wrong-Password-9');
    await form.getByLabel(/^New Password/).fill('Another-Secret-8');
    await form.getByLabel('Confirm New Password').fill('Another-Secret-8');
    await form.getByRole('button', { name: 'Change Password' }).click();
    await form.getByText('Current password is incorrect.').waitFor();

    await form.getByLabel('Current Password').fill(PASSWORD);
    await form.getByRole('button', { name: 'Change Password' }).click();
    await form.getByText('Password changed.', { exact: false }).waitFor();

    // The session goes on after the change.
    await page.reload();
    await page.getByRole('region', { name: 'Profile Information' }).waitFor();

    await page.getByRole('button', { name: 'Show Tokens' }).click();
    // Id and access tokens share their first 50 characters (same header), so two blocks match.
    const idToken = (await storage('idToken'))!;
    await page
      .getByText(`${idToken.slice(0, 50)}...`)
      .first()
      .waitFor();
    expect(await page.getByText(idToken, { exact: true }).count()).toBe(0);
    // The opaque refresh token is shorter than 50 characters: shown whole.
    const refreshToken = (await storage('refreshToken'))!;
    await page.getByText(refreshToken.slice(0, 50), { exact: true }).waitFor();

    await page
      .getByRole('region', { name: 'Account Actions' })
      .getByRole('button', { name: 'Logout' })
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Are you sure you want to logout?').waitFor();
    await dialog.getByRole('button', { name: 'Logout' }).click();
    await waitForPage(page, url('/'));
    expect(await storage('refreshToken')).toBeNull();
    await page.getByRole('heading', { level: 1, name: /worked example/ }).waitFor();
    // Back to the profile page left behind: now it asks to log in.
    await page.goBack();
    await waitForPage(page, `${url('/login')}?next=%2Fprofile`);

    await page.goto(url('/login'));
    await logInWithTheForm(email, 'Another-Secret-8');
    await waitForPage(page, url('/dashboard'));
  });

  it('screenshots: login, register, confirm, reset and profile; light and dark; 1280 and 375 px', async () => {
    const { email } = await confirmedAccount('screens', 'Ada Lovelace');
    await e2e.closeContexts();

    for (const colorScheme of ['light', 'dark'] as const) {
      for (const width of [1280, 375]) {
        page = await e2e.open({ viewport: { width, height: 900 }, colorScheme });
        const shot = async (name: string) => {
          // Top of the page, so the fixed header is not painted mid-page in a full-page shot.
          await page.evaluate(() => window.scrollTo(0, 0));
          await page.screenshot({
            path: path.join(resultsDir, `auth-${name}-${colorScheme}-${width}.png`),
            fullPage: true,
          });
        };

        await page.goto(url('/login'));
        await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
        await shot('login');

        await page.goto(url('/register'));
        await page.getByRole('heading', { name: 'Create your account' }).waitFor();
        await shot('register');

        // A code was just asked for: the screens count down to the next one.
        await page.evaluate((at) => {
          window.localStorage.setItem('pendingEmail', 'ada@example.com');
          window.localStorage.setItem(
            'nextCodeAt',
            JSON.stringify({ 'confirm:ada@example.com': at, 'reset:ada@example.com': at }),
          );
        }, Date.now() + 45_000);
        await page.goto(url('/confirm'));
        await page.getByRole('heading', { name: 'Confirm your account' }).waitFor();
        await page.getByText(/^You can ask for a new code in \d+ s$/).waitFor();
        await shot('confirm');

        await page.evaluate(() => window.localStorage.setItem('resetEmail', 'ada@example.com'));
        await page.goto(url('/reset-password'));
        await page.getByRole('heading', { name: 'Set a new password' }).waitFor();
        await page.getByText(/^You can ask for a new code in \d+ s$/).waitFor();
        await shot('reset');

        await page.goto(url('/login'));
        await logInWithTheForm(email, PASSWORD);
        await waitForPage(page, url('/dashboard'));
        await shot('dashboard');
        await page.goto(url('/profile'));
        await page.getByRole('heading', { name: 'Welcome, Ada Lovelace!' }).waitFor();
        await page.getByRole('button', { name: 'Show Tokens' }).click();
        await page.getByText('Refresh Token').waitFor();
        await settled(page);
        await shot('profile');

        await e2e.closeContexts();
      }
    }
  });
});
