import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { axeFindings } from './axe';
import { expectNoSidewaysScroll, useBrowserTests, type Account, settled } from './browser-tests';
import { resultsDir } from './harness';

const ROOT_EMAIL = 'root-health@example.com';
const ROOT_PASSWORD = 'Sup3r-Secret-Keeper';
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 375, height: 812 };
/** Where the screenshots go: SHOTS_DIR when set (to look at them), else test-results/. */
const SHOTS = process.env.SHOTS_DIR ?? resultsDir;

describe('/admin Health tab in the browser', () => {
  const e2e = useBrowserTests({
    env: { LOG_LEVEL: 'warn' },
    superadmin: { email: ROOT_EMAIL, password: ROOT_PASSWORD },
    failureShots: 'health',
  });
  const stamp = Date.now().toString(36);
  let admin: Account;
  let brokenId = 0;
  const question = `What is $\\frc{1}{2}$ of $10$? (${stamp})`;

  /** POST `body` to `pathname` as the superadmin: the created row's id. */
  async function create(pathname: string, key: string, body: object): Promise<number> {
    const data = await e2e.api<Record<string, { id: number }>>(
      'POST',
      pathname,
      body,
      e2e.root.tokens.idToken,
    );
    return data[key]!.id;
  }

  beforeAll(async () => {
    // An example whose question's maths fails to render, saved through the admin API (which
    // does not check maths), in a category of its own.
    const subjectId = await create('/subjects', 'subject', { name: `Health ${stamp}` });
    const categoryId = await create('/categories', 'category', {
      name: `Fractions ${stamp}`,
      subjectId,
    });
    const difficultyId = await create('/difficulties', 'difficulty', { name: `calm-${stamp}` });
    const typeId = await create('/types', 'type', { name: `Drill ${stamp}` });
    brokenId = await create('/examples', 'example', {
      question,
      answer: '$5$',
      procedure: 'Halve $10$.',
      categoryId,
      difficultyId,
      typeId,
    });
    // And one with a delimiter that never closes and no procedure.
    await create('/examples', 'example', {
      question: `Solve $x + 1 = 3$. (${stamp})`,
      answer: 'It is \\( x = 2',
      categoryId,
      difficultyId,
      typeId,
    });
    admin = await e2e.account('admin', { tag: 'health' });
  });

  /** The Health tab opened at `viewport`, its check finished and the problems listed. */
  async function openHealth(page: Page) {
    await page.goto(e2e.url('/admin?tab=health'));
    await page.getByRole('heading', { name: 'Catalogue health' }).waitFor();
    await page.getByText(/problems? in [\d,]+ examples/).waitFor({ timeout: 60_000 });
  }

  it('an admin opens the Health tab, finds the seeded broken maths by its kind and follows its link to edit that example', async () => {
    const page = await e2e.open({ as: admin, viewport: DESKTOP });
    await page.goto(e2e.url('/admin'));
    await page.getByRole('tab', { name: 'Health' }).click();
    await page.getByText(/problems? in [\d,]+ examples/).waitFor({ timeout: 60_000 });

    await page.getByRole('combobox', { name: 'Show' }).click();
    await page.getByRole('option', { name: /^Maths fails to render/ }).click();
    const row = page
      .getByRole('table', { name: 'Problems' })
      .getByRole('row')
      .filter({ has: page.getByRole('link', { name: `Example ${brokenId}`, exact: true }) });
    await row.waitFor();
    expect(await row.textContent()).toContain(
      'The question\'s maths fails to render: Undefined control sequence: \\frc (in "$\\frc{1}{2}$").',
    );
    // Keyboard: the link is reached and followed like any link.
    await row.getByRole('link').focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: `Edit example ${brokenId}` });
    await dialog.waitFor();
    expect(page.url()).toBe(e2e.url(`/admin?tab=examples&edit=${brokenId}`));
    expect(await page.getByRole('tab', { name: 'Examples', selected: true }).count()).toBe(1);
    expect(await dialog.textContent()).toContain('frc');
  });

  it('the report and a run under way pass axe in light and dark, at 1280 px and 375 px (no sideways scroll on a phone)', async () => {
    await mkdir(SHOTS, { recursive: true });
    const findings: string[] = [];
    for (const colorScheme of ['light', 'dark'] as const) {
      for (const [name, viewport] of [
        ['desktop', DESKTOP],
        ['phone', PHONE],
      ] as const) {
        const page = await e2e.open({ as: admin, viewport, colorScheme });
        await openHealth(page);
        await settled(page);
        await page.screenshot({
          path: path.join(SHOTS, `health-${name}-${colorScheme}.png`),
          fullPage: name === 'phone',
        });
        if (name === 'phone') await expectNoSidewaysScroll(page, `${name} ${colorScheme}`);
        findings.push(...(await axeFindings(page, `health ${name} ${colorScheme}`)));

        // A run under way, as the server answers it (a real run of this catalogue ends too soon).
        await page.route('**/api/admin/catalogue-health', (route) =>
          route.fulfill({
            status: 202,
            contentType: 'application/json',
            body: JSON.stringify({
              success: true,
              data: {
                status: 'running',
                checked: 12_000,
                total: 100_000,
                catalogueVersion: '1',
                startedAt: new Date().toISOString(),
              },
            }),
          }),
        );
        await page.reload();
        await page.getByText('Checked 12,000 of 100,000 examples').waitFor();
        await settled(page);
        await page.screenshot({
          path: path.join(SHOTS, `health-running-${name}-${colorScheme}.png`),
        });
        findings.push(...(await axeFindings(page, `health running ${name} ${colorScheme}`)));
      }
    }
    expect(findings).toEqual([]);
  });
});
