import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { listExampleIds, waitForPage } from './harness';
import { useBrowserTests, type OpenOptions, eventually } from './browser-tests';

/**
 * The public pages as the server renders them (apps/web/src/entry-server.tsx): readable in a
 * browser without JavaScript, and taken over by the app (hydrated) without an error, without
 * asking the API again for what the page holds, and working once taken over.
 */

interface Watched {
  page: Page;
  /** Path and query of every request to /api/ the page made. */
  api: string[];
  /** Documents loaded into the page (a client-side navigation loads none). */
  documents: string[];
  /** console.error messages, with the URL they came from. */
  consoleErrors: { text: string; url: string }[];
}

declare global {
  interface Window {
    /** Elements of the server's markup, taken before any script of the page ran. */
    __serverNodes?: Element[];
  }
}

describe('server-rendered pages in Chromium', () => {
  const e2e = useBrowserTests({ env: { LOG_LEVEL: 'warn' }, failureShots: 'server-rendering' });
  /** The demo catalogue's ids in list order. */
  let ids: number[];

  beforeAll(async () => {
    ids = await listExampleIds(e2e.server);
  });

  async function open(options: OpenOptions = {}): Promise<Watched> {
    const page = await e2e.open(options);
    const watched: Watched = { page, api: [], documents: [], consoleErrors: [] };
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/')) watched.api.push(url.pathname + url.search);
      if (request.resourceType() === 'document') watched.documents.push(url.pathname + url.search);
    });
    page.on('console', (message) => {
      if (message.type() === 'error') {
        watched.consoleErrors.push({ text: message.text(), url: message.location().url });
      }
    });
    // The document is parsed and no script of the page has run yet (module scripts run after
    // this): the elements the server wrote, to find again once the app has taken over.
    await page.addInitScript(() => {
      document.addEventListener('readystatechange', () => {
        if (document.readyState !== 'interactive') return;
        const content = document.querySelector('#root [data-path]');
        window.__serverNodes = [
          content,
          content?.querySelector('h1'),
          content?.lastElementChild,
        ].filter((el): el is Element => !!el);
      });
    });
    return watched;
  }

  /**
   * Whether React has taken over the server's elements: each still in the document, with React's
   * fiber attached (a page rendered again in the browser, after a mismatch, has new elements).
   */
  const adopted = (page: Page) =>
    page.evaluate(() => {
      const nodes = window.__serverNodes ?? [];
      return (
        nodes.length >= 2 &&
        nodes.every(
          (node) =>
            node.isConnected && Object.keys(node).some((k) => k.startsWith('__reactFiber$')),
        )
      );
    });

  /** Opens `path`, waits for the network to settle and for the app to have taken over the page. */
  async function load(watched: Watched, path: string, status = 200) {
    const response = await watched.page.goto(e2e.url(path), { waitUntil: 'networkidle' });
    expect(response?.status()).toBe(status);
    await eventually(() => adopted(watched.page)).toBe(true);
  }

  /** No error but the document's own 404 (Chromium logs a page answered 404 as a failed load). */
  function expectNoConsoleErrors(watched: Watched, path: string, status = 200) {
    const unexpected = watched.consoleErrors.filter(
      (error) =>
        !(
          status === 404 &&
          error.url === e2e.url(path) &&
          /status of 404 \(Not Found\)/.test(error.text)
        ),
    );
    expect(unexpected).toEqual([]);
  }

  /** The <title> the server writes for `path` (entities decoded). */
  async function serverTitle(path: string) {
    const html = await (await fetch(e2e.url(path))).text();
    return /<title>([^<]*)<\/title>/
      .exec(html)![1]!
      .replace(/&#x27;/g, "'")
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, '&');
  }

  /** The head declares one title, description and canonical URL: none left over, none added. */
  async function expectOneOfEach(page: Page) {
    for (const selector of ['title', 'meta[name="description"]', 'link[rel="canonical"]']) {
      expect(await page.locator(selector).count(), selector).toBe(1);
    }
  }

  describe('without JavaScript', () => {
    const noScript = () => open({ context: { javaScriptEnabled: false } });

    it('/examples/{id} reads the question, the typeset maths and the answer', async () => {
      const { page } = await noScript();
      const response = await page.goto(e2e.url(`/examples/${ids[0]}`));
      expect(response?.status()).toBe(200);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(`Example ${ids[0]}`);
      const question = page.locator('main section[aria-label="Question"]');
      const answer = page.locator('main section[aria-label="Answer"]');
      expect(await question.isVisible()).toBe(true);
      expect(await answer.isVisible()).toBe(true);
      expect(await question.innerText()).toMatch(/^question\s+solve\b[\s\S]*\bfor\b/i);
      expect(await answer.innerText()).toMatch(/18/);
      // Typeset: KaTeX's markup shown, styled by its stylesheet (linked by the server), its
      // MathML kept for assistive technology but not shown twice.
      const formulas = page.locator('main .katex');
      expect(await formulas.count()).toBeGreaterThanOrEqual(3);
      expect(await question.locator('.katex .katex-html').first().isVisible()).toBe(true);
      expect(await answer.locator('.katex').first().isVisible()).toBe(true);
      expect(
        await question
          .locator('.katex-mathml')
          .first()
          .evaluate((el) => getComputedStyle(el).position),
      ).toBe('absolute');
      expect(await question.locator('.mfrac').count()).toBe(1); // \frac{x}{3}, as a fraction
      expect(await page.title()).toBe('Solve x/3 + 4 = 10 for x. — Exemplar');
      // Not told that it needs JavaScript to be read.
      expect(await page.getByText('needs JavaScript').count()).toBe(0);
    });

    it('/examples shows the example cards, whose links open the examples', async () => {
      const { page } = await noScript();
      const response = await page.goto(e2e.url('/examples'));
      expect(response?.status()).toBe(200);
      const cards = page.getByTestId('example-card');
      expect(await cards.count()).toBe(20);
      expect(await cards.first().isVisible()).toBe(true);
      expect(await cards.first().locator('.katex').first().isVisible()).toBe(true);
      // A card below the first screen: its formulas written as MathML, which the browser draws.
      const below = cards.nth(10).locator('.katex math').first();
      expect(await below.isVisible()).toBe(true);
      expect((await below.boundingBox())?.width).toBeGreaterThan(5);
      expect(await cards.nth(10).locator('.katex-html').count()).toBe(0);
      const links = page.getByRole('link', { name: /^Open example ID \d+$/ });
      expect(await links.count()).toBe(20);
      expect(await links.nth(1).getAttribute('href')).toBe(`/examples/${ids[1]}`);

      // Followed without scripts: the server renders that page too.
      await links.nth(1).click();
      await page.waitForURL(e2e.url(`/examples/${ids[1]}`));
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(`Example ${ids[1]}`);
      expect(await page.locator('main section[aria-label="Question"]').innerText()).toContain(
        'gym',
      );
    });
  });

  describe('with JavaScript: taken over without an error or a request for what the page holds', () => {
    it.each(['/', '/examples', `/examples/1`, '/about', '/latex'])('%s', async (path) => {
      const watched = await open();
      await load(watched, path);
      expect(watched.api).toEqual([]);
      expectNoConsoleErrors(watched, path);
      await expectOneOfEach(watched.page);
      expect(await watched.page.locator('#exemplar-state').count()).toBe(1);
    });

    it('/examples works once taken over: practice mode hides the answers, a category filters the list', async () => {
      const watched = await open();
      const { page } = watched;
      await load(watched, '/examples');
      const cards = page.getByTestId('example-card');
      expect(await page.locator('main [data-section="answer"]').count()).toBe(20);

      await page.getByRole('switch', { name: /Practice mode/ }).click();
      await eventually(() => page.locator('main [data-section="answer"]').count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Show answer' }).count()).toBe(20);
      await cards.first().getByRole('button', { name: 'Show answer' }).click();
      await eventually(() => page.locator('main [data-section="answer"]').count()).toBe(1);

      await page.getByRole('button', { name: /^1\s*Linear Equations/ }).click();
      await eventually(() => new URL(page.url()).search).toMatch(/category=\d+/);
      await eventually(() => cards.count()).toBe(5);
      // Titled as the server titles that list.
      const filtered = new URL(page.url());
      await eventually(() => page.title()).toBe(
        await serverTitle(filtered.pathname + filtered.search),
      );
      await expectOneOfEach(page);
      // Asked the API for the new list only, in the page it had loaded.
      expect(watched.api.length).toBeGreaterThan(0);
      expect(watched.api.every((path) => path.startsWith('/api/examples'))).toBe(true);
      expect(watched.documents).toEqual(['/examples']);
      expectNoConsoleErrors(watched, '/examples');
    });

    it('/examples: a card written with MathML only is typeset in full as it nears the screen', async () => {
      const watched = await open({ viewport: { width: 1280, height: 800 } });
      const { page } = watched;
      await load(watched, '/examples');
      const cards = page.getByTestId('example-card');
      const typeset = (n: number) => cards.nth(n).locator('.katex > .katex-html').count();
      const mathmlOnly = (n: number) => cards.nth(n).locator('[data-mathml-only]').count();
      // Far below the screen: still as the server wrote it.
      expect(await typeset(19)).toBe(0);
      expect(await mathmlOnly(19)).toBeGreaterThan(0);
      await cards.nth(12).scrollIntoViewIfNeeded();
      await eventually(() => mathmlOnly(12)).toBe(0);
      const formulas = await cards.nth(12).locator('.katex').count();
      expect(formulas).toBeGreaterThan(0);
      expect(await typeset(12)).toBe(formulas);
      expect(await cards.nth(12).locator('.katex .katex-mathml math').count()).toBe(formulas);
      // The React tree kept the server's elements: nothing was drawn again.
      expect(await adopted(page)).toBe(true);
      expect(watched.api).toEqual([]);
      expectNoConsoleErrors(watched, '/examples');
    });

    it('/examples/{id} works once taken over: Next opens the next example in the page, titled by it', async () => {
      const watched = await open();
      const { page } = watched;
      await load(watched, `/examples/${ids[0]}`);
      const firstTitle = await page.title();
      // The title the server gives the next example's page.
      const nextTitle = await serverTitle(`/examples/${ids[1]}`);
      expect(nextTitle).not.toBe(firstTitle);
      expect(nextTitle).toMatch(/^A gym charges .* — Exemplar$/);

      await page.getByRole('link', { name: 'Next' }).click();
      await waitForPage(page, e2e.url(`/examples/${ids[1]}`));
      await page.getByRole('heading', { level: 1, name: `Example ${ids[1]}` }).waitFor();
      await eventually(() => page.title()).toBe(nextTitle);
      expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(
        e2e.url(`/examples/${ids[1]}`),
      );
      await expectOneOfEach(page);
      const quizUrls = await page
        .locator('script[type="application/ld+json"]')
        .evaluateAll((scripts) =>
          scripts
            .map((s) => JSON.parse(s.textContent ?? '{}') as { '@type'?: string; url?: string })
            .filter((item) => item['@type'] === 'Quiz')
            .map((item) => item.url),
        );
      expect(quizUrls).toEqual([e2e.url(`/examples/${ids[1]}`)]);
      // In the page: no document loaded again.
      expect(watched.documents).toEqual([`/examples/${ids[0]}`]);
      expectNoConsoleErrors(watched, `/examples/${ids[0]}`);
    });

    it('/examples/999999: "Example not found" with status 404, taken over without an error', async () => {
      const watched = await open();
      const path = '/examples/999999';
      await load(watched, path, 404);
      await watched.page.getByText('Example not found').waitFor();
      expect(await watched.page.title()).toBe('Example not found — Exemplar');
      expect(watched.api).toEqual([]);
      expectNoConsoleErrors(watched, path, 404);
    });

    it('the check sees a page whose markup is not what the app renders (changed on the way)', async () => {
      const watched = await open();
      const { page } = watched;
      await page.route(e2e.url('/about'), async (route) => {
        const response = await route.fetch();
        const html = (await response.text()).replace('About Exemplar', 'About Something Else');
        await route.fulfill({ response, body: html });
      });
      await page.goto(e2e.url('/about'), { waitUntil: 'networkidle' });
      // React finds the text it did not render, and renders the page again in the browser.
      await eventually(() => page.getByText('About Something Else').count()).toBe(0);
      await page.getByText('About Exemplar', { exact: true }).waitFor();
      expect(await adopted(page)).toBe(false);
      const reported = [...watched.consoleErrors.map((e) => e.text), ...e2e.pageErrors];
      expect(reported.join('\n')).toMatch(/418|[Hh]ydrat/);
      e2e.pageErrors.length = 0; // expected here; afterEach checks the others
    });
  });
});
