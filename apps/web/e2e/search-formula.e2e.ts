import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { resultsDir } from './harness';
import { eventually, expectNoSidewaysScroll, useBrowserTests } from './browser-tests';

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 375, height: 812 };

describe('search by a formula typed in the maths field', () => {
  const e2e = useBrowserTests({ env: { LOG_LEVEL: 'warn' }, failureShots: 'search-formula' });
  const { url } = e2e;

  const shot = (page: Page, name: string) =>
    page.screenshot({ path: path.join(resultsDir, `search-formula-${name}.png`) });
  const field = (page: Page) => page.locator('[data-testid="search-formula"] math-field');
  const q = (page: Page) => new URL(page.url()).searchParams.get('q');

  async function openField(page: Page) {
    await page.getByRole('button', { name: 'Type a formula' }).click();
    await field(page).waitFor();
    // The field takes the focus as it appears: typing goes into the formula at once.
    await eventually(() => page.evaluate(() => document.activeElement?.tagName.toLowerCase())).toBe(
      'math-field',
    );
  }

  it('types a quadratic with other numbers, searches it with the words typed, and finds the quadratic example among the first two', async () => {
    const page = await e2e.open({ viewport: DESKTOP });
    await page.goto(url('/examples?q=factorise'));
    await openField(page);
    await page.keyboard.type('x^2-7x+12');
    await shot(page, 'desktop-light');
    await page.keyboard.press('Enter');

    await eventually(() => q(page)).toBe('factorise $x^2-7x+12$');
    await expect(
      page
        .getByRole('combobox', { name: 'Search' })
        .or(page.getByRole('searchbox', { name: 'Search' }))
        .inputValue(),
    ).resolves.toBe('factorise $x^2-7x+12$');
    // The field closed; the quadratic x² − 5x + 6 = 0 (example 3) is among the first results.
    await field(page).waitFor({ state: 'detached' });
    const ids = () =>
      page
        .getByTestId('example-card')
        .getByRole('link', { name: /^Open example ID/ })
        .evaluateAll((links) => links.slice(0, 2).map((a) => a.getAttribute('aria-label')));
    await eventually(ids).toContain('Open example ID 3');
  });

  it('says what to do with an empty field, and changes nothing', async () => {
    const page = await e2e.open({ viewport: PHONE, colorScheme: 'dark' });
    await page.goto(url('/examples'));
    await openField(page);
    await page.getByRole('button', { name: 'Search this formula' }).click();
    await expect(page.getByRole('alert').textContent()).resolves.toBe(
      'Type a formula to search for.',
    );
    expect(q(page)).toBeNull();
    await expectNoSidewaysScroll(page);
    await shot(page, 'phone-dark-empty');
    // The focus is back in the field: typing mends the search there.
    await eventually(() => page.evaluate(() => document.activeElement?.tagName.toLowerCase())).toBe(
      'math-field',
    );
    await page.keyboard.type('\\int x e^2x');
    await expect(page.getByRole('alert').count()).resolves.toBe(0);
    await shot(page, 'phone-dark');
  });

  it('draws the open field in both schemes at both widths', async () => {
    for (const [viewport, colorScheme, name] of [
      [DESKTOP, 'dark', 'desktop-dark'],
      [PHONE, 'light', 'phone-light'],
    ] as const) {
      const page = await e2e.open({ viewport, colorScheme });
      await page.goto(url('/examples'));
      await openField(page);
      await page.keyboard.type('\\int x e^2x');
      await expectNoSidewaysScroll(page);
      await shot(page, name);
      await page.close();
    }
  });
});
