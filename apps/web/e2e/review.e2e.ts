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
}

/** The navbar's Review link (desktop), named with the count due: "Review, 2 due". */
const navReview = (page: Page) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Review/ });
/** Its name: "Review, 2 due", or "Review" when nothing is due. */
const navName = (page: Page) =>
  navReview(page).evaluate((link) =>
    [...link.childNodes]
      .filter((node) => !(node instanceof Element && node.getAttribute('aria-hidden') === 'true'))
      .map((node) => node.textContent ?? '')
      .join('')
      .trim(),
  );

describe('reviews in the browser: add, recall, grade with a key, again comes back, all caught up', () => {
  const e2e = useBrowserTests({
    env: { LOG_LEVEL: 'warn' },
    superadmin: { email: 'review-root@example.com', password: 'Sup3r-Secret-Keeper' },
    failureShots: 'review',
  });
  const { url, api } = e2e;
  let seventyTwo: ListedExample;
  let eighteen: ListedExample;

  beforeAll(async () => {
    const { examples } = await api<{ examples: ListedExample[] }>('GET', '/examples?limit=100');
    const byAnswer = (answer: string) => {
      const found = examples.find((e) => e.answer === answer);
      if (!found) throw new Error(`no demo example answers ${answer}`);
      return found;
    };
    seventyTwo = byAnswer('$72$');
    eighteen = byAnswer('$x = 18$');
  });

  async function addToReviews(page: Page, id: number) {
    await page.goto(url(`/examples/${id}`));
    await page.getByRole('heading', { name: `Example ${id}` }).waitFor();
    const added = page.waitForResponse(
      (r) => r.url().endsWith(`/api/reviews/${id}`) && r.request().method() === 'PUT',
    );
    await page.getByTestId('example-marks').getByRole('button', { name: 'Add to reviews' }).click();
    expect((await added).status()).toBe(200);
    await page.getByTestId('example-marks').getByRole('button', { name: 'In reviews' }).waitFor();
    expect(await page.getByTestId('review-due').textContent()).toBe('Due now');
  }

  it('a learner adds two examples, answers the first and grades it Good with a key, fails the second, sees both again in the same session, and is all caught up', async () => {
    const learner: Account = await e2e.account('basic', { tag: 'rev', name: 'Rey' });
    const page = await e2e.open({ as: learner, viewport: DESKTOP });

    await addToReviews(page, seventyTwo.id);
    await addToReviews(page, eighteen.id);
    await eventually(() => navName(page)).toBe('Review, 2 due');

    await navReview(page).click();
    const position = page.getByTestId('review-position');
    await eventually(() => position.textContent()).toBe('Review 1 of 2');
    const item = page.getByTestId('review-item');
    // The first added is the most overdue: 72, its answer concealed.
    expect(await item.getAttribute('data-example-id')).toBe(String(seventyTwo.id));
    expect(await item.getByRole('region', { name: 'Answer', exact: true }).count()).toBe(0);
    expect(await page.getByTestId('grade-buttons').count()).toBe(0);
    expect(await axeFindings(page, 'review, question')).toEqual([]);

    // Try it: a right answer unaided reveals the solution and suggests Good.
    await item.getByRole('button', { name: 'Try it yourself' }).click();
    const field = item.locator('math-field');
    await field.waitFor();
    // MathLive's element is defined once its chunk loads, and the panel then focuses it: type only
    // after both, or the first key can land before the field takes keys.
    await eventually(() =>
      field.evaluate((el) => typeof (el as { getValue?: unknown }).getValue === 'function'),
    ).toBe(true);
    await field.click();
    await eventually(() => page.evaluate(() => document.activeElement?.tagName.toLowerCase())).toBe(
      'math-field',
    );
    await page.keyboard.type('72', { delay: 30 });
    await eventually(() => field.evaluate((el) => (el as { value?: string }).value)).toBe('72');
    await page.keyboard.press('Enter');
    await eventually(() => item.getByTestId('verdict-status').textContent()).toContain('Correct!');
    const grades = page.getByTestId('grade-buttons');
    await grades.waitFor();
    expect(await grades.locator('[data-suggested]').getAttribute('data-rating')).toBe('good');
    expect(await grades.getByTestId('grade-interval').allTextContents()).toHaveLength(4);
    expect(await axeFindings(page, 'review, grades')).toEqual([]);

    // A key typed in the field is the field's; out of it, 3 grades Good.
    await page.keyboard.press('3');
    expect(await position.textContent()).toBe('Review 1 of 2');
    await position.focus();
    const graded = page.waitForResponse(
      (r) => r.url().endsWith('/api/reviews') && r.request().method() === 'POST',
    );
    await page.keyboard.press('3');
    const response = await graded;
    expect(response.request().postDataJSON()).toEqual({ exampleId: seventyTwo.id, rating: 'good' });
    expect(response.status()).toBe(200);

    // The next example, concealed again; its answer shown, Again with the key 1.
    await eventually(() => position.textContent()).toBe('Review 2 of 2');
    expect(await item.getAttribute('data-example-id')).toBe(String(eighteen.id));
    expect(await page.getByTestId('grade-buttons').count()).toBe(0);
    await item.getByRole('button', { name: 'Show answer' }).click();
    await grades.waitFor();
    expect(await grades.locator('[data-suggested]').count()).toBe(0);
    await page.keyboard.press('1');

    // Both are in their learning steps, due within minutes: they come back in this session, the
    // one failed (due in a minute) first, its answer concealed again. Easy takes each out.
    await eventually(() => position.textContent()).toBe('Review 3 of 4');
    expect(await item.getAttribute('data-example-id')).toBe(String(eighteen.id));
    expect(await item.getByRole('region', { name: 'Answer', exact: true }).count()).toBe(0);
    await page.screenshot({ path: path.join(resultsDir, 'review-again-back.png') });
    await item.getByRole('button', { name: 'Show answer' }).click();
    await grades.waitFor();
    await page.keyboard.press('4');
    await eventually(() => position.textContent()).toBe('Review 4 of 4');
    expect(await item.getAttribute('data-example-id')).toBe(String(seventyTwo.id));
    await item.getByRole('button', { name: 'Show answer' }).click();
    await grades.waitFor();
    await page.keyboard.press('4');

    await page.getByRole('heading', { name: 'All caught up' }).waitFor();
    expect(
      await page.getByText('You reviewed 2 examples (4 reviews).', { exact: false }).count(),
    ).toBe(1);
    // Nothing else today: no count beside All caught up.
    expect(await page.getByTestId('later-today').count()).toBe(0);
    expect(await page.getByText(/due today/).count()).toBe(0);
    await page.screenshot({ path: path.join(resultsDir, 'review-all-caught-up.png') });
    expect(await page.getByTestId('next-review').textContent()).toMatch(/^Your next review is /);
    await eventually(() => navName(page)).toBe('Review');
    expect(await axeFindings(page, 'review, all caught up')).toEqual([]);

    // Both graded out of their steps: none new, none learning, none due now or later today.
    const stats = await api<{ dueNow: number; dueToday: number; new: number; learning: number }>(
      'GET',
      '/reviews/stats',
      undefined,
      learner.tokens.idToken,
    );
    expect([stats.dueNow, stats.dueToday, stats.new, stats.learning]).toEqual([0, 0, 0, 0]);
  });

  it('a learner without cards sees what reviews are; at phone width the count sits beside the menu', async () => {
    const learner: Account = await e2e.account('basic', { tag: 'rev-phone', name: 'Pia' });
    const page = await e2e.open({ as: learner, viewport: PHONE });
    await page.goto(url('/review'));
    await page.getByRole('heading', { name: 'Nothing to review yet' }).waitFor();
    await expectNoSidewaysScroll(page, '/review, empty, phone');
    expect(await axeFindings(page, 'review, empty')).toEqual([]);

    await addToReviews(page, seventyTwo.id);
    const phoneLink = page.getByRole('banner').getByRole('link', { name: 'Review, 1 due' });
    await phoneLink.waitFor();
    await expectNoSidewaysScroll(page, 'example page with the review count, phone');

    // Removing asks first.
    await page.getByTestId('example-marks').getByRole('button', { name: 'In reviews' }).click();
    const removed = page.waitForResponse(
      (r) => r.url().endsWith(`/api/reviews/${seventyTwo.id}`) && r.request().method() === 'DELETE',
    );
    await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
    expect((await removed).status()).toBeLessThan(300);
    await page
      .getByTestId('example-marks')
      .getByRole('button', { name: 'Add to reviews' })
      .waitFor();
    await page.getByRole('banner').getByRole('link', { name: 'Review', exact: true }).waitFor();
  });

  it('a visitor is asked to log in, and the navbar has no Review link', async () => {
    const page = await e2e.open({ viewport: DESKTOP });
    await page.goto(url('/review'));
    await page.getByRole('heading', { name: 'Review what you have learnt' }).waitFor();
    expect(await page.getByRole('link', { name: /^Review/ }).count()).toBe(0);
    expect(await axeFindings(page, 'review, visitor')).toEqual([]);
  });
});
