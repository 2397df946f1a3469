import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, resultsDir, startServer, type TestServer } from './harness';

/**
 * Largest contentful paint of /examples on first load (issue 8): reported, not asserted —
 * timings on a shared machine are not a pass/fail signal. Written to test-results/lcp.json.
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

  it('is measured and reported', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
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
      expect(shown).toBeGreaterThanOrEqual(20);
      await page.waitForTimeout(300);
      runs.push(await page.evaluate(() => (window as unknown as { __lcp: number }).__lcp));
    }
    const report = {
      page: '/examples',
      examplesShown: shown,
      lcpMs: runs.map(Math.round),
      medianMs: Math.round([...runs].sort((a, b) => a - b)[1]!),
    };
    fs.mkdirSync(resultsDir, { recursive: true });
    fs.writeFileSync(path.join(resultsDir, 'lcp.json'), `${JSON.stringify(report, null, 2)}\n`);
    console.log(`LCP of /examples: ${report.lcpMs.join(', ')} ms (median ${report.medianMs} ms)`);
    expect(runs.every((r) => r > 0)).toBe(true);
    await context.close();
  });
});
