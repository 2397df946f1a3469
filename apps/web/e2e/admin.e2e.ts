import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestApi, resultsDir, type TestServer, waitForPage } from './harness';
import { type Tokens, useBrowserTests, expectNoSidewaysScroll, settled } from './browser-tests';

const ROOT_EMAIL = 'root-admin@example.com';
const ROOT_PASSWORD = 'Sup3r-Secret-Keeper';
const PASSWORD = 'Correct-Horse-42';
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 375, height: 812 };

describe('/admin: catalogue management in the browser', () => {
  const e2e = useBrowserTests({
    env: { LOG_LEVEL: 'warn' },
    superadmin: { email: ROOT_EMAIL, password: ROOT_PASSWORD },
  });
  const { url, api: must } = e2e;
  let server: TestServer;
  let root: Tokens;
  let workDir: string;
  const stamp = Date.now().toString(36);

  const open = (viewport = DESKTOP, colorScheme: 'light' | 'dark' = 'light', tokens?: Tokens) =>
    e2e.open({ viewport, colorScheme, as: tokens, context: { acceptDownloads: true } });

  const shot = async (page: Page, name: string, fullPage = true) => {
    await settled(page);
    await page.screenshot({ path: path.join(resultsDir, `admin-${name}.png`), fullPage });
  };

  /** Picks `option` in the select labelled `label` inside `scope`. */
  async function choose(page: Page, scope: Locator, label: string, option: string) {
    await scope.getByRole('combobox', { name: label }).click();
    await page.getByRole('option', { name: option, exact: true }).click();
  }

  const form = (page: Page) => page.getByRole('dialog');

  /**
   * Adds a `kind` (subject, category, …) through its form: fills the textboxes and picks the
   * selects by label, in order, creates it and waits for the form to close.
   */
  async function addThroughForm(
    page: Page,
    kind: string,
    fields: Record<string, string>,
    choices: Record<string, string> = {},
  ) {
    await page.getByRole('button', { name: `Add ${kind}` }).click();
    for (const [label, value] of Object.entries(fields)) {
      await form(page).getByRole('textbox', { name: label }).fill(value);
    }
    for (const [label, option] of Object.entries(choices)) {
      await choose(page, form(page), label, option);
    }
    await form(page)
      .getByRole('button', { name: `Create ${kind}` })
      .click();
    await form(page).waitFor({ state: 'detached' });
  }

  async function openTab(page: Page, name: string) {
    await page.getByRole('tab', { name }).click();
    await page.getByRole('tab', { name, selected: true }).waitFor();
  }

  /** A small MATH-format file: two good records and one without a question. */
  async function mathSample(tag: string): Promise<string> {
    const records = [
      {
        source_id: `${tag}/1`,
        subject: 'Algebra',
        level: 1,
        question: `What is $2 + 2$? (${tag})`,
        answer: '4',
        procedure: 'Add.',
      },
      {
        source_id: `${tag}/2`,
        subject: 'Algebra',
        level: 3,
        question: `Solve $x^2 = 9$ for $x > 0$. (${tag})`,
        answer: '3',
        procedure: null,
      },
      { source_id: `${tag}/3`, subject: 'Algebra', level: 2, answer: 'missing question' },
    ];
    const file = path.join(workDir, `math-sample-${tag}.json`);
    await writeFile(file, JSON.stringify(records, null, 2));
    return file;
  }

  beforeAll(async () => {
    workDir = await mkdtemp(path.join(tmpdir(), 'exemplar-admin-e2e-'));
    server = e2e.server;
    root = e2e.root.tokens;
  });

  afterAll(async () => {
    if (workDir) await rm(workDir, { recursive: true, force: true });
  });

  it('create a subject, a category with a subcategory, a difficulty, a type and an example; find, edit and delete it; a subject in use cannot be deleted', async () => {
    const subject = `Number Theory ${stamp}`;
    const parent = `Primes ${stamp}`;
    const child = `Twin Primes ${stamp}`;
    const difficulty = `tricky-${stamp}`;
    const type = `Puzzle ${stamp}`;
    const word = `quokka${stamp}`;
    const question = `How many ${word} pairs $(p, p+2)$ are below $20$?`;

    // Log in through /login as the superadmin, then follow the Admin link.
    const page = await open();
    await page.goto(url('/login'));
    await page.getByLabel('Email Address').fill(ROOT_EMAIL);
    await page.getByLabel(/^Password/).fill(ROOT_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await waitForPage(page, url('/dashboard'));
    await page.getByRole('banner').getByRole('link', { name: 'Admin' }).click();
    await waitForPage(page, url('/admin'));
    await page.getByRole('heading', { name: 'Catalogue Admin' }).waitFor();

    // Subject.
    await page.getByRole('table', { name: 'Subjects' }).waitFor();
    await addThroughForm(page, 'subject', { Name: subject, Description: 'Integers and primes.' });
    await page.getByRole('cell', { name: subject, exact: true }).waitFor();

    // Category and subcategory.
    await openTab(page, 'Categories');
    await addThroughForm(page, 'category', { Name: parent }, { Subject: subject });
    await page.getByRole('cell', { name: parent, exact: true }).waitFor();

    await addThroughForm(
      page,
      'category',
      { Name: child },
      { Subject: subject, 'Parent category': parent },
    );
    const childRow = page.getByRole('row').filter({ hasText: child });
    await expect.poll(() => childRow.getByRole('cell').nth(2).textContent()).toBe(parent);

    // Difficulty and type.
    await openTab(page, 'Difficulties');
    await addThroughForm(page, 'difficulty', { Name: difficulty, Rank: '7' });
    await page.getByRole('cell', { name: difficulty, exact: true }).waitFor();

    await openTab(page, 'Types');
    await addThroughForm(page, 'type', { Name: type });
    await page.getByRole('cell', { name: type, exact: true }).waitFor();

    // Example: required fields first, then a broken expression that the preview flags.
    await openTab(page, 'Examples');
    await page.getByRole('table', { name: 'Examples' }).waitFor();
    await page.getByRole('button', { name: 'Add example' }).click();
    await form(page).getByRole('button', { name: 'Create example' }).click();
    for (const message of [
      'Difficulty is required.',
      'Type is required.',
      'Category is required.',
      'Question is required.',
      'Answer is required.',
    ]) {
      await form(page).getByText(message).waitFor();
    }
    await choose(page, form(page), 'Subject', subject);
    await choose(page, form(page), 'Category', child);
    await choose(page, form(page), 'Difficulty', difficulty);
    await choose(page, form(page), 'Type', type);
    await form(page).getByRole('textbox', { name: 'Question' }).fill(question);
    await form(page).getByRole('textbox', { name: 'Answer' }).fill('$\\brokenmacro{2}$');
    const answerPreview = form(page).getByRole('region', { name: 'Answer preview' });
    await answerPreview.getByText('(LaTeX Error)').waitFor();
    await form(page).getByText('Answer has 1 expression that will not render.').waitFor();
    await form(page)
      .getByRole('textbox', { name: 'Answer' })
      .fill('$2$ pairs: $(3, 5)$, $(5, 7)$, $(11, 13)$, $(17, 19)$ — so $4$');
    await expect
      .poll(() => answerPreview.locator('.katex').count(), { timeout: 5_000 })
      .toBeGreaterThan(0);
    await form(page).getByText('Answer has 1 expression that will not render.').waitFor({
      state: 'detached',
    });
    await form(page)
      .getByRole('textbox', { name: 'Procedure' })
      .fill('List the primes below $20$ and pair those that differ by $2$.');
    // A new example starts as a draft; this one is published at once.
    expect(await form(page).getByRole('radio', { name: 'Draft' }).isChecked()).toBe(true);
    await form(page).getByText('Published', { exact: true }).click();
    await form(page).getByRole('button', { name: 'Create example' }).click();
    await form(page).waitFor({ state: 'detached' });
    await page.getByRole('textbox', { name: 'Search examples' }).fill(word);
    const exampleRow = page.getByRole('row').filter({ hasText: word });
    await exampleRow.waitFor();
    // Cut to 50 characters in the list.
    expect(await exampleRow.getByRole('cell').nth(1).textContent()).toBe(
      `${question.slice(0, 50)}…`,
    );

    // Found on /examples.
    const browse = await open(DESKTOP, 'light', root);
    await browse.goto(url(`/examples?q=${word}`));
    const card = browse.getByTestId('example-card').filter({ hasText: word });
    await card.waitFor();
    await card.getByText(type).waitFor();
    expect(await card.locator('.katex').count()).toBeGreaterThan(0);

    // Edit it.
    await exampleRow.getByRole('button', { name: /^Edit example/ }).click();
    await form(page).getByRole('textbox', { name: 'Answer' }).fill('$4$');
    await form(page).getByRole('button', { name: 'Save changes' }).click();
    await form(page).waitFor({ state: 'detached' });
    await expect.poll(() => exampleRow.getByRole('cell').nth(2).textContent()).toBe('$4$');
    // The browse screen shows the edited answer (the old one had the words 'pairs:' and 'so').
    await browse.reload();
    await card.waitFor();
    expect(await card.textContent()).not.toContain('pairs:');

    // Delete it.
    await exampleRow.getByRole('button', { name: /^Delete example/ }).click();
    const confirm = page.getByRole('dialog');
    await confirm.getByText('Are you sure you want to delete this example?').waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('No examples found.').waitFor();

    // The subject is still used by its two categories: 409, shown in full.
    await openTab(page, 'Subjects');
    await page.getByRole('button', { name: `Delete ${subject}` }).click();
    await page
      .getByRole('dialog')
      .getByText('Are you sure you want to delete this subject?')
      .waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await page
      .getByText(
        `Delete failed: Subject "${subject}" cannot be deleted: it is used by 2 categories.`,
      )
      .waitFor();
    await page.getByRole('cell', { name: subject, exact: true }).waitFor();
  });

  it("a signed-in user without admin rights gets 'Access Denied' with a link home", async () => {
    const email = `learner-${stamp}@example.com`;
    await must('POST', '/auth/register', { email, password: PASSWORD, name: 'Lea Learner' });
    const { users } = await must<{ users: { email: string; username: string }[] }>(
      'GET',
      '/admin/users/dashboard',
      undefined,
      root.idToken,
    );
    const username = users.find((u) => u.email === email)!.username;
    await must('PUT', `/admin/users/${username}`, { confirmed: true }, root.idToken);
    const tokens = await must<Tokens>('POST', '/auth/login', { email, password: PASSWORD });
    const page = await open(DESKTOP, 'light', tokens);
    await page.goto(url('/admin'));
    await page.getByRole('heading', { name: 'Access Denied' }).waitFor();
    await page.getByRole('main').getByRole('link', { name: 'Back to home' }).click();
    await waitForPage(page, url('/'));
  });

  it('import: a generated file is checked by a dry run, then imported; export downloads the catalogue', async () => {
    const tag = `imp${stamp}`;
    const file = await mathSample(tag);
    const broken = path.join(workDir, 'broken.json');
    await writeFile(broken, '{"format": "exemplar-catalogue", ');

    const page = await open(DESKTOP, 'light', root);
    await page.goto(url('/admin?tab=import-export'));
    await page.getByRole('heading', { name: 'Import' }).waitFor();
    const input = page.locator('input[type="file"]');

    await input.setInputFiles(broken);
    await page.getByText(/^This file is not valid JSON: /).waitFor();

    await input.setInputFiles(file);
    await page.getByText('holds 3 records.', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Dry run' }).click();
    const dry = page.getByRole('region', { name: 'Dry run report' });
    await dry.waitFor();
    await dry.getByText('Format: MATH dataset').waitFor();
    await dry.getByRole('table', { name: 'Failures' }).waitFor();
    const wouldImport = Number(
      await dry
        .getByText('Would be imported')
        .locator('xpath=preceding-sibling::*[1]')
        .textContent(),
    );
    expect(wouldImport).toBe(2);

    await page.getByRole('button', { name: 'Import 2 examples' }).click();
    const done = page.getByRole('region', { name: 'Import report' });
    await done.waitFor();
    const imported = await done
      .getByText('Imported', { exact: true })
      .locator('xpath=preceding-sibling::*[1]')
      .textContent();
    expect(imported).toBe('2');
    const found = await must<{ total: number }>('GET', `/examples?q=${tag}`);
    expect(found.total).toBe(2);

    // Export: a JSON file download named by the server.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download catalogue' }).click();
    const saved = await download;
    expect(saved.suggestedFilename()).toMatch(/\.json$/);
    const exported = path.join(workDir, saved.suggestedFilename());
    await saved.saveAs(exported);
    const { readFile } = await import('node:fs/promises');
    const catalogue = JSON.parse(await readFile(exported, 'utf8')) as { examples: unknown[] };
    expect(catalogue.examples.length).toBeGreaterThan(100);
  });

  it('at 375 px every /admin tab is reachable: an edge cue shows where more lie, and the chosen tab is fully visible', async () => {
    const page = await open(PHONE, 'light', root);
    // Scrolls jump instead of gliding: a click during a smooth scroll starts from wherever the
    // glide had got to, so on a loaded machine a few clicks fell short of the first tab.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto(url('/admin'));
    const list = page.getByRole('tablist');
    await list.waitFor();
    const frame = list.locator('..');
    const last = page.getByRole('tab', { name: 'Health' });

    /** How many pixels of `tab` lie outside the strip's visible part (under 1: all in view). */
    const hiddenPx = (tab: Locator) =>
      tab.evaluate((element) => {
        const strip = element.closest('[role="tablist"]')!.getBoundingClientRect();
        const box = element.getBoundingClientRect();
        return Math.max(0, strip.left - box.left) + Math.max(0, box.right - strip.right);
      });
    /** The fade at one edge of the strip: its computed opacity. */
    const fade = (side: 'before' | 'after') =>
      frame.evaluate((element, pseudo) => getComputedStyle(element, `::${pseudo}`).opacity, side);
    const chevron = (side: 'start' | 'end') => frame.locator(`button[data-side="${side}"]`);

    // The tabs do not fit: the last one starts out of view, and the right edge says so.
    expect(await hiddenPx(last)).toBeGreaterThan(0);
    await expect.poll(() => fade('after')).toBe('1');
    expect(await fade('before')).toBe('0');
    expect(await chevron('end').isVisible()).toBe(true);
    expect(await chevron('start').count()).toBe(0);
    await expectNoSidewaysScroll(page);

    // The keyboard still moves between tabs; each chosen tab scrolls fully into view.
    await page.getByRole('tab', { name: 'Subjects' }).focus();
    for (const name of [
      'Categories',
      'Difficulties',
      'Types',
      'Examples',
      'Import / Export',
      'Health',
    ]) {
      await page.keyboard.press('ArrowRight');
      const tab = page.getByRole('tab', { name, selected: true });
      await tab.waitFor();
      await expect.poll(() => hiddenPx(tab)).toBeLessThan(1);
    }
    expect(page.url()).toBe(url('/admin?tab=health'));
    // At the end: the label is not under a cue (the point at its centre is the tab itself), the
    // left edge now shows the way back and the right one is gone.
    const centreIsTab = await last.evaluate((element) => {
      const box = element.getBoundingClientRect();
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return element.contains(hit);
    });
    expect(centreIsTab).toBe(true);
    expect(await last.textContent()).toBe('Health');
    await expect.poll(() => fade('before')).toBe('1');
    await expect.poll(() => fade('after')).toBe('0');
    expect(await chevron('end').count()).toBe(0);

    // The left chevron scrolls back a strip's width at a time, until the first tab is in view.
    const first = page.getByRole('tab', { name: 'Subjects' });
    const hiddenAtEnd = await hiddenPx(first);
    await chevron('start').click();
    await expect.poll(() => hiddenPx(first)).toBeLessThan(hiddenAtEnd);
    // While the first tab is not fully in view its chevron must be there to click (the click
    // waits for it: the chevron follows the scroll position a render later).
    for (let clicks = 0; clicks < 6; clicks++) {
      const hidden = await hiddenPx(first);
      if (hidden < 1) break;
      await chevron('start').click();
      await expect.poll(() => hiddenPx(first)).toBeLessThan(hidden);
    }
    await expect.poll(() => hiddenPx(first)).toBeLessThan(1);
    await expect.poll(() => chevron('start').count()).toBe(0);

    // A link to the last tab opens with it in view; a click on a part-hidden tab scrolls it in.
    await page.goto(url('/admin?tab=health'));
    await page.getByRole('heading', { name: 'Catalogue health' }).waitFor();
    await expect.poll(() => hiddenPx(last)).toBeLessThan(1);
    await page.getByRole('tab', { name: 'Types' }).click();
    await page.getByRole('tab', { name: 'Types', selected: true }).waitFor();
    await expect.poll(() => hiddenPx(page.getByRole('tab', { name: 'Types' }))).toBeLessThan(1);
  });

  it('after an empty submit of the example form, the placeholders keep their muted colour (not the error red)', async () => {
    const page = await open(DESKTOP, 'light', root);
    await page.goto(url('/admin?tab=examples'));
    await page.getByRole('button', { name: 'Add example' }).click();
    const question = form(page).getByRole('textbox', { name: 'Question' });
    const placeholderColour = (field: Locator) =>
      field.evaluate((element) => getComputedStyle(element, '::placeholder').color);
    const before = await placeholderColour(question);
    const border = () => question.evaluate((element) => getComputedStyle(element).borderTopColor);
    const borderBefore = await border();

    await form(page).getByRole('button', { name: 'Create example' }).click();
    const message = form(page).getByText('Question is required.');
    await message.waitFor();
    expect(await question.getAttribute('aria-invalid')).toBe('true');
    const errorRed = await message.evaluate((element) => getComputedStyle(element).color);
    expect(before).not.toBe(errorRed);

    expect(await placeholderColour(question)).toBe(before);
    const answer = form(page).getByRole('textbox', { name: 'Answer' });
    expect(await placeholderColour(answer)).toBe(before);
    const difficulty = form(page).getByRole('combobox', { name: 'Difficulty' });
    expect(await difficulty.getAttribute('aria-invalid')).toBe('true');
    expect(await placeholderColour(difficulty)).toBe(before);
    // The error still shows on the field: its border is no longer the normal one.
    expect(await border()).not.toBe(borderBefore);
  });

  it("users: the only superadmin's own row and page offer no Disable, Delete or demotion and say why", async () => {
    const reason =
      'You are the only enabled superadmin: your account cannot be disabled, deleted or demoted until there is another.';
    const page = await open(DESKTOP, 'light', root);
    await page.goto(url('/dashboard'));
    await page.getByRole('table', { name: 'Users' }).waitFor();
    await page.getByRole('button', { name: `Actions for ${ROOT_EMAIL}` }).click();
    const menu = page.getByRole('menu');
    await menu.waitFor();
    expect(await menu.getByRole('menuitem').allTextContents()).toEqual([
      'View details',
      'Super Admin',
    ]);
    await menu.getByText(reason).waitFor();
    const describedBy = await menu.getAttribute('aria-describedby');
    expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe(reason);

    await menu.getByRole('menuitem', { name: 'View details' }).click();
    await page.getByText(reason).waitFor();
    await page.getByRole('button', { name: 'Edit User' }).waitFor();
    expect(await page.getByRole('button', { name: 'Delete User' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Edit User' }).click();
    expect(await form(page).getByRole('checkbox', { name: 'Enabled' }).isDisabled()).toBe(true);
    expect(await form(page).getByRole('checkbox', { name: 'Super Admin' }).isDisabled()).toBe(true);
  });

  it('users: disabling another user asks first; Cancel changes nothing, Disable signs them out and refuses their sign-in', async () => {
    const email = `disable-me-${stamp}@example.com`;
    await must('POST', '/auth/register', { email, password: PASSWORD, name: 'Dee Sable' });
    const { users } = await must<{ users: { email: string; username: string }[] }>(
      'GET',
      '/admin/users/dashboard',
      undefined,
      root.idToken,
    );
    const username = users.find((u) => u.email === email)!.username;
    await must('PUT', `/admin/users/${username}`, { confirmed: true }, root.idToken);
    const theirs = await must<Tokens>('POST', '/auth/login', { email, password: PASSWORD });
    const enabled = async () =>
      (
        await must<{ user: { enabled: boolean } }>(
          'GET',
          `/admin/users/${username}`,
          undefined,
          root.idToken,
        )
      ).user.enabled;

    const page = await open(DESKTOP, 'light', root);
    await page.goto(url('/dashboard'));
    await page.getByRole('table', { name: 'Users' }).waitFor();
    const ask = async () => {
      await page.getByRole('button', { name: `Actions for ${email}` }).click();
      await page.getByRole('menuitem', { name: 'Disable account' }).click();
      const dialog = page.getByRole('dialog', { name: 'Disable User' });
      await dialog.waitFor();
      return dialog;
    };

    const first = await ask();
    expect(await first.textContent()).toContain(
      `Disable ${email}? They will be signed out and cannot sign in until enabled again.`,
    );
    await first.getByRole('button', { name: 'Cancel' }).click();
    await first.waitFor({ state: 'detached' });
    expect(await enabled()).toBe(true);
    expect((await requestApi(server, 'GET', '/auth/me', undefined, theirs.idToken)).status).toBe(
      200,
    );

    await (await ask()).getByRole('button', { name: 'Disable' }).click();
    await page.getByText(`${email} has been disabled.`).waitFor();
    expect(await enabled()).toBe(false);
    // Signed out: their token no longer works, nor does their refresh token or their password.
    expect((await requestApi(server, 'GET', '/auth/me', undefined, theirs.idToken)).status).toBe(
      401,
    );
    expect(
      (await requestApi(server, 'POST', '/auth/refresh', { refreshToken: theirs.refreshToken }))
        .status,
    ).toBe(401);
    const login = await requestApi(server, 'POST', '/auth/login', { email, password: PASSWORD });
    expect([login.status, login.json.message]).toEqual([403, 'User is disabled.']);
  });

  it('screenshots: light and dark at 1280 and 375 px', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      for (const [size, viewport] of [
        ['1280', DESKTOP],
        ['375', PHONE],
      ] as const) {
        const name = (what: string) => `${what}-${size}-${colorScheme}`;
        const page = await open(viewport, colorScheme, root);
        await page.goto(url('/dashboard'));
        await page.getByRole('heading', { name: 'Users' }).waitFor();
        await page.getByRole('button', { name: `Actions for ${ROOT_EMAIL}` }).click();
        await page.getByRole('menu').waitFor();
        await shot(page, name('users'), false);
        await page.keyboard.press('Escape');
        await expectNoSidewaysScroll(page);

        await page.goto(url('/admin?tab=categories'));
        await page.getByRole('heading', { name: 'Catalogue Admin' }).waitFor();
        await page
          .getByText(/\d+ categories/)
          .first()
          .waitFor();
        await shot(page, name('categories'), false);
        await expectNoSidewaysScroll(page);

        await openTab(page, 'Examples');
        await page.getByText(/^Showing \d+ of \d+ examples/).waitFor();
        await shot(page, name('examples'), false);
        await expectNoSidewaysScroll(page);

        await page
          .getByRole('button', { name: /^Edit example/ })
          .first()
          .click();
        await form(page).getByRole('region', { name: 'Question preview' }).waitFor();
        await form(page).getByRole('textbox', { name: 'Answer' }).fill('$\\frac{1}{$ and $\\oops$');
        await form(page).getByText('Answer has 2 expressions that will not render.').waitFor();
        await shot(page, name('example-form'), false);
        // Prices then a `$` that never closes: the preview shows all of it as prose, and the form
        // warns about the unclosed one only (prices are dollar signs, no warning).
        const sentence = 'It costs $5 and $10 in total, so $x is what?';
        await form(page).getByRole('textbox', { name: 'Question' }).fill(sentence);
        const dollars = form(page).getByRole('status', { name: 'Question dollar signs' });
        await dollars.getByText('Check the dollar signs in the question').waitFor();
        await dollars.getByText(/^The "\$" before "x is" has no closing "\$"/).waitFor();
        expect(await dollars.getByText(/^The "\$" before/).count()).toBe(1);
        const questionPreview = form(page).getByRole('region', { name: 'Question preview' });
        expect(await questionPreview.textContent()).toBe(sentence);
        expect(await questionPreview.locator('.katex').count()).toBe(0);
        await dollars.scrollIntoViewIfNeeded();
        await shot(page, name('example-form-dollars'), false);
        await expectNoSidewaysScroll(page);
        await form(page).getByRole('button', { name: 'Cancel' }).click();
        await form(page).waitFor({ state: 'detached' });

        await openTab(page, 'Difficulties');
        await page.getByRole('button', { name: 'Delete easy' }).click();
        await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
        await page.getByText(/^Delete failed: Difficulty "easy" cannot be deleted/).waitFor();
        await shot(page, name('difficulties-409'), false);

        await openTab(page, 'Import / Export');
        await page.getByRole('heading', { name: 'Export' }).waitFor();
        await shot(page, name('import-export'), false);
        await page.locator('input[type="file"]').setInputFiles(await mathSample(`shot${size}`));
        await page.getByRole('button', { name: 'Dry run' }).click();
        await page.getByRole('region', { name: 'Dry run report' }).waitFor();
        await shot(page, name('import-dry-run'));
        await expectNoSidewaysScroll(page);
        await page.context().close();
      }
    }
  });
});
