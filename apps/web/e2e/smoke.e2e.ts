import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { resultsDir, type TestServer, waitForPage } from './harness';
import { useBrowserTests } from './browser-tests';

describe('smoke: the built app served by the API', () => {
  const e2e = useBrowserTests();
  let server: TestServer;
  let page: Page;

  beforeEach(async () => {
    server = e2e.server;
    page = await e2e.open({ viewport: { width: 1280, height: 800 } });
  });

  it('loads the home page with the hero heading', async () => {
    const response = await page.goto(`${server.url}/`);
    expect(response?.status()).toBe(200);
    const hero = page.getByRole('heading', { level: 1 });
    await hero.waitFor();
    expect(await hero.textContent()).toContain('worked example');
    expect(await page.title()).toBe('Exemplar — worked maths examples');
    await page.screenshot({ path: path.join(resultsDir, 'smoke-home.png'), fullPage: true });
  });

  it('navigates with the navbar: Examples, then the brand link back home', async () => {
    await page.goto(`${server.url}/`);
    await page.getByRole('heading', { level: 1 }).waitFor();

    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Examples' }).click();
    await waitForPage(page, `${server.url}/examples`);
    // The active link is highlighted once the lazily loaded page has rendered.
    await nav.locator('a[href="/examples"][aria-current="page"]').waitFor({ timeout: 10_000 });

    await page.getByRole('link', { name: 'Exemplar home' }).click();
    await waitForPage(page, `${server.url}/`);
    await page.getByRole('heading', { level: 1 }).waitFor();
  });

  it('subscribes to the newsletter through the real API', async () => {
    await page.goto(`${server.url}/`);
    const email = page.getByRole('textbox', { name: 'Email address' });
    await email.fill('not-an-email');
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await page.getByText('Please enter a valid email address').waitFor();

    await email.fill(`reader-${Date.now()}@example.com`);
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await page.getByText('Thank you for subscribing!').waitFor();
  });

  it('shows the 404 page for an unknown path, served with status 404', async () => {
    const response = await page.goto(`${server.url}/no/such/page`);
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { name: "This page doesn't exist" }).waitFor();
    await page.getByRole('link', { name: 'Back to home' }).click();
    await waitForPage(page, `${server.url}/`);
  });
});
