import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeFindings } from './axe';
import { resultsDir } from './harness';
import { expectNoSidewaysScroll, useBrowserTests, eventually } from './browser-tests';

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 375, height: 812 };
/** The demo's second example (a gym's fees): its procedure is written in four steps. */
const EXAMPLE = 2;
const STEPS = 4;

describe('practice mode reveals a procedure step by step in the browser', () => {
  const e2e = useBrowserTests({ env: { LOG_LEVEL: 'warn' }, failureShots: 'practice-steps' });

  /** The example's page as served (rendered on the server), practice mode on before it loads. */
  const openInPractice = async (
    viewport: { width: number; height: number },
    colorScheme: 'light' | 'dark',
  ) => {
    const page = await e2e.open({ viewport, colorScheme });
    await page.addInitScript(() => window.localStorage.setItem('practiceMode', 'true'));
    const hydration: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && /418|425|hydrat/i.test(message.text())) {
        hydration.push(message.text());
      }
    });
    await page.goto(e2e.url(`/examples/${EXAMPLE}`));
    await page.getByRole('button', { name: 'Show next step' }).waitFor();
    return { page, hydration };
  };

  const focused = (page: Page) =>
    page.evaluate(() => {
      const active = document.activeElement as HTMLElement | null;
      return {
        step: active?.getAttribute('data-step') ?? null,
        label: active?.querySelector('div')?.textContent ?? null,
        button: active?.tagName === 'BUTTON' ? active.textContent : null,
      };
    });

  it(`reveals the ${STEPS} steps one by one from the keyboard, focus on each new step and Tab back to the button, with no hydration error`, async () => {
    const { page, hydration } = await openInPractice(DESKTOP, 'light');
    const main = page.locator('main');
    expect(await main.locator('[data-section="answer"]').count()).toBe(0);
    expect(await main.locator('[data-section="procedure"]').count()).toBe(0);
    await main.getByText(`Procedure in ${STEPS} steps`).waitFor();

    await main.getByRole('button', { name: 'Show next step' }).focus();
    for (let k = 1; k <= STEPS; k++) {
      await page.keyboard.press('Enter');
      await eventually(() => focused(page)).toEqual({
        step: String(k),
        label: `Step ${k} of ${STEPS}`,
        button: null,
      });
      expect(await main.locator('[data-section="procedure"] li[data-step]').count()).toBe(k);
      if (k < STEPS) {
        const left = STEPS - k;
        await main.getByText(`${left} step${left === 1 ? '' : 's'} left`).waitFor();
        // The next stop after the revealed step is the button again.
        await page.keyboard.press('Tab');
        expect((await focused(page)).button).toBe('Show next step');
      }
    }
    expect(await main.getByRole('button', { name: 'Show next step' }).count()).toBe(0);
    expect(await main.getByRole('button', { name: 'Show all' }).count()).toBe(0);
    // The answer is still hidden, behind its own button.
    expect(await main.locator('[data-section="answer"]').count()).toBe(0);
    await main.getByRole('button', { name: 'Show answer' }).focus();
    await page.keyboard.press('Enter');
    await main.locator('[data-section="answer"]').waitFor();
    expect(hydration).toEqual([]);
  });

  it('Show all reveals the rest at once; turning try first off on the page (practice mode folds it too) shows the whole procedure', async () => {
    const { page } = await openInPractice(DESKTOP, 'light');
    const main = page.locator('main');
    await main.getByRole('button', { name: 'Show next step' }).click();
    await main.getByRole('button', { name: 'Show all' }).click();
    await eventually(() => main.locator('li[data-step]').count()).toBe(STEPS);
    expect(await main.locator('li[data-step]').last().textContent()).toContain('Check:');

    await page.getByRole('switch', { name: /Try first/ }).click();
    await main.locator('[data-section="answer"]').waitFor();
    expect(await main.locator('li[data-step]').count()).toBe(0);
    expect(await main.locator('[data-section="procedure"]').textContent()).toContain('Check:');
  });

  for (const [device, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    for (const scheme of ['light', 'dark'] as const) {
      it(`mid-ladder on a ${device} in ${scheme}: two steps shown, two left, nothing wider than the screen, axe finds nothing serious`, async () => {
        const { page } = await openInPractice(viewport, scheme);
        const main = page.locator('main');
        await main.getByRole('button', { name: 'Show next step' }).click();
        await main.getByRole('button', { name: 'Show next step' }).click();
        await main.getByText('2 steps left').waitFor();
        await eventually(() => main.locator('li[data-step]').count()).toBe(2);
        await expectNoSidewaysScroll(page);
        expect(await axeFindings(page, `${device} ${scheme}`, { scope: 'main' })).toEqual([]);
        const file = path.join(resultsDir, `practice-steps-${device}-${scheme}.png`);
        if (device === 'desktop') {
          await main.locator('article').first().screenshot({ path: file });
        } else {
          // The screen as the learner holds it: the revealed steps and the buttons below them.
          await main.getByTestId('practice-reveal').evaluate((controls) => {
            const bottom = controls.getBoundingClientRect().bottom + window.scrollY;
            window.scrollTo({ top: bottom + 24 - window.innerHeight, behavior: 'instant' });
          });
          await page.screenshot({ path: file });
        }
      });
    }
  }
});
