import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { axeFindings } from './axe';
import { type Account, eventually, expectNoSidewaysScroll, useBrowserTests } from './browser-tests';
import { resultsDir } from './harness';

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 375, height: 812 };

interface ListedExample {
  id: number;
  answer: string;
  procedure: string | null;
}

const answerRegion = (page: Page) => page.getByRole('region', { name: 'Answer', exact: true });

/** Types `keys` into the open answer panel's maths field, once MathLive has taken it over. */
async function typeAnswer(page: Page, scope: ReturnType<Page['locator']>, keys: string) {
  const field = scope.locator('math-field');
  await field.waitFor();
  await eventually(() =>
    field.evaluate((el) => typeof (el as { getValue?: unknown }).getValue === 'function'),
  ).toBe(true);
  await field.click();
  await eventually(() => page.evaluate(() => document.activeElement?.tagName.toLowerCase())).toBe(
    'math-field',
  );
  await page.keyboard.type(keys, { delay: 30 });
}

describe("a learner's loop end to end in the browser: try first, check, solved without help, review, dashboard", () => {
  const e2e = useBrowserTests({
    env: { LOG_LEVEL: 'warn' },
    superadmin: { email: 'flow-root@example.com', password: 'Sup3r-Secret-Keeper' },
    failureShots: 'learner-flow',
  });
  const { url, api } = e2e;
  /** An example whose answer is 72, with a procedure of several steps. */
  let seventyTwo: ListedExample;

  beforeAll(async () => {
    const { examples } = await api<{ examples: ListedExample[] }>('GET', '/examples?limit=100');
    const found = examples.find((e) => e.answer === '$72$' && (e.procedure ?? '').includes('\n'));
    if (!found) throw new Error('no demo example answers 72 with a procedure of several steps');
    seventyTwo = found;
  });

  it('tries an example with its answer folded, solves it without help, adds it to reviews, recalls it, and the dashboard counts it (not yet mastered)', async () => {
    const learner: Account = await e2e.account('basic', { tag: 'flow', name: 'Flo' });
    const page = await e2e.open({ as: learner, viewport: DESKTOP });
    await page.goto(url(`/examples/${seventyTwo.id}`));
    await page.getByRole('heading', { name: `Example ${seventyTwo.id}` }).waitFor();
    await page.locator('html[data-app-ready]').waitFor();

    // Try first is on for a new account: the answer and procedure are folded.
    const toggle = page.getByRole('switch', { name: /Try first/ });
    await eventually(() => toggle.isChecked()).toBe(true);
    await eventually(() => answerRegion(page).count()).toBe(0);
    await page.getByRole('button', { name: 'Show answer' }).waitFor();
    await page.screenshot({ path: path.join(resultsDir, 'learner-flow-folded.png') });

    // Try it: a wrong answer leaves it folded; the right one solves it without help.
    await page.getByRole('button', { name: 'Try it yourself' }).click();
    const panel = page.getByTestId('answer-panel');
    await typeAnswer(page, panel, '71');
    await page.keyboard.press('Enter');
    const verdict = page.getByTestId('verdict-status');
    await eventually(() => verdict.textContent()).toContain('Not quite.');
    expect(await answerRegion(page).count()).toBe(0);
    await page.keyboard.press('Backspace');
    await page.keyboard.type('2', { delay: 30 });
    await page.keyboard.press('Enter');
    await eventually(() => verdict.textContent()).toContain('Correct!');
    expect(await verdict.getByTestId('solve-mark').textContent()).toContain('Solved without help');
    await answerRegion(page).waitFor();
    expect(await axeFindings(page, 'example page, solved with try first')).toEqual([]);

    // Add it to reviews from the page.
    const added = page.waitForResponse(
      (r) => r.url().endsWith(`/api/reviews/${seventyTwo.id}`) && r.request().method() === 'PUT',
    );
    await page.getByTestId('example-marks').getByRole('button', { name: 'Add to reviews' }).click();
    expect((await added).status()).toBe(200);

    // Review it: concealed, recalled with the answer shown, graded Good.
    await page.goto(url('/review'));
    const item = page.getByTestId('review-item');
    await eventually(() => page.getByTestId('review-position').textContent()).toBe('Review 1 of 1');
    expect(await item.getByRole('region', { name: 'Answer', exact: true }).count()).toBe(0);
    await item.getByRole('button', { name: 'Show answer' }).click();
    const grades = page.getByTestId('grade-buttons');
    await grades.waitFor();
    const graded = page.waitForResponse(
      (r) => r.url().endsWith('/api/reviews') && r.request().method() === 'POST',
    );
    await grades.getByRole('button', { name: /Good/ }).click();
    expect((await graded).request().postDataJSON()).toEqual({
      exampleId: seventyTwo.id,
      rating: 'good',
    });

    // The dashboard: one solved, one without help, none mastered after one day's grade.
    await page.goto(url('/dashboard'));
    const overview = page.getByTestId('progress-overview');
    await overview.waitFor();
    await eventually(() => overview.getByTestId('progress-without-help').textContent()).toContain(
      '1',
    );
    expect(await overview.getByTestId('progress-solved').textContent()).toMatch(/^1\//);
    expect(await overview.getByTestId('progress-mastered').textContent()).toContain('0');
    await page.screenshot({ path: path.join(resultsDir, 'learner-flow-dashboard.png') });

    const progress = await api<{ solved: number; solvedWithoutHelp: number; mastered: number }>(
      'GET',
      '/me/progress',
      undefined,
      learner.tokens.idToken,
    );
    expect([progress.solved, progress.solvedWithoutHelp, progress.mastered]).toEqual([1, 1, 0]);
  });

  it('the choice is kept with the account: turned off, it stays off in another browser; a reload is drawn folded by the server while it is on', async () => {
    const learner: Account = await e2e.account('basic', { tag: 'flow-pref', name: 'Pam' });
    const page = await e2e.open({ as: learner, viewport: DESKTOP });
    await page.goto(url(`/examples/${seventyTwo.id}`));
    await page.locator('html[data-app-ready]').waitFor();
    const toggle = page.getByRole('switch', { name: /Try first/ });
    await eventually(() => toggle.isChecked()).toBe(true);

    // A reload: the server draws the answer and procedure as closed disclosures, in the page.
    const reload = await page.request.get(url(`/examples/${seventyTwo.id}`));
    const html = await reload.text();
    expect(html).toMatch(/<details[^>]*>\s*<summary[^>]*>.*?Show answer/s);
    expect(html).not.toMatch(/<details[^>]*\sopen/);
    expect(reload.headers()['vary'] ?? '').toMatch(/cookie/i);
    await page.reload();
    await page.locator('html[data-app-ready]').waitFor();
    await eventually(() => answerRegion(page).count()).toBe(0);

    // Turned off: saved with the account.
    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/api/me/preferences') && r.request().method() === 'PATCH',
    );
    await toggle.click();
    expect((await saved).status()).toBe(200);
    await answerRegion(page).waitFor();

    const other = await e2e.open({ as: learner, viewport: PHONE, colorScheme: 'dark' });
    await other.goto(url(`/examples/${seventyTwo.id}`));
    await other.locator('html[data-app-ready]').waitFor();
    const otherToggle = other.getByRole('switch', { name: /Try first/ });
    await eventually(() => otherToggle.isChecked()).toBe(false);
    await answerRegion(other).waitFor();
    await expectNoSidewaysScroll(other, 'example page with try first off, phone');
  });

  it('without JavaScript a folded page still holds the answer, opened from the keyboard', async () => {
    const context = await e2e.newContext({ viewport: PHONE, javaScriptEnabled: false });
    const origin = new URL(url('/')).origin;
    await context.addCookies([{ name: 'exemplar-try-first', value: '1', url: origin }]);
    const page = e2e.watch(await context.newPage());
    await page.goto(url(`/examples/${seventyTwo.id}`));
    const summary = page.locator('summary', { hasText: 'Show answer' });
    await summary.waitFor();
    expect(await summary.isVisible()).toBe(true);
    expect(await answerRegion(page).isVisible()).toBe(false);
    await page.screenshot({ path: path.join(resultsDir, 'learner-flow-no-js-folded.png') });
    await summary.focus();
    await page.keyboard.press('Enter');
    await eventually(() => answerRegion(page).isVisible()).toBe(true);
    await page.screenshot({ path: path.join(resultsDir, 'learner-flow-no-js-opened.png') });
    await expectNoSidewaysScroll(page, 'folded page without JavaScript, phone');
  });

  it('a visitor who turned try first on in this browser gets the page folded from the server on, then the app takes over folded', async () => {
    const context = await e2e.newContext({ viewport: PHONE, colorScheme: 'dark' });
    const origin = new URL(url('/')).origin;
    await context.addCookies([{ name: 'exemplar-try-first', value: '1', url: origin }]);
    const page = e2e.watch(await context.newPage());
    const hydration: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && /418|425|hydrat/i.test(message.text())) {
        hydration.push(message.text());
      }
    });
    await page.goto(url(`/examples/${seventyTwo.id}`));
    await page.locator('html[data-app-ready]').waitFor();
    await page.getByRole('button', { name: 'Show next step' }).waitFor();
    expect(await answerRegion(page).count()).toBe(0);
    expect(await page.getByRole('switch', { name: /Try first/ }).isChecked()).toBe(true);
    expect(hydration).toEqual([]);
    await expectNoSidewaysScroll(page, 'folded example page, phone');
    expect(await axeFindings(page, 'folded example page, phone, dark')).toEqual([]);
    await page.screenshot({ path: path.join(resultsDir, 'learner-flow-folded-phone-dark.png') });
  });
});
