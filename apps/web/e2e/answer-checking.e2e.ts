import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { resultsDir } from './harness';
import { eventually, expectNoSidewaysScroll, useBrowserTests } from './browser-tests';

const ROOT_EMAIL = 'answers-root@example.com';
const ROOT_PASSWORD = 'Sup3r-Secret-Keeper';
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 375, height: 812 };
const UNCHECKABLE_NOTE =
  "This answer can't be checked automatically: compare your working with the answer.";

interface ListedExample {
  id: number;
  question: string;
  answer: string;
  answerSpec: { kind: string };
}

/** The answer field (MathLive's <math-field>) of the open panel, and its LaTeX. */
const field = (page: Page) => page.locator('[data-testid="answer-panel"] math-field');
const fieldValue = (page: Page) =>
  field(page).evaluate((el) => (el as unknown as { value: string }).value);
const reading = (page: Page) => page.getByTestId('answer-reading');
const verdict = (page: Page) => page.getByTestId('verdict-status');

describe('answer specs in the browser: the read-back, the unchecked note, the editor’s tries', () => {
  const e2e = useBrowserTests({
    env: { LOG_LEVEL: 'warn' },
    superadmin: { email: ROOT_EMAIL, password: ROOT_PASSWORD },
    failureShots: 'answer-checking',
  });
  const { url, api } = e2e;
  let eighteen: ListedExample;
  let unchecked: ListedExample;

  beforeAll(async () => {
    const { examples } = await api<{ examples: ListedExample[] }>('GET', '/examples?limit=100');
    eighteen = examples.find((e) => e.answer === '$x = 18$')!;
    unchecked = examples.find((e) => e.answerSpec.kind === 'none')!;
    expect(eighteen).toBeDefined();
    expect(unchecked).toBeDefined();
  });

  const shot = (page: Page, name: string) =>
    page.screenshot({ path: path.join(resultsDir, `answer-checking-${name}.png`) });

  async function openPanel(page: Page, id: number) {
    await page.goto(url(`/examples/${id}`));
    await page.getByRole('button', { name: 'Try it yourself' }).click();
    await field(page).waitFor();
    await eventually(() => page.evaluate(() => document.activeElement?.tagName.toLowerCase())).toBe(
      'math-field',
    );
  }

  async function retype(page: Page, keys: string) {
    await page.keyboard.press('End');
    await page.keyboard.press('Shift+Home');
    await page.keyboard.press('Backspace');
    await page.keyboard.type(keys, { delay: 30 });
  }

  it('a learner sees the answer read back as it is typed, then the verdict; a change takes the verdict away', async () => {
    for (const [viewport, colorScheme] of [
      [DESKTOP, 'light'],
      [PHONE, 'dark'],
    ] as const) {
      const page = await e2e.open({ viewport, colorScheme });
      await openPanel(page, eighteen.id);
      await page.keyboard.type('x=18', { delay: 30 });
      // Read back, typeset, before any check.
      await reading(page).getByText('We read your answer as').waitFor();
      expect(await reading(page).locator('.katex').count()).toBe(1);
      expect(await verdict(page).textContent()).toBe('');
      await page.keyboard.press('Enter');
      await verdict(page).getByText('Correct!').waitFor();
      await shot(page, `learner-${colorScheme}`);
      await expectNoSidewaysScroll(page);

      // A changed answer: the verdict goes at once, the new reading follows.
      await page.keyboard.type('1', { delay: 30 });
      expect(await verdict(page).textContent()).toBe('');
      await eventually(() => reading(page).locator('annotation').textContent()).toMatch(/181/);
      expect(await page.getByText('Correct!').count()).toBe(0);
    }
  });

  it('the field keeps x^10 whole and (x+1)/2+C out of the denominator, and an unfinished answer is named in words', async () => {
    const page = await e2e.open({ viewport: DESKTOP });
    await openPanel(page, eighteen.id);
    await page.keyboard.type('x^10y', { delay: 30 });
    expect(await fieldValue(page)).toBe('x^{10}y');
    await retype(page, 'e^2x');
    expect(await fieldValue(page)).toBe('e^2x');
    await retype(page, '(x+1)/2+C');
    expect(await fieldValue(page)).toBe('\\frac{\\left(x+1\\right)}{2}+C');

    await retype(page, 'x=18 or');
    const problem = page.getByTestId('answer-reading-problem');
    await problem.waitFor();
    const words = (await problem.textContent()) ?? '';
    expect(words.length).toBeGreaterThan(0);
    expect(words).not.toMatch(/\\|command/);
    await shot(page, 'unreadable');
  });

  it('an answer that is not checked says so before anything is typed, in the server-rendered page too', async () => {
    const html = await (await fetch(url(`/examples/${unchecked.id}`))).text();
    expect(html).toContain(UNCHECKABLE_NOTE.replace("'", '&#x27;'));
    const page = await e2e.open({ viewport: PHONE, colorScheme: 'dark' });
    await page.goto(url(`/examples/${unchecked.id}`));
    await page.getByTestId('uncheckable-note').waitFor();
    expect(await page.getByTestId('uncheckable-note').textContent()).toBe(UNCHECKABLE_NOTE);
    expect(await page.getByRole('button', { name: 'Try it yourself' }).count()).toBe(0);
    await shot(page, 'unchecked');
  });

  it('an editor tries answers under the unsaved spec, keeps them, and they are saved with the example', async () => {
    type Kept = { example: { testAnswers: { answer: string; accept: boolean }[] } };
    // The demo catalogue ships test answers for the example: the two kept here come after them.
    const before = (
      await api<Kept>('GET', `/examples/${eighteen.id}`, undefined, e2e.root.tokens.idToken)
    ).example.testAnswers;
    const page = await e2e.open({ as: e2e.root, viewport: DESKTOP });
    await page.goto(url('/admin?tab=examples'));
    await page.getByRole('button', { name: `Edit example ${eighteen.id}`, exact: true }).click();
    const section = page.getByRole('group', { name: 'Answer checking' });
    await section.waitFor();
    await section.getByTestId('answer-spec-inferred').waitFor();

    const typed = section.getByRole('textbox', { name: 'What a learner types' });
    const tryAnswer = async (answer: string) => {
      await typed.fill(answer);
      await typed.press('Enter');
    };
    await tryAnswer('x = 18');
    const right = section.getByTestId('tried-answer');
    await right.getByText('Accepted', { exact: true }).waitFor();
    await right.getByRole('button', { name: 'Keep x = 18: must be accepted' }).click();
    await tryAnswer('x = 17');
    const wrong = section.getByTestId('tried-answer');
    await wrong.getByText('Refused', { exact: true }).waitFor();
    await wrong.getByRole('button', { name: 'Keep x = 17: must be refused' }).click();
    // Every kept answer is tried with each try: the catalogue's and the two new ones agree.
    await eventually(() => section.getByText('As expected').count()).toBe(before.length + 2);
    await shot(page, 'editor');

    await page.getByRole('button', { name: 'Save changes' }).click();
    await section.waitFor({ state: 'detached' });
    const { example } = await api<{ example: { testAnswers: unknown; answerSpecSet: boolean } }>(
      'GET',
      `/examples/${eighteen.id}`,
      undefined,
      e2e.root.tokens.idToken,
    );
    expect(example.testAnswers).toEqual([
      ...before,
      { answer: 'x = 18', accept: true },
      { answer: 'x = 17', accept: false },
    ]);
    expect(example.answerSpecSet).toBe(false);
  });
});
