import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { requestApi, resultsDir, waitForPage } from './harness';
import {
  type Account,
  useBrowserTests,
  expectNoSidewaysScroll,
  eventually,
  settled,
} from './browser-tests';

const ROOT_EMAIL = 'root@example.com';
const ROOT_PASSWORD = 'Sup3r-Secret-Keeper';
const PASSWORD = 'Correct-Horse-42';
const DESKTOP = { width: 1280, height: 900 };

describe('dashboards and user management in the browser', () => {
  const e2e = useBrowserTests({
    env: { LOG_LEVEL: 'warn' },
    superadmin: { email: ROOT_EMAIL, password: ROOT_PASSWORD },
    password: PASSWORD,
  });
  const { url, root } = e2e;

  /** Calls the API from the test (set-up and checks, not what is under test). */
  const api = <T = Record<string, unknown>>(
    method: string,
    pathname: string,
    body?: unknown,
    token?: string,
  ) => requestApi<T>(e2e.server, method, pathname, body, token);
  const must = e2e.api;
  const account = (tag: string, name: string, role: 'basic' | 'admin' = 'basic') =>
    e2e.account(role, { tag, name });
  const open = (viewport = DESKTOP, colorScheme: 'light' | 'dark' = 'light', as?: Account) =>
    e2e.open({ viewport, colorScheme, as });

  const shot = async (page: Page, name: string) => {
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({
      path: path.join(resultsDir, `dashboards-${name}.png`),
      fullPage: true,
    });
  };

  it("a visitor gets 'Access Denied' and a Login link that comes back to the dashboard", async () => {
    const learner = await account('visitor', 'Vera Visitor');
    const page = await open();
    await page.goto(url('/dashboard'));
    await page.getByRole('heading', { name: 'Access Denied' }).waitFor();
    await page.getByText('Please log in to access your dashboard.').waitFor();
    await page.getByRole('main').getByRole('link', { name: 'Login' }).click();
    await waitForPage(page, `${url('/login')}?next=%2Fdashboard`);
    await page.getByLabel('Email Address').fill(learner.email);
    await page.getByLabel(/^Password/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await waitForPage(page, url('/dashboard'));
    await page.getByRole('heading', { name: 'Welcome, Vera Visitor!' }).waitFor();
  });

  it('basic: profile and progress; user management and system configuration restricted', async () => {
    const learner = await account('learner', 'Leo Learner');
    const page = await open(DESKTOP, 'light', learner);
    await page.goto(url('/dashboard'));
    await page.getByRole('heading', { name: 'Welcome, Leo Learner!' }).waitFor();
    await page.getByRole('heading', { name: 'My Progress' }).waitFor();
    await page.getByRole('group', { name: 'User Management (restricted)' }).waitFor();
    await page.getByRole('group', { name: 'System Configuration (restricted)' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Admin Dashboard' }).count()).toBe(0);
    expect(await page.getByRole('table', { name: 'Users' }).count()).toBe(0);

    await page.getByRole('link', { name: 'Update Profile' }).click();
    await waitForPage(page, url('/profile'));
    await page.goBack();
    await page.getByRole('link', { name: 'Browse Examples' }).click();
    await waitForPage(page, url('/examples'));
  });

  it("admin: the 'Admin Dashboard' card opens /admin", async () => {
    const admin = await account('admin', 'Ada Admin', 'admin');
    const page = await open(DESKTOP, 'light', admin);
    await page.goto(url('/dashboard'));
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
    await page.getByRole('group', { name: 'User Management (restricted)' }).waitFor();
    await page.getByRole('group', { name: 'System Configuration (restricted)' }).waitFor();
    expect(await page.getByRole('table', { name: 'Users' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Manage Content' }).click();
    await waitForPage(page, url('/admin'));
  });

  it('superadmin: counts, search, details, edit (disable + role change) and delete', async () => {
    const target = await account('target', 'Tess Target');
    const page = await open(DESKTOP, 'light', root);
    await page.goto(url('/dashboard'));
    const table = page.getByRole('table', { name: 'Users' });
    await table.waitFor();

    // The counts are the server's.
    const counts = await must<{ total: number; confirmed: number; unconfirmed: number }>(
      'GET',
      '/admin/users/dashboard',
      undefined,
      root.tokens.idToken,
    );
    for (const [label, value] of [
      ['Total Users', counts.total],
      ['Confirmed', counts.confirmed],
      ['Unconfirmed', counts.unconfirmed],
    ] as const) {
      await eventually(() =>
        page.getByRole('group', { name: label }).getByText(String(value), { exact: true }).count(),
      ).toBe(1);
    }
    await page
      .getByRole('region', { name: 'Recent Activity' })
      .getByText(/^Updated /)
      .first()
      .waitFor();

    await page.getByLabel('Search users').fill('tess target');
    await eventually(() => table.getByRole('row').count()).toBe(2);
    await table.getByRole('link', { name: 'Tess Target' }).click();
    await waitForPage(page, url(`/dashboard/user/${target.username}`));

    const details = page.getByRole('region', { name: 'Account Details' });
    await details.getByText(target.username, { exact: true }).waitFor();
    await details.getByText(target.email, { exact: true }).waitFor();
    await details.getByText('Verified', { exact: true }).waitFor();
    await details.getByText('Yes', { exact: true }).waitFor();
    await details.getByText('basic', { exact: true }).waitFor();

    // Edit: disable, and make them an admin instead of a basic user.
    await page.getByRole('button', { name: 'Edit User' }).click();
    const dialog = page.getByRole('dialog');
    expect(await dialog.getByRole('checkbox', { name: 'Account Confirmed' }).isDisabled()).toBe(
      true,
    );
    await dialog.getByRole('checkbox', { name: 'Enabled' }).uncheck();
    await dialog.getByRole('checkbox', { name: 'Admin', exact: true }).check();
    await dialog.getByRole('checkbox', { name: 'User', exact: true }).uncheck();
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await dialog.getByText('User updated successfully.').waitFor();
    await dialog.waitFor({ state: 'detached', timeout: 5_000 });
    await details.getByText('No', { exact: true }).waitFor();
    await details.getByText('admin', { exact: true }).waitFor();
    expect(await details.getByText('basic', { exact: true }).count()).toBe(0);

    // The server agrees: disabled, admin only, and the account can no longer sign in.
    const { user } = await must<{ user: { enabled: boolean; groups: string[] } }>(
      'GET',
      `/admin/users/${target.username}`,
      undefined,
      root.tokens.idToken,
    );
    expect(user).toMatchObject({ enabled: false, groups: ['admin'] });
    const refused = await api('POST', '/auth/login', { email: target.email, password: PASSWORD });
    expect(refused.status).toBe(403);
    expect(refused.json.message).toBe('User is disabled.');

    // Delete, confirming first; back on the dashboard 1.5 s later with a banner.
    await page.getByRole('button', { name: 'Delete User' }).click();
    const confirm = page.getByRole('dialog');
    await confirm.getByText(`Are you sure you want to delete ${target.email}?`).waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('User deleted successfully. Returning to the dashboard...').waitFor();
    await waitForPage(page, url('/dashboard'), { timeout: 5_000 });
    await page.getByRole('status').getByText('User deleted successfully.').waitFor();
    await page.screenshot({ path: path.join(resultsDir, 'dashboards-banner-light-1280.png') });
    await page.getByLabel('Search users').fill(target.email);
    await page.getByText('No users match your search.').waitFor();
    await page
      .getByRole('region', { name: 'Recent Activity' })
      .getByText(`Deleted user ${target.email}`)
      .waitFor();
    // The banner clears after 3 s.
    await page
      .getByRole('status')
      .getByText('User deleted successfully.')
      .waitFor({ state: 'detached', timeout: 6_000 });
    expect(
      (await api('GET', `/admin/users/${target.username}`, undefined, root.tokens.idToken)).status,
    ).toBe(404);
  });

  it("superadmin: an unknown username shows 'User not found'", async () => {
    const page = await open(DESKTOP, 'light', root);
    await page.goto(url('/dashboard/user/no-such-user'));
    await page.getByRole('heading', { name: 'User not found' }).waitFor();
    await page.getByRole('link', { name: 'Back to Dashboard' }).click();
    await waitForPage(page, url('/dashboard'));
  });

  it('screenshots: the three dashboards, user details and the edit dialog; light and dark; 1280 and 375 px', async () => {
    const learner = await account('shots-learner', 'Leo Learner');
    const admin = await account('shots-admin', 'Ada Admin', 'admin');
    await account('shots-extra', 'Grace Hopper');
    const unconfirmed = `pending-${Date.now()}@example.com`;
    await must('POST', '/auth/register', {
      email: unconfirmed,
      password: PASSWORD,
      name: 'Pat Pending',
    });

    for (const colorScheme of ['light', 'dark'] as const) {
      for (const width of [1280, 375]) {
        const viewport = { width, height: 900 };
        const suffix = `${colorScheme}-${width}`;

        const visitor = await open(viewport, colorScheme);
        await visitor.goto(url('/dashboard'));
        await visitor.getByRole('heading', { name: 'Access Denied' }).waitFor();
        await expectNoSidewaysScroll(visitor);
        await shot(visitor, `denied-${suffix}`);

        const basic = await open(viewport, colorScheme, learner);
        await basic.goto(url('/dashboard'));
        await basic.getByRole('heading', { name: 'My Progress' }).waitFor();
        await expectNoSidewaysScroll(basic);
        await shot(basic, `basic-${suffix}`);

        const adminPage = await open(viewport, colorScheme, admin);
        await adminPage.goto(url('/dashboard'));
        await adminPage.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
        await expectNoSidewaysScroll(adminPage);
        await shot(adminPage, `admin-${suffix}`);

        const rootPage = await open(viewport, colorScheme, root);
        await rootPage.goto(url('/dashboard'));
        await rootPage.getByRole('heading', { name: 'Users' }).waitFor();
        await rootPage
          .getByRole('region', { name: 'Recent Activity' })
          .getByText(/^Updated /)
          .first()
          .waitFor();
        await rootPage.getByText(unconfirmed).first().waitFor();
        await expectNoSidewaysScroll(rootPage);
        await shot(rootPage, `superadmin-${suffix}`);

        await rootPage.getByRole('button', { name: `Actions for ${unconfirmed}` }).click();
        await rootPage.getByRole('menuitem', { name: 'Confirm account' }).waitFor();
        await settled(rootPage);
        await rootPage.screenshot({ path: path.join(resultsDir, `dashboards-menu-${suffix}.png`) });
        await rootPage.keyboard.press('Escape');

        await rootPage.getByRole('link', { name: 'Pat Pending' }).click();
        await rootPage.getByRole('region', { name: 'Account Details' }).waitFor();
        await expectNoSidewaysScroll(rootPage);
        await shot(rootPage, `user-${suffix}`);

        await rootPage.getByRole('button', { name: 'Edit User' }).click();
        await rootPage.getByRole('dialog').getByRole('button', { name: 'Save Changes' }).waitFor();
        await settled(rootPage);
        await rootPage.screenshot({
          path: path.join(resultsDir, `dashboards-edit-${suffix}.png`),
        });

        await e2e.closeContexts();
      }
    }
  }, 240_000);
});
