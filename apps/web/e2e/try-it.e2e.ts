import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { axeFindings } from './axe';
import { resultsDir } from './harness';
import {
  type Account,
  useBrowserTests,
  expectNoSidewaysScroll,
  eventually,
  settled,
} from './browser-tests';

const ROOT_EMAIL = 'try-root@example.com';
const ROOT_PASSWORD = 'Sup3r-Secret-Keeper';
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 375, height: 812 };
/** A screen is looked at on a desktop in light and on a phone in dark. */
const TWO_LOOKS = [
  [DESKTOP, 'light'],
  [PHONE, 'dark'],
] as const;

interface ListedExample {
  id: number;
  answer: string;
  procedure: string | null;
}

/**
 * What a page did that it should not: console errors (a refused font, a Content-Security-Policy
 * violation, a hydration error all log one) and requests to another origin than the app's.
 */
function watchPage(page: Page, origin: string) {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith(origin) && !url.startsWith('data:') && !url.startsWith('blob:')) {
      problems.push(`request to another origin: ${url}`);
    }
  });
  return problems;
}

/** The answer field (MathLive's <math-field>) of the open panel. */
const field = (page: Page) => page.locator('[data-testid="answer-panel"] math-field');
const verdict = (page: Page) => page.getByTestId('verdict-status');

describe('try it yourself in the browser: the MathLive field, the verdict, help and marks', () => {
  const e2e = useBrowserTests({
    env: { LOG_LEVEL: 'warn' },
    superadmin: { email: ROOT_EMAIL, password: ROOT_PASSWORD },
    failureShots: 'try-it',
  });
  const { url, api } = e2e;
  /** An example whose answer is x = 18 (and whose procedure has several steps). */
  let eighteen: ListedExample;
  /** An example whose answer is 72. */
  let seventyTwo: ListedExample;

  beforeAll(async () => {
    const { examples } = await api<{ examples: ListedExample[] }>('GET', '/examples?limit=100');
    const byAnswer = (answer: string) => {
      const found = examples.find((e) => e.answer === answer && (e.procedure ?? '').includes('\n'));
      if (!found) throw new Error(`no demo example answers ${answer}`);
      return found;
    };
    eighteen = byAnswer('$x = 18$');
    seventyTwo = byAnswer('$72$');
  });

  const shot = (page: Page, name: string) =>
    page.screenshot({ path: path.join(resultsDir, `try-it-${name}.png`) });

  /** Opens example `id`'s page and waits for its heading. */
  async function openExample(page: Page, id: number) {
    await page.goto(url(`/examples/${id}`));
    await page.getByRole('heading', { name: `Example ${id}` }).waitFor();
  }

  /** Opens the panel of the example page and waits for the maths field to have the focus. */
  async function openPanel(page: Page) {
    await page.getByRole('button', { name: 'Try it yourself' }).click();
    await field(page).waitFor();
    await eventually(() => page.evaluate(() => document.activeElement?.tagName.toLowerCase())).toBe(
      'math-field',
    );
  }

  /** Try first as a signed-in learner finds it on an example page: on, so the answer is folded. */
  async function tryFirstIsOn(page: Page) {
    await page.locator('html[data-app-ready]').waitFor();
    const toggle = page.getByRole('switch', { name: /Try first/ });
    await eventually(() => toggle.isChecked()).toBe(true);
    await eventually(() => page.getByRole('region', { name: 'Answer', exact: true }).count()).toBe(
      0,
    );
  }

  /** Turns try first off (saved with the account): the answer shows. */
  async function tryFirstOff(page: Page) {
    await tryFirstIsOn(page);
    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/api/me/preferences') && r.request().method() === 'PATCH',
    );
    await page.getByRole('switch', { name: /Try first/ }).click();
    expect((await saved).status()).toBe(200);
    await page.getByRole('region', { name: 'Answer', exact: true }).waitFor();
  }

  /** Empties the field and types `keys` into it with the keyboard. */
  async function typeAnswer(page: Page, keys: string) {
    await field(page).click();
    await eventually(() => page.evaluate(() => document.activeElement?.tagName.toLowerCase())).toBe(
      'math-field',
    );
    await page.keyboard.press('End');
    await page.keyboard.press('Shift+Home');
    await page.keyboard.press('Backspace');
    await page.keyboard.type(keys, { delay: 30 });
  }

  it('a learner answers wrong, opens a step, answers right and gets the mark "with help"', async () => {
    const learner: Account = await e2e.account('basic', { tag: 'try', name: 'Tia' });
    const page = await e2e.open({ as: learner, viewport: DESKTOP });
    const problems = watchPage(page, e2e.server.url);
    await openExample(page, eighteen.id);

    // MathLive is not part of the page until the panel opens
    expect(await page.evaluate(() => customElements.get('math-field') === undefined)).toBe(true);
    const scripts = () =>
      page.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name));
    expect((await scripts()).some((name) => name.includes('math-answer-field'))).toBe(false);

    // Try first (on for a signed-in learner) folds the answer: only the step opened below is help.
    await tryFirstIsOn(page);
    const helpBodies: unknown[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith(`/examples/${eighteen.id}/help`)) {
        helpBodies.push(request.postDataJSON());
      }
    });
    await openPanel(page);
    // the field is named by its label for screen readers (MathLive names its editing element)
    expect(
      await field(page).evaluate((el) =>
        el.shadowRoot?.querySelector('[part="keyboard-sink"]')?.getAttribute('aria-label'),
      ),
    ).toBe('Your answer');
    // the solution is concealed while trying
    expect(await page.getByRole('region', { name: 'Answer', exact: true }).count()).toBe(0);
    await page.getByRole('button', { name: 'Show next step' }).waitFor();

    // a wrong answer, typed with the keyboard, sent with Enter: '/' makes a fraction (MathLive
    // writes one of two digits as \frac13)
    await page.keyboard.type('1/3', { delay: 30 });
    expect(await field(page).evaluate((el) => (el as HTMLInputElement).value)).toBe('\\frac13');
    const checked = page.waitForResponse((r) => r.url().endsWith(`/examples/${eighteen.id}/check`));
    await page.keyboard.press('Enter');
    expect((await checked).status()).toBe(200);
    await eventually(() => verdict(page).textContent()).toContain('Not quite.');

    // a step: recorded as help
    const helped = page.waitForResponse((r) => r.url().endsWith(`/examples/${eighteen.id}/help`));
    await page.getByRole('button', { name: 'Show next step' }).click();
    expect((await helped).status()).toBeLessThan(300);
    await page.getByText(/Step 1 of \d/).waitFor();
    expect(helpBodies).toEqual([{ kind: 'step' }]);

    // the right answer, with the Check answer button
    await typeAnswer(page, 'x=18');
    expect(await field(page).evaluate((el) => (el as HTMLInputElement).value)).toBe('x=18');
    await page.getByRole('button', { name: 'Check answer' }).click();
    await eventually(() => verdict(page).textContent()).toContain('Correct!');
    expect(await verdict(page).textContent()).toContain('Solved with help');
    // the solution is shown, and the page's marks say how it was solved
    await page.getByRole('region', { name: 'Answer', exact: true }).waitFor();
    const marks = page.getByTestId('example-marks');
    await eventually(() => marks.getByTestId('solve-mark').textContent()).toBe('Solved with help');
    expect(
      await marks.getByRole('button', { name: 'Mark solved' }).getAttribute('aria-pressed'),
    ).toBe('true');

    // MathLive's fonts (the KaTeX fonts) came from this site; nothing else was asked elsewhere
    const fonts = (await scripts()).filter((name) => name.endsWith('.woff2'));
    expect(fonts.length).toBeGreaterThan(0);
    for (const font of fonts) expect(font.startsWith(e2e.server.url)).toBe(true);
    expect(
      await page.evaluate(() => document.fonts.check('16px KaTeX_Main') && document.fonts.status),
    ).toBe('loaded');
    expect(problems).toEqual([]);

    // and the progress counts it as solved, not as solved without help
    const progress = await api<{ solved: number; solvedWithoutHelp: number }>(
      'GET',
      '/me/progress',
      undefined,
      learner.tokens.idToken,
    );
    expect([progress.solved, progress.solvedWithoutHelp]).toEqual([1, 0]);
  });

  it('a right first answer is solved without help: the mark on its card and the filter', async () => {
    const learner: Account = await e2e.account('basic', { tag: 'clean', name: 'Cleo' });
    const page = await e2e.open({ as: learner, viewport: DESKTOP });
    const problems = watchPage(page, e2e.server.url);
    await openExample(page, seventyTwo.id);
    await tryFirstIsOn(page);
    await openPanel(page);
    expect(await page.getByTestId('answer-note').count()).toBe(0);
    await page.keyboard.type('72', { delay: 30 });
    await page.keyboard.press('Enter');
    await eventually(() => verdict(page).textContent()).toContain('Correct!');
    expect(await verdict(page).textContent()).toContain('Solved without help');

    await page.goto(url('/examples?withoutHelp=true'));
    const cards = page.getByTestId('example-card');
    await eventually(() => cards.count()).toBe(1);
    const mark = cards.first().getByTestId('solve-mark');
    expect(await mark.getAttribute('title')).toBe('Solved without help');
    expect(await page.getByRole('combobox', { name: 'Without Help' }).inputValue()).toBe(
      'Solved without help',
    );
    // the category badges count the clean solve
    await eventually(() => page.getByText('1 of 126 solved, 1 without help').first().count()).toBe(
      1,
    );
    await settled(page);
    await page.screenshot({ path: path.join(resultsDir, 'try-it-list-light-desktop.png') });

    // the dashboard's progress, on a phone in dark
    const phone = await e2e.open({ as: learner, viewport: PHONE, colorScheme: 'dark' });
    await phone.goto(url('/dashboard'));
    await eventually(() => phone.getByTestId('progress-without-help').textContent()).toBe('1');
    await phone.getByTestId('progress-overview').scrollIntoViewIfNeeded();
    await settled(phone);
    await shot(phone, 'dashboard-dark-phone');
    const list = await e2e.open({ as: learner, viewport: PHONE, colorScheme: 'dark' });
    await list.goto(url('/examples?withoutHelp=true'));
    await eventually(() => list.getByTestId('example-card').count()).toBe(1);
    await list.evaluate(() => {
      const card = document.querySelector('[data-testid="example-card"]')!;
      window.scrollTo(0, card.getBoundingClientRect().top + window.scrollY - 80);
    });
    await settled(list);
    await shot(list, 'list-dark-phone');
    expect(problems).toEqual([]);
  });

  it('with try first off the answer was showing: opening the panel records it and says a right answer counts as solved with help', async () => {
    const learner: Account = await e2e.account('basic', { tag: 'seen', name: 'Sami' });
    const page = await e2e.open({ as: learner, viewport: DESKTOP });
    await openExample(page, seventyTwo.id);
    await tryFirstOff(page);
    const helped = page.waitForResponse((r) => r.url().endsWith(`/examples/${seventyTwo.id}/help`));
    await openPanel(page);
    expect((await helped).request().postDataJSON()).toEqual({ kind: 'answer' });
    expect((await helped).status()).toBeLessThan(300);
    expect(await page.getByTestId('answer-note').textContent()).toContain(
      'The answer was showing, so a right answer counts as solved with help.',
    );
    await page.keyboard.type('72', { delay: 30 });
    await page.keyboard.press('Enter');
    await eventually(() => verdict(page).textContent()).toContain('Correct!');
    expect(await verdict(page).textContent()).toContain('Solved with help');
  });

  it('a visitor can check an answer too, and gets no mark', async () => {
    const page = await e2e.open({ viewport: DESKTOP });
    const problems = watchPage(page, e2e.server.url);
    await openExample(page, eighteen.id);
    await openPanel(page);
    await page.keyboard.type('x=18', { delay: 30 });
    await page.keyboard.press('Enter');
    await eventually(() => verdict(page).textContent()).toContain('Correct!');
    expect(await verdict(page).getByTestId('solve-mark').count()).toBe(0);
    expect(problems).toEqual([]);
  });

  it('a changed answer loses its verdict; a refusal is in plain words, with no older verdict under it', async () => {
    for (const [viewport, colorScheme] of TWO_LOOKS) {
      const page = await e2e.open({ viewport, colorScheme });
      await openExample(page, eighteen.id);
      await openPanel(page);
      await page.keyboard.type('x=18', { delay: 30 });
      await page.keyboard.press('Enter');
      await eventually(() => verdict(page).textContent()).toContain('Correct!');
      // "or y=" typed after it (the maths field writes "or" as \lor): the verdict goes at once.
      await page.keyboard.type(' or y=', { delay: 30 });
      expect(await field(page).evaluate((el) => (el as HTMLInputElement).value)).toContain('\\lor');
      await eventually(() => verdict(page).textContent()).toBe('');
      const checked = page.waitForResponse((r) =>
        r.url().endsWith(`/examples/${eighteen.id}/check`),
      );
      await page.keyboard.press('Enter');
      expect((await checked).status()).toBe(400);
      const alert = page.getByRole('alert');
      await eventually(() => alert.textContent()).toMatch(/^We couldn’t read your answer/);
      expect(await alert.textContent()).not.toMatch(/[\\{}]|command/);
      expect(await verdict(page).textContent()).toBe('');
      await page.locator('[data-testid="answer-panel"]').scrollIntoViewIfNeeded();
      await shot(page, `refused-${colorScheme}-${viewport.width}`);
    }
  });

  it('units: an area in square metres is right typed as 44m^2 or 440000cm^2, and 44m says "Check the units."', async () => {
    const { examples } = await api<{ examples: ListedExample[] }>('GET', '/examples?limit=100');
    const area = examples.find((e) => e.answer === '$44\\text{ m}^2$');
    if (!area) throw new Error('no demo example answers 44 m²');
    for (const [viewport, colorScheme] of TWO_LOOKS) {
      const page = await e2e.open({ viewport, colorScheme });
      await openExample(page, area.id);
      await openPanel(page);
      /** Sends the field with Enter; the check's answer. */
      const send = async () => {
        const checked = page.waitForResponse((r) => r.url().endsWith(`/examples/${area.id}/check`));
        await page.keyboard.press('Enter');
        const response = await checked;
        expect(response.status()).toBe(200);
        return ((await response.json()) as { data: { correct: boolean; feedback?: string } }).data;
      };
      // A length where an area was asked: the number is right, the unit is not.
      await page.keyboard.type('44m', { delay: 30 });
      expect(await field(page).evaluate((el) => (el as HTMLInputElement).value)).toBe('44m');
      expect(await send()).toMatchObject({ correct: false, feedback: 'Check the units.' });
      await eventually(() => verdict(page).textContent()).toContain('Not quite.');
      expect(await verdict(page).textContent()).toContain('Check the units.');
      await settled(page);
      await shot(page, `units-${colorScheme}-${viewport.width}`);
      // The unit typed as the maths field types it (letters and a power), not as \text.
      await typeAnswer(page, '44m^2');
      expect(await field(page).evaluate((el) => (el as HTMLInputElement).value)).toBe('44m^2');
      expect(await send()).toMatchObject({ correct: true });
      await eventually(() => verdict(page).textContent()).toContain('Correct!');
      // Another unit of area: the field types cm as \operatorname{\mathrm{cm}}; converted.
      await typeAnswer(page, '440000cm^2');
      expect(await field(page).evaluate((el) => (el as HTMLInputElement).value)).toBe(
        '440000\\operatorname{\\mathrm{cm}}^2',
      );
      expect(await send()).toMatchObject({ correct: true });
      // And the number alone: the unit is in the question.
      await typeAnswer(page, '44');
      expect(await send()).toMatchObject({ correct: true });
      await expectNoSidewaysScroll(page);
    }
  });

  it("a proof's answer is not checked: its page says so before anything is typed, with no answer field", async () => {
    const { examples } = await api<{ examples: ListedExample[] }>('GET', '/examples?q=primes');
    const proof = examples.find((e) => e.answer.includes('\\ldots'));
    if (!proof) throw new Error('no demo example answers with a proof');
    for (const [viewport, colorScheme] of TWO_LOOKS) {
      const page = await e2e.open({ viewport, colorScheme });
      await openExample(page, proof.id);
      const note = page.getByTestId('uncheckable-note');
      await note.waitFor();
      expect(await note.textContent()).toBe(
        "This answer can't be checked automatically: compare your working with the answer.",
      );
      expect(await page.getByRole('button', { name: 'Try it yourself' }).count()).toBe(0);
      await shot(page, `not-checkable-${colorScheme}-${viewport.width}`);
      await expectNoSidewaysScroll(page);
    }
  });

  it('the open panel with a verdict has no serious axe violations, light and dark, desktop and phone', async () => {
    const found: string[] = [];
    for (const colorScheme of ['light', 'dark'] as const) {
      for (const [size, viewport] of [
        ['desktop', DESKTOP],
        ['phone', PHONE],
      ] as const) {
        const phone = size === 'phone';
        const page = await e2e.open({
          viewport,
          colorScheme,
          // axe is injected as a script; touch, so that the phone shows MathLive's keyboard
          context: { bypassCSP: true, ...(phone ? { hasTouch: true, isMobile: true } : {}) },
        });
        await openExample(page, eighteen.id);
        await openPanel(page);
        if (phone) {
          // the virtual keyboard: typed on with taps
          const keyboard = page.locator('.ML__keyboard');
          await eventually(() => keyboard.isVisible()).toBe(true);
          await settled(page); // the keyboard slides in
          // the field is scrolled up above the keyboard
          await eventually(() =>
            page.evaluate(() => {
              const box = document
                .querySelector('[data-testid="answer-panel"] math-field')!
                .getBoundingClientRect();
              const keyboard = (
                window as unknown as { mathVirtualKeyboard: { boundingRect: DOMRect } }
              ).mathVirtualKeyboard.boundingRect;
              return box.bottom <= window.innerHeight - keyboard.height && box.top >= 0;
            }),
          ).toBe(true);
          await shot(page, `keyboard-${colorScheme}-${size}`);
          await page.keyboard.type('1/3', { delay: 30 });
          await page.evaluate(() =>
            (
              window as unknown as { mathVirtualKeyboard: { hide(): void } }
            ).mathVirtualKeyboard.hide(),
          );
          await page.getByRole('button', { name: 'Check answer' }).click();
        } else {
          await page.keyboard.type('1/3', { delay: 30 });
          await page.keyboard.press('Enter');
        }
        await eventually(() => verdict(page).textContent()).toContain('Not quite.');
        await settled(page);
        await page.locator('[data-testid="answer-panel"]').scrollIntoViewIfNeeded();
        await shot(page, `verdict-${colorScheme}-${size}`);
        await expectNoSidewaysScroll(page, `${colorScheme} ${size}`);
        found.push(...(await axeFindings(page, `${colorScheme} ${size}`)));
      }
    }
    expect(found).toEqual([]);
  });
});
