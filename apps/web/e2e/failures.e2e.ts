import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { navigateInApp, waitForPage } from './harness';
import { type Tokens, useBrowserTests } from './browser-tests';

const ROOT_EMAIL = 'root.failures@example.com';
const ROOT_PASSWORD = 'Failures-Root-Pass-7';

/** The time an error screen may take to appear after navigation (the first failure shows it). */
const ERROR_SCREEN_WITHIN_MS = 2_500;

/** An empty-bodied failure, as a proxy or a crashed upstream answers. */
const emptyFailure = (status: number) => (route: Route) =>
  route.fulfill({ status, body: '', headers: { 'Content-Type': 'text/plain' } });

describe('what people are told when things fail, in the browser', () => {
  const e2e = useBrowserTests({
    env: { LOG_LEVEL: 'warn' },
    superadmin: { email: ROOT_EMAIL, password: ROOT_PASSWORD },
  });
  const { url } = e2e;
  let counter = 0;

  const open = (tokens?: Tokens) => e2e.open({ as: tokens });

  async function submitLogin(page: Page, email: string, password: string) {
    await page.getByLabel('Email Address').fill(email);
    await page.getByLabel(/^Password/).fill(password);
    await page.getByRole('button', { name: 'Sign In' }).click();
  }

  async function submitRegister(page: Page, email: string, password: string) {
    await page.getByLabel('Full Name').fill('Failure Tester');
    await page.getByLabel('Email Address').fill(email);
    await page.getByLabel(/^Password/).fill(password);
    await page.getByRole('button', { name: 'Create Account' }).click();
  }

  /**
   * Opens /examples once as it normally loads, so the app's code is in the browser's cache: the
   * error-screen bounds below then measure how the app handles a failure, not a cold download.
   */
  /**
   * The examples page once (its code then cached), then /about: the page under test is then
   * reached inside the app, which asks the API itself (a first load of /examples is rendered on
   * the server with its data, so failing API answers would never reach the browser).
   */
  async function warmUp(page: Page) {
    await page.goto(url('/examples'));
    await page.getByText('Filter Categories').waitFor({ timeout: 30_000 });
    await page.goto(url('/about'));
  }

  /** The /api/examples answer of the server, cut down to its first `keep` examples. */
  const examplesCutTo = (keep: number) => async (route: Route) => {
    const response = await route.fetch();
    const body = (await response.json()) as {
      data: { examples: unknown[]; total: number; nextCursor: string | null };
    };
    const examples = body.data.examples.slice(0, keep);
    await route.fulfill({
      response,
      json: { ...body, data: { ...body.data, examples, total: examples.length, nextCursor: null } },
    });
  };

  it.each([500, 503])(
    "login answered by an empty-bodied %i shows 'Login failed' in the 'Login Failed' alert, not the status text",
    async (status) => {
      const page = await open();
      await page.route('**/api/auth/login', emptyFailure(status));
      await page.goto(url('/login'));
      await submitLogin(page, ROOT_EMAIL, 'Whatever-Pass-1');
      const alert = page.getByRole('alert');
      await alert.getByText('Login Failed', { exact: true }).waitFor();
      await alert.getByText('Login failed', { exact: true }).waitFor();
      expect(await alert.textContent()).not.toMatch(/Internal Server Error|Service Unavailable/);
    },
  );

  it.each([500, 503])(
    "registration answered by an empty-bodied %i shows 'Registration failed' in the 'Registration Failed' alert",
    async (status) => {
      const page = await open();
      await page.route('**/api/auth/register', emptyFailure(status));
      await page.goto(url('/register'));
      await submitRegister(page, `empty-${status}-${++counter}@example.com`, 'Good-Secret-12');
      const alert = page.getByRole('alert');
      await alert.getByText('Registration Failed', { exact: true }).waitFor();
      await alert.getByText('Registration failed', { exact: true }).waitFor();
      expect(await alert.textContent()).not.toMatch(/Internal Server Error|Service Unavailable/);
      expect(page.url()).toBe(url('/register'));
    },
  );

  it("a wrong password says 'Incorrect email or password.'; after five, the lock-out says how long", async () => {
    const page = await open();
    const email = `locked-${Date.now()}@example.com`;
    await page.goto(url('/login'));
    for (let i = 1; i <= 5; i++) {
      await submitLogin(page, email, `Wrong-Pass-${i}0`);
      const alert = page.getByRole('alert');
      await alert.getByText('Incorrect email or password.').waitFor();
      await alert.getByRole('button', { name: 'Dismiss' }).click();
      await alert.waitFor({ state: 'detached' });
    }
    await submitLogin(page, email, 'Wrong-Pass-60');
    await page
      .getByRole('alert')
      .getByText(/^Too many failed sign-in attempts\. Try again in (30|29|28) seconds\.$/)
      .waitFor();
  });

  it('a password the policy refuses is explained in a plain sentence', async () => {
    const page = await open();
    await page.goto(url('/register'));
    await submitRegister(page, `weak-${++counter}@example.com`, 'alllowercase1');
    const alert = page.getByRole('alert');
    await alert.getByText('Registration Failed', { exact: true }).waitFor();
    await alert.getByText('The password needs at least one uppercase letter (A–Z).').waitFor();
    expect(await alert.textContent()).not.toContain('did not conform');
  });

  it("the category tree failing (empty-bodied 500) shows 'Unable to load categories' within 2.5 s, and Try Again reloads", async () => {
    const page = await open();
    await warmUp(page);
    await page.route('**/api/categories/tree', emptyFailure(500));
    await navigateInApp(page, '/examples');
    const screen = page.getByRole('alert');
    await screen
      .getByText('Unable to load categories')
      .waitFor({ timeout: ERROR_SCREEN_WITHIN_MS });
    await screen.getByText('Failed to load initial data').waitFor();
    await screen.getByText('Something went wrong on our side. Please try again.').waitFor();
    expect(await screen.textContent()).not.toContain('Internal Server Error');

    await page.unroute('**/api/categories/tree');
    await Promise.all([
      page.waitForEvent('load'),
      screen.getByRole('button', { name: 'Try Again' }).click(),
    ]);
    await page.getByText('Filter Categories').waitFor();
  });

  it("the examples list failing (empty-bodied 500) shows 'Error Loading Examples' within 2.5 s, and Try Again loads them", async () => {
    const page = await open();
    await warmUp(page);
    await page.route('**/api/examples?*', emptyFailure(500));
    await navigateInApp(page, '/examples');
    const screen = page.getByRole('alert');
    await screen.getByText('Error Loading Examples').waitFor({ timeout: ERROR_SCREEN_WITHIN_MS });
    await screen.getByText('Failed to load examples').waitFor();

    await page.unroute('**/api/examples?*');
    await screen.getByRole('button', { name: 'Try Again' }).click();
    await page.getByTestId('example-card').first().waitFor();
  });

  it("while the session check is pending a protected page shows the full-page 'Loading...', then the page", async () => {
    const tokens = await e2e.api<Tokens>('POST', '/auth/login', {
      email: ROOT_EMAIL,
      password: ROOT_PASSWORD,
    });
    const page = await open(tokens);
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/auth/me', async (route) => {
      await released;
      await route.continue();
    });
    await page.goto(url('/dashboard'));
    const loading = page.getByRole('status').filter({ hasText: 'Loading...' });
    await loading.waitFor();
    expect(await page.getByText('Checking your session').count()).toBe(0);
    release();
    await waitForPage(page, url('/dashboard'));
    await loading.waitFor({ state: 'detached' });
  });

  it("the header badge says '1 Example Available' for one example and 'No Examples Available' for none", async () => {
    // Reached inside the app, so the page asks the API (and the cut answer) itself.
    const page = await open();
    const badge = page.getByTestId('examples-available');
    await page.goto(url('/about'));
    await page.route('**/api/examples?*', examplesCutTo(1));
    await navigateInApp(page, '/examples');
    await expect.poll(() => badge.textContent(), { timeout: 15_000 }).toBe('1 Example Available');
    expect(await page.getByTestId('example-card').count()).toBe(1);

    const none = await open();
    const noneBadge = none.getByTestId('examples-available');
    await none.goto(url('/about'));
    await none.route('**/api/examples?*', examplesCutTo(0));
    await navigateInApp(none, '/examples');
    await expect
      .poll(() => noneBadge.textContent(), { timeout: 15_000 })
      .toBe('No Examples Available');
    await none.getByText('No Examples Found').waitFor();
  });
});
