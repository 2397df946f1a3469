import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, resultsDir, startServer, type TestServer } from './harness';

/** Examples on the measured first load (issue 8). */
const SHOWN = 50;

interface Measurement {
  examplesShown: number;
  lcpMs: number[];
  medianMs: number;
}

/**
 * Largest contentful paint of /examples on first load with 50 examples (issue 8): reported, not
 * asserted — timings on a shared machine are not a pass/fail signal. Written to
 * test-results/lcp.json.
 *
 * The page asks the API for 20 examples at a time ('Load more' fetches the next 20), and a click
 * or scroll ends LCP measurement, so 'Load more' cannot be used: the test raises the limit of the
 * page's first GET /api/examples from 20 to 50, and the first paint holds 50 cards. The app's own
 * first page (20 cards) is measured too, for comparison.
 */
describe('largest contentful paint of /examples', () => {
  let server: TestServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function measure(limit: number | null): Promise<Measurement> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    if (limit !== null) {
      await page.route(
        (url) => url.pathname === '/api/examples' && !url.searchParams.has('cursor'),
        (route) => {
          const url = new URL(route.request().url());
          url.searchParams.set('limit', String(limit));
          return route.continue({ url: url.toString() });
        },
      );
    }
    await page.addInitScript(() => {
      const w = window as unknown as { __lcp: number };
      w.__lcp = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) w.__lcp = entry.startTime;
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    const runs: number[] = [];
    let shown = 0;
    for (let i = 0; i < 3; i++) {
      await page.goto(`${server.url}/examples`, { waitUntil: 'networkidle' });
      await page.locator('.katex').first().waitFor();
      shown = await page.locator('article').count();
      await page.waitForTimeout(300);
      runs.push(await page.evaluate(() => (window as unknown as { __lcp: number }).__lcp));
    }
    await context.close();
    expect(runs.every((r) => r > 0)).toBe(true);
    return {
      examplesShown: shown,
      lcpMs: runs.map(Math.round),
      medianMs: Math.round([...runs].sort((a, b) => a - b)[1]!),
    };
  }

  it('is measured and reported', async () => {
    const withFifty = await measure(SHOWN);
    expect(withFifty.examplesShown).toBe(SHOWN);
    const firstPage = await measure(null);
    expect(firstPage.examplesShown).toBe(20);

    const report = {
      page: '/examples',
      ...withFifty,
      note: `first GET /api/examples asked for ${SHOWN} (the page asks for 20 at a time)`,
      appFirstPage: firstPage,
    };
    fs.mkdirSync(resultsDir, { recursive: true });
    fs.writeFileSync(path.join(resultsDir, 'lcp.json'), `${JSON.stringify(report, null, 2)}\n`);
    console.log(
      `LCP of /examples with ${withFifty.examplesShown} examples: ${withFifty.lcpMs.join(', ')} ms ` +
        `(median ${withFifty.medianMs} ms); with the first page of ${firstPage.examplesShown}: ` +
        `median ${firstPage.medianMs} ms`,
    );
  });
});
