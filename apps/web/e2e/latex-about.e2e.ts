import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { resultsDir, type TestServer, waitForPage } from './harness';
import { expectNoSidewaysScroll, useBrowserTests } from './browser-tests';

describe('/latex and /about in the browser', () => {
  const e2e = useBrowserTests();
  let server: TestServer;
  let page: Page;

  beforeEach(async () => {
    server = e2e.server;
    page = await e2e.open();
  });

  it('renders the sample, loads snippets, shows the hint when empty and marks errors', async () => {
    await page.goto(`${server.url}/latex`);
    const output = page.getByTestId('latex-output');
    await output.locator('.katex').first().waitFor();
    expect(await output.locator('.katex-display').count()).toBeGreaterThan(0);
    expect(await page.getByRole('button', { name: /^Load sample: / }).count()).toBe(6);

    await page.getByRole('button', { name: 'Load sample: Quadratic formula' }).click();
    await expect.poll(() => page.getByLabel('Your text').inputValue()).toContain('discriminant');
    await expect.poll(() => output.textContent()).toContain('discriminant');

    await page.getByLabel('Your text').fill('');
    await page
      .getByText('Type some text with $inline$ or $$display$$ maths to see it rendered.')
      .waitFor();

    await page.getByLabel('Your text').fill('Broken: $\\frac{1}{$ and fine: $x^2$');
    const marker = output.locator('.math-error');
    await marker.first().waitFor();
    expect((await marker.first().textContent())?.trim()).toBe('Error');
    expect(await output.locator('.katex').count()).toBe(1);
    await page.screenshot({ path: path.join(resultsDir, 'latex-errors.png'), fullPage: true });

    await page.getByLabel('Your text').fill('<img src=x onerror="window.__pwned=1"> $x$');
    await output.locator('.katex').first().waitFor();
    expect(await output.locator('img').count()).toBe(0);
    expect(
      await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned),
    ).toBeUndefined();
  });

  it('has a real about page reachable from home', async () => {
    await page.goto(`${server.url}/`);
    await page.getByRole('link', { name: 'About' }).first().click();
    await waitForPage(page, `${server.url}/about`);
    const heading = page.getByRole('heading', { level: 1 });
    await heading.waitFor();
    expect((await page.locator('main').textContent())?.length).toBeGreaterThan(800);
    await page
      .getByRole('main')
      .getByRole('link', { name: /examples/i })
      .first()
      .click();
    await waitForPage(page, /\/examples/);
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    it(`fits a phone (375 px, ${colorScheme}): home, /about and /latex`, async () => {
      const p = await e2e.open({ viewport: { width: 375, height: 800 }, colorScheme });
      for (const route of ['/', '/about', '/latex']) {
        await p.goto(`${server.url}${route}`);
        await p.getByRole('heading', { level: 1 }).waitFor();
        if (route === '/latex')
          await p.getByTestId('latex-output').locator('.katex').first().waitFor();
        await expectNoSidewaysScroll(p, route);
        const name = route === '/' ? 'home' : route.slice(1);
        await p.screenshot({
          path: path.join(resultsDir, `${name}-phone-${colorScheme}.png`),
          fullPage: true,
        });
      }
    });
  }
});
