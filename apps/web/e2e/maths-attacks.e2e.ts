import type { Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSidewaysScroll, useBrowserTests } from './browser-tests';

const ROOT_EMAIL = 'maths-attacks-root@example.com';
const ROOT_PASSWORD = 'Sup3r-Secret-Keeper';
const DESKTOP = { width: 1280, height: 900 };
/** Rendering every attack on one page must finish well within this (a busy 2-core machine). */
const RENDER_BUDGET_MS = 8_000;

/**
 * How an attack must look once rendered: 'error' shows its source with the red '(LaTeX Error)'
 * marker; 'bounded' renders, but sizes are capped by maxSize; 'text' is HTML shown as escaped text.
 */
type Outcome = 'error' | 'bounded' | 'text';

const ATTACKS: { name: string; src: string; outcome: Outcome }[] = [
  { name: 'href', src: '$\\href{javascript:alert(1)}{click}$', outcome: 'error' },
  { name: 'url', src: '$\\url{javascript:alert(1)}$', outcome: 'error' },
  {
    name: 'includegraphics',
    src: '$\\includegraphics{http://127.0.0.1:1/x.png}$',
    outcome: 'error',
  },
  { name: 'htmlClass', src: '$\\htmlClass{x}{y}$', outcome: 'error' },
  { name: 'htmlData', src: '$\\htmlData{a=b}{y}$', outcome: 'error' },
  { name: 'macro bomb', src: '$\\def\\a{\\a\\a}\\a$', outcome: 'error' },
  { name: 'huge rule', src: '$\\rule{100000em}{100000em}$', outcome: 'bounded' },
  {
    name: 'nested braces',
    src: `$${'{'.repeat(5000)}x${'}'.repeat(5000)}$`,
    outcome: 'error',
  },
  { name: 'img outside maths', src: '<img src=x onerror=alert(1)>', outcome: 'text' },
  { name: 'script outside maths', src: '<script>window.__pwned=1</script>', outcome: 'text' },
  { name: 'script inside maths', src: '$<script>window.__pwned=2</script>$', outcome: 'error' },
];

describe('maths attacks in the real browser: hostile LaTeX and HTML stay inert', () => {
  const e2e = useBrowserTests({
    env: { LOG_LEVEL: 'warn' },
    superadmin: { email: ROOT_EMAIL, password: ROOT_PASSWORD },
  });
  const { url, api } = e2e;
  let dialogs: string[] = [];
  let strayRequests: string[] = [];
  const stamp = Date.now().toString(36);
  /** One word in every attack's question, so /examples?q= lists them all together. */
  const shared = `wombat${stamp}`;
  const created: { id: number; marker: string; name: string; outcome: Outcome }[] = [];

  async function open(): Promise<Page> {
    const page = await e2e.open({ viewport: DESKTOP });
    page.on('dialog', (dialog) => {
      dialogs.push(`${dialog.type()}: ${dialog.message()}`);
      void dialog.dismiss();
    });
    page.on('request', (request) => {
      if (!request.url().startsWith(e2e.server.url)) strayRequests.push(request.url());
    });
    return page;
  }

  /** Nothing ran, nothing linked out, nothing loaded from elsewhere, no injected class. */
  async function expectInert(page: Page) {
    const state = await page.evaluate(() => ({
      pwned: (window as unknown as { __pwned?: unknown }).__pwned,
      javascriptLinks: [...document.querySelectorAll('a')].filter((a) =>
        /^\s*javascript:/i.test(a.getAttribute('href') ?? ''),
      ).length,
      imagesInMain: document.querySelectorAll('main img').length,
      classX: document.querySelectorAll('.x').length,
      dataA: document.querySelectorAll('main [data-a]').length,
      // The page's own JSON-LD (a data block, escaped) is the one script element it may hold.
      scriptsInMain: document.querySelectorAll('main script:not([type="application/ld+json"])')
        .length,
    }));
    expect(state).toEqual({
      pwned: undefined,
      javascriptLinks: 0,
      imagesInMain: 0,
      classX: 0,
      dataA: 0,
      scriptsInMain: 0,
    });
    expect(dialogs).toEqual([]);
    expect(strayRequests).toEqual([]);
    // Still responsive: the main thread answers at once.
    const t0 = Date.now();
    await page.evaluate(() => 1);
    expect(Date.now() - t0).toBeLessThan(2_000);
  }

  /** The three parts of an attack's card or detail page look as its outcome says. */
  async function expectOutcome(scope: ReturnType<Page['locator']>, attack: (typeof created)[0]) {
    const text = (await scope.textContent()) ?? '';
    const markers = await scope.locator('.math-error').count();
    const source = ATTACKS.find((a) => a.name === attack.name)!.src;
    if (attack.outcome === 'error') {
      // question, answer and procedure each show the red marker
      expect(markers, attack.name).toBe(3);
      expect(await scope.getByText('(LaTeX Error)').count(), attack.name).toBe(3);
      const color = await scope
        .locator('.math-error')
        .first()
        .evaluate((el) => getComputedStyle(el).color);
      const [r, g, b] = color.match(/\d+/g)!.map(Number);
      expect(r! > 150 && g! < 100 && b! < 100, `${attack.name}: ${color}`).toBe(true);
    } else if (attack.outcome === 'text') {
      expect(markers, attack.name).toBe(0);
      expect(text.split(source).length - 1, attack.name).toBe(3);
    } else {
      expect(markers, attack.name).toBe(0);
      const widest = await scope
        .locator('.katex')
        .evaluateAll((nodes) => Math.max(...nodes.map((n) => n.getBoundingClientRect().width)));
      expect(widest).toBeLessThan(DESKTOP.width);
      await expectNoSidewaysScroll(scope.page());
    }
  }

  beforeAll(async () => {
    const { difficulties } = await api<{ difficulties: { id: number }[] }>('GET', '/difficulties');
    const { types } = await api<{ types: { id: number }[] }>('GET', '/types');
    const { categories } = await api<{ categories: { id: number }[] }>('GET', '/categories');
    for (const [index, attack] of ATTACKS.entries()) {
      const marker = `mark${stamp}i${index}z`; // never a prefix of another marker
      const { example } = await api<{ example: { id: number } }>(
        'POST',
        '/examples',
        {
          question: `Attack ${marker} ${shared}: ${attack.src}`,
          answer: attack.src,
          procedure: attack.src,
          difficultyId: difficulties[0]!.id,
          typeId: types[0]!.id,
          categoryId: categories[0]!.id,
        },
        e2e.root.tokens.idToken,
      );
      created.push({ id: example.id, marker, name: attack.name, outcome: attack.outcome });
    }
  });

  afterEach(() => {
    dialogs = [];
    strayRequests = [];
  });

  it('/examples lists every attack together: inert, marked, and rendered within a few seconds', async () => {
    const page = await open();
    const t0 = Date.now();
    await page.goto(url(`/examples?q=${shared}`));
    const cards = page.getByTestId('example-card');
    await expect.poll(() => cards.count(), { timeout: RENDER_BUDGET_MS }).toBe(ATTACKS.length);
    const elapsed = Date.now() - t0;
    expect(elapsed).toBeLessThan(RENDER_BUDGET_MS);
    await expectInert(page);
    for (const attack of created) {
      await expectOutcome(cards.filter({ hasText: attack.marker }), attack);
    }
    // One search per attack by its own marker finds exactly that card.
    await page.goto(url(`/examples?q=${created[0]!.marker}`));
    await expect.poll(() => cards.count(), { timeout: RENDER_BUDGET_MS }).toBe(1);
    await expectInert(page);
  });

  it('/examples/{id} shows each attack inert and marked', async () => {
    const page = await open();
    for (const attack of created) {
      const t0 = Date.now();
      await page.goto(url(`/examples/${attack.id}`));
      const article = page.locator('main article');
      await article.getByText(attack.marker).waitFor({ timeout: RENDER_BUDGET_MS });
      expect(Date.now() - t0, attack.name).toBeLessThan(RENDER_BUDGET_MS);
      await expectInert(page);
      await expectOutcome(article, attack);
    }
  });
});
