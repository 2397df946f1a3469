import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { callApi, listExampleIds, type TestServer, waitForPage } from './harness';
import { axeFindings } from './axe';
import { nextFrames, useBrowserTests } from './browser-tests';

const ROOT_EMAIL = 'phone-maths-root@example.com';
const ROOT_PASSWORD = 'Sup3r-Secret-Keeper';
const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 900 };
/** At most this share of display formulas may be wider than their box on a phone. */
const MAX_OVERFLOW_SHARE = 0.02;

interface Formula {
  source: string;
  /** Content wider than its box (it scrolls sideways or is cut). */
  overflows: boolean;
  /** In a focusable, labelled scroll region with a fade at an edge that has more. */
  cued: boolean;
  fit: string | null;
}

/** Opens an example's page and waits for its maths to be typeset, fonts loaded and fitted. */
async function openExample(page: Page, server: TestServer, id: number) {
  await page.goto(`${server.url}/examples/${id}`);
  await waitForPage(page, `${server.url}/examples/${id}`);
  await page.locator('[data-section="question"] .math-text').first().waitFor();
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  // Two frames: the fitting runs in the resize observer's callback of the next rendering.
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
}

/** Every display formula in the page's main content, measured. */
function formulas(page: Page): Promise<Formula[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('main .math-display')].map((box) => {
      const region = box.querySelector<HTMLElement>('.math-scroll');
      const katex = box.querySelector<HTMLElement>('.katex-display > .katex')!;
      const content = Math.max(katex.scrollWidth, box.scrollWidth, region?.scrollWidth ?? 0);
      const mask = region ? getComputedStyle(region).maskImage : 'none';
      return {
        source:
          box
            .querySelector('annotation[encoding="application/x-tex"]')
            ?.textContent?.slice(0, 80) ?? '',
        overflows: content > box.clientWidth + 1,
        cued:
          region !== null &&
          region.tabIndex === 0 &&
          region.getAttribute('role') === 'region' &&
          (region.getAttribute('aria-label') ?? '') !== '' &&
          (region.hasAttribute('data-more-end') || region.hasAttribute('data-more-start')) &&
          mask !== 'none' &&
          mask !== '',
        fit: box.getAttribute('data-fit'),
      };
    }),
  );
}

describe('display maths on a phone: broken onto lines, scaled, or scrolled with a cue', () => {
  const e2e = useBrowserTests({
    env: { LOG_LEVEL: 'warn', SUPERADMIN_EMAIL: ROOT_EMAIL, SUPERADMIN_PASSWORD: ROOT_PASSWORD },
  });
  let server: TestServer;
  const ids: number[] = [];

  const open = (viewport: { width: number; height: number }) => e2e.open({ viewport });

  beforeAll(async () => {
    server = e2e.server;
    ids.push(...(await listExampleIds(server)));
  });

  it(`at 375 px, over every demo example, at most ${MAX_OVERFLOW_SHARE * 100}% of display formulas are wider than their box, and every one that is scrolls in a focusable region with a fade`, async () => {
    expect(ids.length).toBeGreaterThan(100);
    const page = await open(PHONE);
    let total = 0;
    const overflowing: string[] = [];
    const uncued: string[] = [];
    const fits: Record<string, number> = {};
    for (const id of ids) {
      await openExample(page, server, id);
      for (const formula of await formulas(page)) {
        total++;
        fits[formula.fit ?? 'untouched'] = (fits[formula.fit ?? 'untouched'] ?? 0) + 1;
        if (!formula.overflows) continue;
        overflowing.push(`example ${id}: ${formula.source}`);
        if (!formula.cued) uncued.push(`example ${id}: ${formula.source}`);
      }
    }
    const share = overflowing.length / total;
    console.info(
      `phone maths: ${overflowing.length} of ${total} display formulas wider than their box at ${PHONE.width} px (${(share * 100).toFixed(1)}%), ${uncued.length} without a scroll cue; ${JSON.stringify(fits)}\n  ${overflowing.join('\n  ')}`,
    );
    expect(total).toBeGreaterThan(300);
    expect(uncued).toEqual([]);
    expect(share).toBeLessThanOrEqual(MAX_OVERFLOW_SHARE);
  }, 600_000);

  it('shows all of example 7\'s elimination on a phone, "x = 4" inside its box and the screen', async () => {
    const page = await open(PHONE);
    await openExample(page, server, 7);
    const formula = page.locator('[data-section="procedure"] .math-display').first();
    const ends = await formula.evaluate((box) => {
      const leaves = [...box.querySelectorAll<HTMLElement>('.katex-html span')].filter(
        (span) =>
          span.children.length === 0 && (span.textContent ?? '').replace(/[\s\u200b]/g, '') !== '',
      );
      const boxRect = box.getBoundingClientRect();
      return {
        text: leaves.map((leaf) => leaf.textContent).join(''),
        last: leaves.slice(-3).map((leaf) => {
          const r = leaf.getBoundingClientRect();
          return {
            text: leaf.textContent,
            inside: r.left >= boxRect.left - 1 && r.right <= boxRect.right + 1,
            onScreen: r.left >= 0 && r.right <= window.innerWidth,
          };
        }),
        fit: box.getAttribute('data-fit'),
      };
    });
    expect(ends.text).toContain('16+16');
    expect(ends.last.map((leaf) => leaf.text).join('')).toBe('x=4');
    expect(ends.last.every((leaf) => leaf.inside && leaf.onScreen)).toBe(true);
    expect(ends.fit).toBe('broken');
  });

  it('leaves formulas that fit untouched on a desktop, and puts a broken one back when the window widens', async () => {
    const page = await open(PHONE);
    await openExample(page, server, 7);
    const first = page.locator('[data-section="procedure"] .math-display').first();
    expect(await first.getAttribute('data-fit')).toBe('broken');
    await page.setViewportSize(DESKTOP);
    await expect.poll(() => first.getAttribute('data-fit'), { timeout: 10_000 }).toBeNull();
    // Back to KaTeX's own rendering: one line, no table.
    expect(await first.locator('.katex-html .mtable').count()).toBe(0);

    const desktop = await open(DESKTOP);
    await openExample(desktop, server, 7);
    const fitted = await formulas(desktop);
    expect(fitted.length).toBeGreaterThan(2);
    expect(fitted.filter((f) => f.fit !== null)).toEqual([]);
  });

  it('scrolls a formula that cannot be broken from the keyboard: Tab reaches it, focus shows, arrows scroll, axe finds nothing serious', async () => {
    const page = await open(PHONE);
    let found: number | undefined;
    // The demo's unbreakable formula: p = P(data at least as extreme as observed | H0).
    for (const id of [78, ...ids]) {
      await openExample(page, server, id);
      if ((await page.locator('main .math-scroll').count()) > 0) {
        found = id;
        break;
      }
    }
    expect(found).toBeDefined();
    const region = page.locator('main .math-scroll').first();
    expect(await region.getAttribute('role')).toBe('region');
    expect(await region.getAttribute('aria-label')).toMatch(/scroll sideways/);
    let focused = false;
    for (let i = 0; i < 60 && !focused; i++) {
      await page.keyboard.press('Tab');
      focused = await region.evaluate((el) => el === document.activeElement);
    }
    expect(focused).toBe(true);
    const outline = await region.evaluate((el) => getComputedStyle(el).outlineStyle);
    expect(outline).toBe('solid');
    expect(await region.evaluate((el) => el.scrollLeft)).toBe(0);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => region.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    await expect.poll(() => region.getAttribute('data-more-start')).toBe('');

    // axe, as the accessibility suite runs it, on the page with the scroll region.
    expect(await axeFindings(page, 'scroll region', { scope: 'main' })).toEqual([]);
  });

  it('fits the formulas of a long procedure (typeset a part at a time) as each part comes on screen', async () => {
    const root = await callApi<{ idToken: string }>(server, 'POST', '/auth/login', {
      email: ROOT_EMAIL,
      password: ROOT_PASSWORD,
    });
    const api = <T>(pathname: string) => callApi<T>(server, 'GET', pathname);
    const { difficulties } = await api<{ difficulties: { id: number }[] }>('/difficulties');
    const { types } = await api<{ types: { id: number }[] }>('/types');
    const { categories } = await api<{ categories: { id: number }[] }>('/categories');
    const step = (i: number) =>
      `Step ${i}: adding the equations,\n$$(3x + 2y) + (5x - 2y) = 16 + 16 \\implies 8x = 32 \\implies x = ${i}$$\n`;
    const procedure = Array.from({ length: 60 }, (_, i) => step(i + 1)).join('\n');
    expect(procedure.length).toBeGreaterThan(4_000); // typeset a part at a time
    const { example } = await callApi<{ example: { id: number } }>(
      server,
      'POST',
      '/examples',
      {
        question: 'A long elimination',
        answer: '$x = 4$',
        procedure,
        difficultyId: difficulties[0]!.id,
        typeId: types[0]!.id,
        categoryId: categories[0]!.id,
      },
      root.idToken,
    );
    const page = await open(PHONE);
    await openExample(page, server, example.id);
    const displays = page.locator('[data-section="procedure"] .math-display');
    await expect.poll(() => displays.count(), { timeout: 30_000 }).toBe(60);
    const first = displays.first();
    await first.scrollIntoViewIfNeeded();
    await expect.poll(() => first.getAttribute('data-fit'), { timeout: 10_000 }).toBe('broken');
    // A reader scrolls down through the procedure: each part is fitted as it comes on screen.
    // (A single jump to the last formula can land short of it: the parts above, not laid out
    // yet, are laid out on the way and grow, pushing it on.)
    const last = displays.last();
    for (let k = 0; k < 200; k++) {
      const box = await last.boundingBox();
      if (box && box.height > 0 && box.y >= 0 && box.y + box.height <= PHONE.height) break;
      await page.mouse.wheel(0, 400);
      await nextFrames(page);
    }
    await expect.poll(() => last.getAttribute('data-fit'), { timeout: 10_000 }).toBe('broken');
    // Every formula scrolled past was fitted too.
    const fits = await displays.evaluateAll((boxes) =>
      boxes.map((b) => b.getAttribute('data-fit')),
    );
    expect(fits.filter((f) => f !== 'broken')).toEqual([]);
    const overflowing = await last.evaluate((box) => box.scrollWidth > box.clientWidth + 1);
    expect(overflowing).toBe(false);
  });
});
