import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { axeFindings } from './axe';
import { type Account, useBrowserTests, eventually, settled } from './browser-tests';

const ROOT_EMAIL = 'a11y-root@example.com';
const ROOT_PASSWORD = 'Sup3r-Secret-Keeper';
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 375, height: 812 };
const PHONE_390 = { width: 390, height: 844 };
const SCHEMES = ['light', 'dark'] as const;
type Scheme = (typeof SCHEMES)[number];

/** A sweep visits a dozen screens; on a loaded two-core machine that can pass the usual minute. */
const SWEEP_TIMEOUT = 240_000;

describe('accessibility: axe on every screen, keyboard-only flows, maths for screen readers', () => {
  const e2e = useBrowserTests({
    env: { LOG_LEVEL: 'warn' },
    superadmin: { email: ROOT_EMAIL, password: ROOT_PASSWORD },
  });
  const { url, api, root } = e2e;
  let exampleId: number;
  let username: string;

  const open = (colorScheme: Scheme, as?: Account, viewport = DESKTOP): Promise<Page> =>
    e2e.open({ colorScheme, as, viewport, context: { bypassCSP: true } });

  /** Navigates and waits until the screen has loaded its data (no loader or 'Loading' text). */
  async function visit(page: Page, pathname: string) {
    await page.goto(url(pathname), { waitUntil: 'networkidle' });
    await page.locator('main').first().waitFor();
    await eventually(() =>
      page.evaluate(
        () =>
          !/Loading/.test(document.querySelector('main')?.textContent ?? '') &&
          !document.querySelector('main .mantine-Loader-root'),
      ),
    ).toBe(true);
    await settled(page); // contrast is measured on the final colours
  }

  /**
   * What the focused element draws to show it has focus: an outline, a focus ring (box shadow),
   * or, for Mantine inputs, a border colour that differs from an unfocused input of the same kind.
   * Mantine animates the border colour, so the style is read once the transition has ended.
   */
  async function focusIndicator(page: Page) {
    await settled(page);
    return readFocusIndicator(page);
  }

  function readFocusIndicator(page: Page) {
    return page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return { visible: false, what: 'nothing focused' };
      const style = getComputedStyle(el);
      const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
      const ring = style.boxShadow !== 'none';
      let border = false;
      if (el.matches('input, textarea')) {
        const twin = [
          ...document.querySelectorAll<HTMLElement>('.mantine-Input-input:not([data-error])'),
        ].find((other) => other !== el && getComputedStyle(other).display !== 'none');
        border =
          twin !== undefined &&
          parseFloat(style.borderWidth) > 0 &&
          getComputedStyle(twin).borderColor !== style.borderColor;
      }
      const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40);
      const what = `${el.tagName.toLowerCase()} "${name}" outline=${style.outlineStyle} ${style.outlineWidth} shadow=${style.boxShadow} border=${style.borderColor}`;
      return { visible: outline || ring || border, what };
    });
  }

  interface Target {
    /** CSS selector the focused element must match. */
    selector: string;
    /** Its label (input) or text content (button) must match this. */
    name?: RegExp;
  }

  /** Presses `key` (Tab or Shift+Tab) until the focused element is `target`; focus must show. */
  async function tabTo(page: Page, target: Target, key = 'Tab', max = 80) {
    for (let i = 0; i < max; i++) {
      await page.keyboard.press(key);
      const hit = await page.evaluate(
        ({ selector, source }) => {
          const el = document.activeElement as HTMLInputElement | null;
          if (!el?.matches(selector)) return false;
          if (source === null) return true;
          const name =
            el.labels?.[0]?.textContent ?? el.getAttribute('aria-label') ?? el.textContent ?? '';
          return new RegExp(source).test(name.trim());
        },
        { selector: target.selector, source: target.name?.source ?? null },
      );
      if (hit) {
        const focus = await focusIndicator(page);
        expect(focus.visible, focus.what).toBe(true);
        return;
      }
    }
    throw new Error(`${key} never reached ${target.selector} ${target.name ?? ''}`);
  }

  /**
   * With a combobox's list open: ArrowDown highlights an option and Enter picks it. Like a
   * sighted keyboard user, it waits to see the options, then the highlight, before each key.
   */
  async function pickHighlighted(page: Page) {
    // Only the open list: a Select closed a moment ago may still hold its list in the page.
    const list = page.locator('[role="listbox"]:visible');
    await list.locator('[role="option"]').first().waitFor();
    // Opening the list queues a zero-delay timer (Mantine's) that points the keyboard at the
    // current option. Chromium runs input before timers, so on a loaded machine ArrowDown could
    // be handled first and then be undone by it, and Enter would pick the current value again.
    // A zero-delay timer queued now runs after that one: a barrier, not a sleep.
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
    const highlighted = list.locator('[role="option"][data-combobox-selected]');
    const current = list.locator('[role="option"][aria-selected="true"]');
    const text = async (options: typeof highlighted) =>
      (await options.count()) ? await options.first().textContent() : null;
    const currentText = await text(current);
    await page.keyboard.press('ArrowDown');
    // The highlight has left the current value before Enter picks it.
    await eventually(() => text(highlighted)).toSatisfy(
      (label: string | null) => label !== null && label !== currentText,
    );
    await page.keyboard.press('Enter');
  }

  beforeAll(async () => {
    const list = await api<{ examples: { id: number }[] }>('GET', '/examples?limit=1');
    exampleId = list.examples[0]!.id;
    username = e2e.root.username;
  });

  for (const scheme of SCHEMES) {
    it(
      `public screens have no serious or critical axe violations (${scheme})`,
      { timeout: SWEEP_TIMEOUT },
      async () => {
        const page = await open(scheme);
        const found: string[] = [];
        for (const pathname of [
          '/',
          '/about',
          '/latex',
          '/examples',
          `/examples/${exampleId}`,
          '/login',
          '/register',
          '/confirm',
          '/forgot-password',
          '/reset-password',
          '/no-such-page',
        ]) {
          await visit(page, pathname);
          found.push(...(await axeFindings(page, `${pathname} (${scheme})`)));
        }
        expect(found, found.join('\n')).toEqual([]);
      },
    );

    it(
      `signed-in screens have no serious or critical axe violations (${scheme})`,
      { timeout: SWEEP_TIMEOUT },
      async () => {
        const page = await open(scheme, root);
        const found: string[] = [];
        for (const pathname of [
          '/profile',
          '/dashboard',
          `/dashboard/user/${username}`,
          '/examples',
          '/admin',
          '/admin?tab=categories',
          '/admin?tab=difficulties',
          '/admin?tab=types',
          '/admin?tab=examples',
          '/admin?tab=import-export',
        ]) {
          await visit(page, pathname);
          found.push(...(await axeFindings(page, `${pathname} (${scheme})`)));
        }
        // The add form of a catalogue tab (a modal dialog).
        await visit(page, '/admin?tab=examples');
        await page.getByRole('button', { name: 'Add example' }).click();
        await page.getByRole('dialog').waitFor();
        await settled(page);
        found.push(...(await axeFindings(page, `/admin example form (${scheme})`)));
        expect(found, found.join('\n')).toEqual([]);
      },
    );

    it(`the Disable question and /admin tabs at 375 px have no serious or critical axe violations (${scheme})`, async () => {
      const email = `a11y-disable-${scheme}-${Date.now().toString(36)}@example.com`;
      await api('POST', '/auth/register', { email, password: 'Correct-Horse-42', name: 'Dee' });
      const page = await open(scheme, root);
      const found: string[] = [];
      await visit(page, '/dashboard');
      // (The open actions menu is not audited: Mantine's menu puts a focus placeholder without a
      // menu role first in it, which axe reports as aria-required-children on every menu.)
      await page.getByRole('button', { name: `Actions for ${email}` }).click();
      await page.getByRole('menuitem', { name: 'Disable account' }).click();
      await page.getByRole('dialog', { name: 'Disable User' }).waitFor();
      await settled(page);
      found.push(...(await axeFindings(page, `/dashboard Disable question (${scheme})`)));

      const phone = await open(scheme, root, PHONE);
      for (const pathname of ['/admin', '/admin?tab=import-export']) {
        await visit(phone, pathname);
        found.push(...(await axeFindings(phone, `${pathname} at 375 px (${scheme})`)));
      }
      expect(found, found.join('\n')).toEqual([]);
    });
  }

  /**
   * Maths text in main that scrolls sideways by more than axe ignores (13 px): its boxes, as
   * 'card: width of content / width of box'.
   */
  const sidewaysScrollers = (page: Page) =>
    page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('main .math-text')]
        .filter(
          (box) =>
            ['auto', 'scroll'].includes(getComputedStyle(box).overflowX) &&
            box.scrollWidth > box.clientWidth + 13,
        )
        .map(
          (box) =>
            `${box.closest('article')?.getAttribute('aria-label')}: ${box.scrollWidth}/${box.clientWidth}`,
        ),
    );

  for (const scheme of SCHEMES) {
    it(`/examples at 390 px, procedures shown whole and revealed step by step, has no serious or critical axe violations; a procedure with a long inline formula scrolls sideways from the keyboard (${scheme})`, async () => {
      const page = await open(scheme, undefined, PHONE_390);
      await visit(page, '/examples');
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
      // The demo's example 17: '(a + b + c)^2 = … + 2(ab + bc + ca):' cannot break, and its
      // procedure scrolls sideways at this width.
      expect(await sidewaysScrollers(page)).toEqual(
        expect.arrayContaining([expect.stringMatching(/^Example 17: /)]),
      );
      const found = await axeFindings(page, `/examples at 390 px (${scheme})`);
      expect(found, found.join('\n')).toEqual([]);
      // Tab from the control before it reaches the scrolling procedure, and focus shows.
      const card = page.getByRole('article', { name: 'Example 17' });
      await card.getByRole('button', { name: 'Try it yourself' }).focus();
      await tabTo(page, { selector: '[data-section="procedure"] .math-text' }, 'Tab', 5);
      expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toMatch(
        /scroll sideways/,
      );
      await page.keyboard.press('ArrowRight');
      await eventually(() =>
        page.evaluate(() => document.activeElement?.scrollLeft ?? 0),
      ).toBeGreaterThan(0);

      // Practice mode: every procedure concealed, then revealed with Show all.
      await page.evaluate(() => window.localStorage.setItem('practiceMode', 'true'));
      await visit(page, '/examples');
      const showAll = page.getByRole('button', { name: 'Show all' });
      expect(await showAll.count()).toBeGreaterThan(0);
      while ((await showAll.count()) > 0) await showAll.first().click();
      await settled(page);
      expect(await sidewaysScrollers(page)).toEqual(
        expect.arrayContaining([expect.stringMatching(/^Example 17: /)]),
      );
      const revealed = await axeFindings(page, `/examples at 390 px, Show all (${scheme})`);
      expect(revealed, revealed.join('\n')).toEqual([]);
    });
  }

  it('keyboard only on /examples: pick a subject, a category and a difficulty, then clear the filters', async () => {
    const page = await open('light');
    await visit(page, '/examples');
    const search = () => new URL(page.url()).search;
    // The screen has caught up with the URL once the chips show each filter: a keyboard user
    // sees that before moving on (the URL changes first, the screen renders after).
    const chips = () =>
      page.getByRole('list', { name: 'Active filters' }).getByRole('listitem').count();

    // Subject: a combobox; ArrowDown opens it and moves, Enter picks.
    await tabTo(page, { selector: 'input', name: /^Subject/ });
    await page.keyboard.press('ArrowDown');
    await pickHighlighted(page);
    await eventually(search).toMatch(/subject=\d+/);
    await eventually(chips).toBe(1);

    // Category: the first numbered category button, activated with Enter.
    await tabTo(page, { selector: 'aside button[aria-pressed="false"]' });
    await page.keyboard.press('Enter');
    await eventually(search).toMatch(/category=\d+/);
    await eventually(chips).toBe(2);

    // Difficulty: Space opens the dropdown this time.
    await tabTo(page, { selector: 'input', name: /^Difficulty/ });
    await page.keyboard.press('Space');
    await pickHighlighted(page);
    await eventually(search).toMatch(/difficulty=\d+/);
    expect(search()).toMatch(/category=\d+/);
    await eventually(chips).toBe(3);

    // Clear All Filters: reached with Tab, pressed with Enter.
    await tabTo(page, { selector: 'button', name: /Clear All Filters/ });
    await page.keyboard.press('Enter');
    await eventually(search).toBe('');
    await page.getByText('Showing all available examples').waitFor();
  });

  it('keyboard only, before the dropdown code has arrived: ArrowDown on Subject opens it on the current option, ArrowDown and Enter pick the next', async () => {
    const page = await open('light');
    // Hold the dropdown's chunk back until the key has been pressed on the stand-in.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/floating-[^/]*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await visit(page, '/examples');
    await tabTo(page, { selector: 'input', name: /^Subject/ });
    await page.keyboard.press('ArrowDown');
    expect(await page.getByRole('listbox').count()).toBe(0);
    release();
    await page.locator('[role="option"][data-combobox-selected]').waitFor();
    expect(await page.locator('[role="option"][data-combobox-selected]').textContent()).toBe(
      'All Subjects',
    );
    await page.keyboard.press('ArrowDown');
    await expect
      .poll(() => page.locator('[role="option"][data-combobox-selected]').textContent())
      .not.toBe('All Subjects');
    await page.keyboard.press('Enter');
    await eventually(() => new URL(page.url()).search).toMatch(/subject=\d+/);
  });

  it('keyboard only on /admin: open the subject add form, fill it and save', async () => {
    const page = await open('light', root);
    await visit(page, '/admin');
    const name = `Keyboard Subject ${Date.now().toString(36)}`;

    await tabTo(page, { selector: 'button', name: /Add subject/ });
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    // Focus moves into the dialog (Mantine focuses the first field or the dialog itself).
    await page.waitForFunction(() =>
      document.querySelector('[role="dialog"]')?.contains(document.activeElement),
    );
    const inName = await page.evaluate(
      () => (document.activeElement as HTMLInputElement).labels?.[0]?.textContent ?? '',
    );
    if (/^Name/.test(inName)) expect((await focusIndicator(page)).visible).toBe(true);
    else await tabTo(page, { selector: 'input', name: /^Name/ });
    await page.keyboard.type(name);
    await tabTo(page, { selector: 'input, textarea', name: /^Description/ });
    await page.keyboard.type('Typed without a mouse.');
    // Shift+Tab back to the name field, then forward to the Create button.
    await tabTo(page, { selector: 'input', name: /^Name/ }, 'Shift+Tab');
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).value)).toBe(
      name,
    );
    await tabTo(page, { selector: 'button', name: /Create subject/ });
    await page.keyboard.press('Space');
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('cell', { name, exact: true }).waitFor();
  });

  it('maths on /examples is readable by screen readers: MathML, with the visual HTML aria-hidden', async () => {
    const page = await open('light');
    await visit(page, '/examples');
    const maths = await page.evaluate(() => {
      const all = [...document.querySelectorAll('main .katex')];
      return {
        katex: all.length,
        // Typeset in full: MathML beside the visual HTML, which screen readers skip.
        typeset: all.filter(
          (k) =>
            k.querySelector(':scope > .katex-mathml math') &&
            k.querySelector(':scope > .katex-html')?.getAttribute('aria-hidden') === 'true',
        ).length,
        // A card below the first screen as the server wrote it: the MathML alone, shown.
        mathmlOnly: all.filter(
          (k) => k.querySelector(':scope > math') && !k.querySelector('.katex-html'),
        ).length,
        mathmlText: document.querySelector('main .katex math')?.textContent ?? '',
      };
    });
    expect(maths.typeset).toBeGreaterThan(10);
    expect(maths.mathmlOnly).toBeGreaterThan(10);
    expect(maths.typeset + maths.mathmlOnly).toBe(maths.katex);
    expect(maths.mathmlText.length).toBeGreaterThan(0);
  });
});
