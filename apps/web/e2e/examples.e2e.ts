import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { resultsDir } from './harness';
import { expectNoSidewaysScroll, useBrowserTests, eventually } from './browser-tests';

const DESKTOP = { width: 1280, height: 900 };

const PHONE = { width: 375, height: 812 };

describe('examples: browse, filter and open examples in the browser', () => {
  const e2e = useBrowserTests({ env: { LOG_LEVEL: 'warn' } });
  const { url } = e2e;

  const open = (
    viewport: { width: number; height: number },
    colorScheme: 'light' | 'dark' = 'light',
  ) => e2e.open({ viewport, colorScheme });

  const shot = (page: Page, name: string, fullPage = false) =>
    page.screenshot({ path: path.join(resultsDir, `examples-${name}.png`), fullPage });

  const cards = (page: Page) => page.getByTestId('example-card');
  const chips = (page: Page) => page.getByRole('list', { name: 'Active filters' });
  const search = (page: Page) => new URL(page.url()).search;

  /** The count in the header badge: 126 from '126 Examples Available', 1 and 0 from their forms. */
  async function available(page: Page): Promise<number> {
    const badge = page.getByTestId('examples-available');
    await eventually(() => badge.textContent()).toMatch(
      /^(No Examples Available|1 Example Available|\d+ Examples Available)$/,
    );
    const text = (await badge.textContent()) ?? '';
    if (text === 'No Examples Available') return 0;
    if (text === '1 Example Available') return 1;
    return Number(/^(\d+) Examples Available$/.exec(text)![1]);
  }

  async function choose(page: Page, label: string, option: string) {
    await page.getByRole('combobox', { name: label }).click();
    await page.getByRole('option', { name: option, exact: true }).click();
  }

  /**
   * Maths is typeset and nothing failed to render; the page never scrolls sideways. A list
   * whose filter just changed is still loading for a moment, so the maths is waited for.
   */
  async function expectCleanMaths(page: Page) {
    await eventually(() => page.locator('main .katex').count()).toBeGreaterThan(0);
    expect(await page.locator('main .math-error').count()).toBe(0);
    expect(await page.getByText('(LaTeX Error)').count()).toBe(0);
    await expectNoSidewaysScroll(page);
  }

  it('lists examples with the count, rendered maths and numbered cards', async () => {
    const page = await open(DESKTOP);
    await page.goto(url('/examples'));
    const total = await available(page);
    expect(total).toBeGreaterThan(20);
    await eventually(() => cards(page).count()).toBe(20);
    expect(await page.getByTestId('filtered-count').textContent()).toBe(`${total} examples`);
    await page.getByText('Updated Daily').waitFor();
    await page.getByText('Showing all available examples').waitFor();
    expect(await cards(page).first().getByTestId('running-number').textContent()).toBe('1');
    expect(await cards(page).first().getAttribute('aria-label')).toBe('Example 1');
    await expectCleanMaths(page);
    await shot(page, 'desktop-light');
  });

  it('filters by subject, category, subcategory and difficulty, with chips and Clear All', async () => {
    const page = await open(DESKTOP);
    await page.goto(url('/examples'));
    const total = await available(page);

    await choose(page, 'Subject', 'Algebra');
    await eventually(() => search(page)).toMatch(/^\?subject=\d+$/);
    await eventually(() => available(page)).toBeLessThan(total);

    await page.getByRole('button', { name: /^1\s*Linear Equations/ }).click();
    const trail = page.getByRole('navigation', { name: 'You are here' });
    await trail.getByText('Available subcategories').waitFor();
    await trail.getByRole('button', { name: /Systems of Equations/ }).click();
    await trail.getByRole('button', { name: /Elimination Method/ }).click();
    await eventually(() => trail.locator('[aria-current="location"]').textContent()).toBe(
      'Elimination Method',
    );
    await eventually(() => available(page)).toBe(2);
    await eventually(() => cards(page).count()).toBe(2);

    // back up the path to Linear Equations (includes its descendants)
    await trail.getByRole('button', { name: 'Linear Equations' }).click();
    await eventually(() => trail.locator('[aria-current="location"]').textContent()).toBe(
      'Linear Equations',
    );
    await eventually(() => available(page)).toBe(5);

    await choose(page, 'Difficulty', 'easy');
    await page.getByText('Filtered results').waitFor();
    await chips(page).getByText('Difficulty: easy').waitFor();
    expect(await chips(page).getByRole('listitem').allTextContents()).toEqual([
      'Subject: Algebra',
      'Category: Linear Equations',
      'Difficulty: easy',
    ]);
    await expectCleanMaths(page);
    await shot(page, 'desktop-light-filtered', true);

    await page.getByRole('button', { name: 'Remove filter Difficulty: easy' }).click();
    await eventually(() => chips(page).getByRole('listitem').count()).toBe(2);
    expect(search(page)).not.toContain('difficulty');
    await eventually(() => available(page)).toBe(5);

    await page.getByRole('button', { name: 'Clear All Filters' }).click();
    await page.getByText('Showing all available examples').waitFor();
    expect(search(page)).toBe('');
    expect(await chips(page).count()).toBe(0);
    await eventually(() => available(page)).toBe(total);

    // Back restores the previous filter set
    await page.goBack();
    await eventually(() => chips(page).getByRole('listitem').count()).toBe(2);
    await eventually(() => available(page)).toBe(5);
  });

  it('searches for a word, and loads more', async () => {
    const page = await open(DESKTOP);
    await page.goto(url('/examples'));
    const total = await available(page);

    await page.getByLabel('Search', { exact: true }).fill('circle');
    await eventually(() => search(page)).toBe('?q=circle');
    await chips(page).getByText('Search: “circle”').waitFor();
    const found = await available(page);
    expect(found).toBeGreaterThan(0);
    expect(found).toBeLessThan(total);
    expect((await cards(page).first().textContent())!.toLowerCase()).toContain('circle');

    // The box still has the focus, and its suggestions open over the chips: Escape closes them
    // and keeps the search (a search box's Escape would otherwise empty it).
    const suggestions = page.getByRole('listbox', { name: 'Suggestions' });
    await suggestions.waitFor();
    await page.getByLabel('Search', { exact: true }).press('Escape');
    await suggestions.waitFor({ state: 'hidden' });
    expect(await page.getByLabel('Search', { exact: true }).inputValue()).toBe('circle');
    expect(search(page)).toBe('?q=circle');
    await page.getByRole('button', { name: 'Remove filter Search: “circle”' }).click();
    await eventually(() => available(page)).toBe(total);
    expect(await page.getByLabel('Search', { exact: true }).inputValue()).toBe('');

    await eventually(() => cards(page).count()).toBe(20);
    await page.getByRole('button', { name: 'Load more' }).click();
    await eventually(() => cards(page).count()).toBe(Math.min(40, total));
    expect(await cards(page).nth(20).getByTestId('running-number').textContent()).toBe('21');
    await page.getByText(`Showing ${Math.min(40, total)} of ${total}`).waitFor();
    await expectCleanMaths(page);
  });

  it('opens an example by its ID, moves with next/previous inside the filter, and goes back', async () => {
    const page = await open(DESKTOP);
    // a difficulty given by name is resolved to its id
    await page.goto(url('/examples?difficulty=hard'));
    await eventually(() => search(page)).toMatch(/^\?difficulty=\d+$/);
    const filter = search(page);
    await chips(page).getByText('Difficulty: hard').waitFor();
    const firstCard = cards(page).first();
    await firstCard.waitFor();
    const secondId = (await cards(page).nth(1).getByRole('link').textContent())!.replace(/\D/g, '');

    await firstCard.getByRole('link', { name: /Open example ID/ }).click();
    await page.getByRole('heading', { level: 1, name: /^Example \d+$/ }).waitFor();
    expect(search(page)).toBe(filter);
    await page.getByText(/^1 of \d+ in this list$/).waitFor();
    const article = page.getByRole('article');
    await article.getByText('Question').waitFor();
    await article.getByText('Answer', { exact: true }).waitFor();
    expect(await article.getByText('hard', { exact: true }).count()).toBe(1);
    expect(
      await page.getByRole('navigation', { name: 'Category path' }).getByRole('link').count(),
    ).toBeGreaterThan(1);
    await expectCleanMaths(page);
    await shot(page, 'detail-desktop-light');

    await page.getByRole('link', { name: 'Next' }).click();
    await page.getByRole('heading', { level: 1, name: `Example ${secondId}` }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/examples/${secondId}`);
    expect(search(page)).toBe(filter);
    await page.getByText(/^2 of \d+ in this list$/).waitFor();

    await page.getByRole('link', { name: 'Previous' }).click();
    await page.getByText(/^1 of \d+ in this list$/).waitFor();

    await page.goBack();
    await page.getByRole('heading', { level: 1, name: `Example ${secondId}` }).waitFor();

    await page.getByRole('link', { name: 'Back to examples' }).click();
    await eventually(() => new URL(page.url()).pathname).toBe('/examples');
    expect(search(page)).toBe(filter);
    await chips(page).getByText('Difficulty: hard').waitFor();

    // copy link
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: e2e.server.url,
    });
    await page.goto(url(`/examples/${secondId}${filter}`));
    await page.getByRole('button', { name: 'Copy link' }).click();
    await page.getByText('Link copied').waitFor();

    await page.goto(url('/examples/999999'));
    await page.getByText('Example not found').waitFor();
  });

  it('resolves a subject given by name from the home page links', async () => {
    const page = await open(DESKTOP);
    await page.goto(url('/examples?subject=algebra'));
    await chips(page).getByText('Subject: Algebra').waitFor();
    await eventually(() => search(page)).toMatch(/^\?subject=\d+$/);
    expect(await page.getByRole('combobox', { name: 'Subject' }).inputValue()).toBe('Algebra');
  });

  it('looks right in dark mode on a desktop', async () => {
    const page = await open(DESKTOP, 'dark');
    await page.goto(url('/examples'));
    await available(page);
    await expectCleanMaths(page);
    await shot(page, 'desktop-dark');
    await choose(page, 'Subject', 'Algebra');
    await page.getByRole('button', { name: /^1\s*Linear Equations/ }).click();
    await page.getByText('Available subcategories').waitFor();
    await choose(page, 'Difficulty', 'insane');
    await page.getByText('No Examples Found').waitFor();
    await shot(page, 'desktop-dark-empty', true);
    await page.getByRole('button', { name: 'Remove filter Difficulty: insane' }).click();
    await cards(page).first().waitFor();
    await cards(page).first().getByRole('link').click();
    await page.getByRole('heading', { level: 1, name: /^Example \d+$/ }).waitFor();
    await expectCleanMaths(page);
    await shot(page, 'detail-desktop-dark');
  });

  for (const scheme of ['light', 'dark'] as const) {
    it(`works on a phone (375 px, ${scheme})`, async () => {
      const page = await open(PHONE, scheme);
      await page.goto(url('/examples'));
      await available(page);
      await cards(page).first().waitFor();
      await expectCleanMaths(page);
      await shot(page, `phone-${scheme}`);

      // the category panel is folded away on a phone
      const toggle = page.getByRole('button', { name: 'Show' });
      expect(await page.getByRole('button', { name: /Show All Categories/ }).isVisible()).toBe(
        false,
      );
      await toggle.click();
      await choose(page, 'Subject', 'Calculus');
      await page.getByRole('button', { name: /Show All Categories/ }).waitFor();
      await shot(page, `phone-${scheme}-categories`);
      await page.getByRole('button', { name: /^1\s*[A-Z]/ }).click();
      await page.getByText('You are here').waitFor();
      // picking a category folds the panel again, so the list is in view
      expect(await page.getByRole('button', { name: /Show All Categories/ }).isVisible()).toBe(
        false,
      );
      await cards(page).first().waitFor();
      await expectCleanMaths(page);
      await shot(page, `phone-${scheme}-filtered`, true);

      await cards(page).first().getByRole('link').click();
      await page.getByRole('heading', { level: 1, name: /^Example \d+$/ }).waitFor();
      await expectCleanMaths(page);
      await shot(page, `detail-phone-${scheme}`, true);
    });
  }

  it('keeps wide maths inside its card on a phone', async () => {
    const page = await open(PHONE);
    // every example of the catalogue: none may push the page wider
    await page.goto(url('/examples'));
    await available(page);
    const total = await available(page);
    for (let shown = 20; shown < total; shown += 20) {
      await eventually(() => cards(page).count()).toBe(shown);
      await page.getByRole('button', { name: 'Load more' }).click();
    }
    await eventually(() => cards(page).count()).toBe(total);
    await expectCleanMaths(page);
    const overflowing = await page.evaluate(() =>
      [...document.querySelectorAll('[data-testid="example-card"]')]
        .filter((card) => card.getBoundingClientRect().right > window.innerWidth + 0.5)
        .map((card) => card.getAttribute('aria-label')),
    );
    expect(overflowing).toEqual([]);
  });
});
