import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeFindings } from './axe';
import { type Account, useBrowserTests, eventually, expectNoSidewaysScroll } from './browser-tests';
import { repoRoot, resultsDir } from './harness';

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 375, height: 812 };

/** The built file of the dashboard's chart module (from Vite's manifest). */
function chartChunk(): string {
  const manifest = JSON.parse(
    fs.readFileSync(path.join(repoRoot, 'apps/web/dist/.vite/manifest.json'), 'utf8'),
  ) as Record<string, { file: string }>;
  const entry = manifest['src/features/dashboard/components/review-charts.tsx'];
  if (!entry) throw new Error('review-charts.tsx is not a chunk of its own in the build');
  return entry.file;
}

interface Progress {
  mastered: number;
  categories: { id: number; total: number; mastered: number }[];
}

describe('mastery and reviews in the browser', () => {
  const e2e = useBrowserTests({
    env: { LOG_LEVEL: 'warn' },
    superadmin: { email: 'root@example.com', password: 'Sup3r-Secret-Keeper' },
    failureShots: 'mastery',
  });
  const { url, api } = e2e;

  /** Every script the page asks for, by path. */
  function scripts(page: Page): string[] {
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') asked.push(new URL(request.url()).pathname);
    });
    return asked;
  }

  /** The learner grades an example through the API, with the page's request context and their token. */
  async function grade(page: Page, learner: Account, exampleId: number, rating: string) {
    const response = await page.request.post(url('/api/reviews'), {
      headers: { authorization: `Bearer ${learner.tokens.idToken}` },
      data: { exampleId, rating },
    });
    expect(response.status()).toBe(200);
    const body = (await response.json()) as { data: { repeated: boolean } };
    expect(body.data.repeated).toBe(false);
  }

  it('a learner without reviews gets the empty state, with no chart library loaded', async () => {
    const learner = await e2e.account('basic', { tag: 'none', name: 'Nia' });
    const page = await e2e.open({ viewport: DESKTOP, as: learner });
    const asked = scripts(page);
    await page.goto(url('/dashboard'));
    const reviews = page.getByRole('region', { name: 'Reviews' });
    await reviews.getByText('No reviews yet').waitFor();
    await reviews.getByText(/Add examples to your reviews/).waitFor();
    expect(await reviews.getByRole('link').first().getAttribute('href')).toMatch(
      /^\/(review|examples)$/,
    );
    expect(asked.some((file) => file.endsWith(chartChunk()))).toBe(false);
  });

  it('a grade given today shows on the dashboard: 1 review today, the calendar and the due chart', async () => {
    const learner = await e2e.account('basic', { tag: 'graded', name: 'Gus' });
    const { examples } = await api<{ examples: { id: number; categoryId: number }[] }>(
      'GET',
      '/examples?limit=1',
    );
    const example = examples[0]!;
    const page = await e2e.open({ viewport: DESKTOP, as: learner });
    const asked = scripts(page);

    // first loads of / and /examples never ask for the chart module
    await page.goto(url('/'));
    await page.getByRole('main').waitFor();
    await page.goto(url('/examples'));
    await page.getByTestId('example-card').first().waitFor();
    expect(asked.some((file) => file.endsWith(chartChunk()))).toBe(false);

    await grade(page, learner, example.id, 'easy');
    await page.goto(url('/dashboard'));
    const reviews = page.getByRole('region', { name: 'Reviews' });
    await reviews.getByTestId('review-stats').waitFor();
    expect(await reviews.getByTestId('reviews-calendar-summary').textContent()).toMatch(
      /^1 review in the last 90 days, on 1 day; busiest day \w{3} \d{1,2} \w{3} \(1 review\); 1 today\.$/,
    );
    const counts = reviews.getByRole('list', { name: 'Review counts' });
    expect(
      await counts.getByRole('listitem').evaluateAll((items) => items.map((i) => i.textContent)),
    ).toEqual(['0due now', '0due today', '0new', '0learning', '1in review']);

    // the calendar marks today (its last day) and only today; the bar chart is drawn
    const heatmap = reviews.getByTestId('review-heatmap');
    await heatmap.waitFor();
    expect(await heatmap.locator('rect[data-date]').count()).toBe(90);
    expect(await heatmap.locator('rect[data-date]:not([data-empty])').count()).toBe(1);
    const today = await heatmap.locator('rect[data-date]').evaluateAll((rects) =>
      rects
        .map((r) => r.getAttribute('data-date'))
        .sort()
        .at(-1),
    );
    expect(
      await heatmap.locator(`rect[data-date="${today}"]`).getAttribute('data-empty'),
    ).toBeNull();

    // the calendar from the keyboard: one tab stop (today), the arrow keys move a day or a week,
    // and the focused day shows its count in a tooltip, with a ring around it
    const calendar = heatmap.getByRole('group', { name: /^Reviews given each day\./ });
    const focusedDay = () =>
      page.evaluate(() => document.activeElement?.getAttribute('data-date') ?? null);
    const dayTip = page.locator('.mantine-Tooltip-tooltip');
    for (let i = 0; i < 60 && (await focusedDay()) === null; i++) await page.keyboard.press('Tab');
    expect(await focusedDay()).toBe(today);
    const todayName = await calendar
      .locator(`rect[data-date="${today}"]`)
      .getAttribute('aria-label');
    expect(todayName).toMatch(/^1 review on \w{3} \d{1,2} \w{3}$/);
    await eventually(() => dayTip.textContent()).toBe(todayName);
    expect(await page.evaluate(() => getComputedStyle(document.activeElement!).strokeWidth)).toBe(
      '2px',
    );
    await page.keyboard.press('ArrowLeft');
    const weekBefore = await focusedDay();
    expect(Date.parse(today!) - Date.parse(weekBefore!)).toBe(7 * 86_400_000);
    await eventually(() => dayTip.textContent()).toMatch(/^No reviews on \w{3} \d{1,2} \w{3}$/);
    await page.keyboard.press('ArrowDown');
    expect(Date.parse(today!) - Date.parse((await focusedDay())!)).toBe(6 * 86_400_000);
    await page.screenshot({ path: path.join(resultsDir, 'mastery-calendar-keyboard.png') });
    // Tab leaves the calendar (its tooltip goes); Shift+Tab comes back to the same day
    await page.keyboard.press('Tab');
    expect(await focusedDay()).toBeNull();
    await eventually(() => dayTip.count()).toBe(0);
    await page.keyboard.press('Shift+Tab');
    expect(Date.parse(today!) - Date.parse((await focusedDay())!)).toBe(6 * 86_400_000);
    await eventually(() => dayTip.count()).toBe(1);
    await page.keyboard.press('Escape');
    await eventually(() => dayTip.count()).toBe(0);

    const chart = reviews.getByRole('application', { name: /^Reviews due each day\./ });
    await chart.waitFor();
    expect(await reviews.getByTestId('due-chart').locator('.recharts-bar-rectangle').count()).toBe(
      30,
    );
    expect(asked.some((file) => file.endsWith(chartChunk()))).toBe(true);

    // the text alternative of the calendar: today's row
    expect(
      await reviews
        .getByRole('table', { name: /Reviews given each day/ })
        .locator('tbody tr')
        .count(),
    ).toBe(1);
    expect(await axeFindings(page, '/dashboard with reviews')).toEqual([]);
    await page.screenshot({ path: path.join(resultsDir, 'mastery-dashboard.png'), fullPage: true });

    // one 'easy' grade the day the example was added puts the card in review, but remembered over
    // a few days only: not mastered, on the dashboard nor beside its category, and the dashboard
    // says what mastered means
    const progress = await api<Progress>('GET', '/me/progress', undefined, learner.tokens.idToken);
    expect(progress.mastered).toBe(0);
    expect(progress.categories.filter((c) => c.mastered > 0)).toEqual([]);
    const myProgress = page.getByRole('region', { name: 'My Progress' });
    await myProgress.getByText('No progress yet').waitFor();
    // liked, the example shows progress: none mastered, and what mastered means
    const liked = await page.request.put(url(`/api/examples/${example.id}/like`), {
      headers: { authorization: `Bearer ${learner.tokens.idToken}` },
    });
    expect(liked.status()).toBe(200);
    await page.reload();
    await myProgress.getByTestId('progress-mastered').filter({ hasText: /^0$/ }).waitFor();
    await myProgress.getByText('remembered over at least 3 weeks').waitFor();
    await page.goto(url('/examples'));
    const panel = page.getByRole('complementary', { name: 'Category filters' });
    await panel.getByTestId('progress-badge').first().waitFor();
    expect(await panel.getByTestId('mastery-ring').count()).toBe(0);
  });

  it('the reviews section fits a phone in dark mode', async () => {
    const learner = await e2e.account('basic', { tag: 'phone', name: 'Pia' });
    const { examples } = await api<{ examples: { id: number }[] }>('GET', '/examples?limit=2');
    const page = await e2e.open({ viewport: PHONE, colorScheme: 'dark', as: learner });
    await grade(page, learner, examples[0]!.id, 'good');
    await grade(page, learner, examples[1]!.id, 'again');
    await page.goto(url('/dashboard'));
    const reviews = page.getByRole('region', { name: 'Reviews' });
    await reviews.getByTestId('review-heatmap').waitFor();
    await reviews.getByRole('application', { name: /^Reviews due each day\./ }).waitFor();
    expect(await reviews.getByTestId('reviews-calendar-summary').textContent()).toMatch(
      /^2 reviews in the last 90 days, on 1 day; .*; 2 today\.$/,
    );
    await expectNoSidewaysScroll(page);
    expect(await axeFindings(page, '/dashboard on a phone, dark')).toEqual([]);
    await reviews.screenshot({ path: path.join(resultsDir, 'mastery-reviews-phone-dark.png') });
  });
});
