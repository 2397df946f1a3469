import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { navigateInApp, resultsDir, waitForPage } from './harness';
import {
  type Tokens,
  useBrowserTests,
  expectNoSidewaysScroll,
  eventually,
  settled,
} from './browser-tests';

const ROOT_EMAIL = 'root@example.com';
const ROOT_PASSWORD = 'Sup3r-Secret-Keeper';
const PASSWORD = 'Correct-Horse-42';
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 375, height: 812 };
const SIGN_IN_PROMPT = "Sign in to like examples and track what you've solved";

interface TreeNode {
  id: number;
  name: string;
  children: TreeNode[];
}

interface Progress {
  total: number;
  solved: number;
  liked: number;
  categories: { id: number; total: number; solved: number }[];
  subjects: { id: number; total: number; solved: number }[];
}

describe('learner progress in the browser: likes, solved marks, practice mode, random', () => {
  const e2e = useBrowserTests({
    env: { LOG_LEVEL: 'warn' },
    superadmin: { email: ROOT_EMAIL, password: ROOT_PASSWORD },
    password: PASSWORD,
    failureShots: 'progress',
  });
  const { url, api } = e2e;

  let email = '';
  let tokens: Tokens;
  let subject: { id: number; name: string };
  let category: TreeNode;
  /** Examples in the category (its subcategories included). */
  let inCategory = 0;
  let liked: number[] = [];
  let solved: number[] = [];

  const categoryPath = () => `/examples?subject=${subject.id}&category=${category.id}`;

  /** A confirmed basic account, confirmed by the superadmin through the API. */
  const createLearner = async () =>
    (await e2e.account('basic', { tag: 'learner', name: 'Lena' })).email;

  const open = (viewport = DESKTOP, colorScheme: 'light' | 'dark' = 'light', signedIn = true) =>
    e2e.open({ viewport, colorScheme, as: signedIn ? tokens : 'visitor' });

  const shot = async (page: Page, name: string, fullPage = false) => {
    if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: path.join(resultsDir, `progress-${name}.png`), fullPage });
  };

  const cards = (page: Page) => page.getByTestId('example-card');
  const count = (page: Page) => page.getByTestId('filtered-count').textContent();
  const search = (page: Page) => new URL(page.url()).search;
  const panel = (page: Page) => page.getByRole('complementary', { name: 'Category filters' });
  const categoryButton = (page: Page) =>
    panel(page).getByRole('button', { name: new RegExp(`^1\\s*${category.name}`) });

  async function choose(page: Page, label: string, option: string) {
    await page.getByRole('combobox', { name: label }).click();
    await page.getByRole('option', { name: option, exact: true }).click();
  }

  /** The example id of a card, from its 'ID: 12' link. */
  async function cardId(card: Locator): Promise<number> {
    const text = await card.getByRole('link', { name: /^Open example ID/ }).textContent();
    return Number(/ID: (\d+)/.exec(text ?? '')![1]);
  }

  /** Waits for the list of the current filters to settle (count badge shown, no loader). */
  async function listSettled(page: Page) {
    await page.getByTestId('filtered-count').waitFor();
    await eventually(() => page.getByText('Loading examples...').count()).toBe(0);
  }

  const progress = () => api<Progress>('GET', '/me/progress', undefined, tokens.idToken);

  /**
   * Opens a page of the app. Another build of apps/web (other work on this machine) can briefly
   * leave the server without index.html: a plain 404 for the page itself is retried.
   */
  async function visit(page: Page, pathname: string) {
    for (let attempt = 1; ; attempt++) {
      const response = await page.goto(url(pathname));
      if (response?.status() !== 404 || attempt === 10) return;
      // Loaded again once the server serves the page again.
      await eventually(async () => (await fetch(url(pathname))).status).not.toBe(404);
    }
  }

  /** A visitor's like or solve button: its sign-in prompt, opened and done fading in. */
  async function openPrompt(page: Page, button: Locator) {
    await button.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    await button.click();
    await page.getByRole('dialog').getByText(SIGN_IN_PROMPT).waitFor();
    await settled(page);
  }

  beforeAll(async () => {
    email = await createLearner();

    const { categoriesTree } = await api<{
      categoriesTree: { subject: { id: number; name: string }; categories: TreeNode[] }[];
    }>('GET', '/categories/tree');
    const algebra = categoriesTree.find((entry) => entry.subject.name === 'Algebra')!;
    subject = algebra.subject;
    category = algebra.categories[0]!;
    inCategory = (
      await api<{ total: number }>('GET', `/examples?categoryId=${category.id}&limit=1`)
    ).total;
    expect(inCategory).toBeGreaterThanOrEqual(4);
  });

  it('a visitor sees the sign-in prompt and no Liked/Solved dropdowns, and logs in from it', async () => {
    const page = await open(DESKTOP, 'light', false);
    await visit(page, categoryPath());
    await cards(page).first().waitFor();
    await page.getByRole('combobox', { name: 'Difficulty' }).waitFor();
    expect(await page.getByRole('combobox', { name: 'Liked Status' }).count()).toBe(0);
    expect(await page.getByRole('combobox', { name: 'Solved Status' }).count()).toBe(0);
    expect(await page.getByTestId('progress-badge').count()).toBe(0);

    // a visitor's URL never carries liked/solved into the requests (reached inside the app, so
    // the page asks the API itself; a first load is rendered on the server as a visitor's)
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/examples')) sent.push(request.url());
    });
    await visit(page, '/about');
    await navigateInApp(page, `${categoryPath()}&liked=true&solved=false`);
    await cards(page).first().waitFor();
    await eventually(() => search(page)).toBe(`?subject=${subject.id}&category=${category.id}`);
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.filter((u) => /[?&](liked|solved)=/.test(u))).toEqual([]);

    const like = cards(page).first().getByRole('button', { name: 'Like' });
    expect(await like.getAttribute('aria-pressed')).toBeNull();
    await openPrompt(page, like);
    const prompt = page.getByRole('dialog');
    await shot(page, 'visitor-prompt-desktop-light');

    await prompt.getByRole('link', { name: 'Login' }).click();
    await waitForPage(page, /\/login\?next=/);
    await page.getByLabel('Email Address').fill(email);
    await page.getByLabel(/^Password/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    // back where the prompt was, now with the toggles and the learner filters
    await waitForPage(page, url(categoryPath()));
    await page.getByRole('combobox', { name: 'Liked Status' }).waitFor();
    await eventually(() =>
      cards(page).first().getByRole('button', { name: 'Like' }).getAttribute('aria-pressed'),
    ).toBe('false');
    tokens = await page.evaluate(() => ({
      idToken: window.localStorage.getItem('idToken')!,
      accessToken: window.localStorage.getItem('accessToken')!,
      refreshToken: window.localStorage.getItem('refreshToken')!,
    }));
    expect(tokens.idToken).toBeTruthy();
  });

  it('likes and solves examples; the category badge and the filters follow', async () => {
    const page = await open();
    await visit(page, categoryPath());
    await cards(page).first().waitFor();
    await eventually(() => categoryButton(page).textContent()).toContain(`0/${inCategory}`);

    const [first, second] = [cards(page).nth(0), cards(page).nth(1)];
    const ids = [await cardId(first), await cardId(second)];
    await first.getByRole('button', { name: 'Like' }).click();
    await first.getByRole('button', { name: 'Mark solved' }).click();
    await second.getByRole('button', { name: 'Mark solved' }).click();
    expect(await first.getByRole('button', { name: 'Like' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    for (const card of [first, second]) {
      expect(
        await card.getByRole('button', { name: 'Mark solved' }).getAttribute('aria-pressed'),
      ).toBe('true');
    }
    liked = [ids[0]!];
    solved = [...ids];

    // the server has them, and the badge beside the category follows
    await eventually(async () => (await progress()).solved).toBe(2);
    expect((await progress()).liked).toBe(1);
    await eventually(() => categoryButton(page).textContent()).toContain(`2/${inCategory}`);

    await choose(page, 'Liked Status', 'Liked Only');
    await eventually(() => search(page)).toContain('liked=true');
    await eventually(() => count(page)).toBe('1 example');
    expect(await cardId(cards(page).first())).toBe(liked[0]);
    await page
      .getByRole('list', { name: 'Active filters' })
      .getByText('Liked Only', { exact: true })
      .waitFor();

    await choose(page, 'Liked Status', 'Not Liked');
    await eventually(() => count(page)).toBe(`${inCategory - 1} examples`);

    await choose(page, 'Liked Status', 'All Examples');
    await choose(page, 'Solved Status', 'Solved Only');
    await eventually(() => search(page)).toContain('solved=true');
    expect(search(page)).not.toContain('liked=');
    await eventually(() => count(page)).toBe('2 examples');
    await listSettled(page);
    expect((await Promise.all([0, 1].map((i) => cardId(cards(page).nth(i))))).sort()).toEqual(
      [...solved].sort(),
    );

    await choose(page, 'Solved Status', 'Unsolved Only');
    await eventually(() => count(page)).toBe(`${inCategory - 2} examples`);
    await listSettled(page);
    const unsolvedIds = await Promise.all(
      Array.from({ length: Math.min(inCategory - 2, 3) }, (_, i) => cardId(cards(page).nth(i))),
    );
    expect(unsolvedIds.filter((id) => solved.includes(id))).toEqual([]);
    await shot(page, 'filtered-desktop-light', true);

    // the filters survive a reload (they live in the URL)
    await page.reload();
    await eventually(() => count(page)).toBe(`${inCategory - 2} examples`);
    expect(await page.getByRole('combobox', { name: 'Solved Status' }).inputValue()).toBe(
      'Unsolved Only',
    );

    await page.getByRole('button', { name: 'Clear All Filters' }).click();
    await eventually(() => search(page)).toBe('');
  });

  it('unsolving on the example page updates the badge back', async () => {
    const page = await open();
    const id = solved[1]!;
    await visit(page, `/examples/${id}?category=${category.id}&subject=${subject.id}`);
    const toggle = page.getByRole('button', { name: 'Mark solved' });
    await eventually(() => toggle.getAttribute('aria-pressed')).toBe('true');
    await toggle.click();
    await eventually(() => toggle.getAttribute('aria-pressed')).toBe('false');
    await eventually(async () => (await progress()).solved).toBe(1);
    await toggle.click();
    await eventually(async () => (await progress()).solved).toBe(2);
    await page.getByRole('link', { name: /Back to examples/ }).click();
    await eventually(() => categoryButton(page).textContent()).toContain(`2/${inCategory}`);
  });

  it('practice mode hides and reveals answers and is remembered after a reload', async () => {
    const page = await open();
    await visit(page, categoryPath());
    const first = cards(page).first();
    await first.locator('[data-section="answer"]').waitFor();

    await page.getByRole('switch', { name: /Practice mode/ }).click();
    expect(await page.getByRole('switch', { name: /Practice mode/ }).isChecked()).toBe(true);
    await eventually(() => page.locator('main [data-section="answer"]').count()).toBe(0);
    expect(await page.locator('main [data-section="procedure"]').count()).toBe(0);
    await first.getByRole('button', { name: 'Show answer' }).click();
    await first.locator('[data-section="answer"]').waitFor();
    expect(await cards(page).nth(1).locator('[data-section="answer"]').count()).toBe(0);
    await shot(page, 'practice-desktop-light');

    await page.reload();
    await cards(page).first().waitFor();
    expect(await page.getByRole('switch', { name: /Practice mode/ }).isChecked()).toBe(true);
    expect(await page.locator('main [data-section="answer"]').count()).toBe(0);
    expect(await cards(page).first().getByRole('button', { name: 'Show answer' }).count()).toBe(1);

    // and on the example page
    await cards(page)
      .first()
      .getByRole('link', { name: /^Open example ID/ })
      .click();
    await page.getByRole('heading', { level: 1, name: /^Example \d+$/ }).waitFor();
    expect(await page.locator('main [data-section="answer"]').count()).toBe(0);
    await page.getByRole('button', { name: 'Show answer' }).click();
    await page.locator('main [data-section="answer"]').waitFor();

    // There the switch is Try first, which practice mode turns on; off, it turns practice mode off.
    const tryFirst = page.getByRole('switch', { name: /Try first/ });
    expect(await tryFirst.isChecked()).toBe(true);
    await tryFirst.click();
    expect(await tryFirst.isChecked()).toBe(false);
    expect(await page.evaluate(() => window.localStorage.getItem('practiceMode'))).toBe('false');
  });

  it('Random example opens an example within the filters, or says none match', async () => {
    const page = await open();
    await visit(page, `${categoryPath()}&solved=true`);
    await eventually(() => count(page)).toBe('2 examples');
    for (let round = 0; round < 3; round++) {
      await page.getByRole('button', { name: 'Random example' }).click();
      await waitForPage(page, /\/examples\/\d+\?/);
      const opened = Number(/\/examples\/(\d+)/.exec(page.url())![1]);
      expect(solved).toContain(opened);
      expect(search(page)).toBe(`?subject=${subject.id}&category=${category.id}&solved=true`);
      await page.getByRole('heading', { level: 1, name: `Example ${opened}` }).waitFor();
      await page.goBack();
      await waitForPage(page, /\/examples\?/);
    }

    // liked and unsolved: nothing (the one liked example is solved)
    await visit(page, '/examples?liked=true&solved=false');
    await page.getByText('No Examples Found').waitFor();
    await page.getByRole('button', { name: 'Random example' }).click();
    await page.getByText('No examples match these filters.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/examples');
  });

  it('the dashboard shows the progress: solved/total, liked, per subject', async () => {
    const page = await open();
    await visit(page, '/dashboard');
    await page.getByRole('heading', { name: 'My Progress' }).waitFor();
    const totals = await progress();
    await eventually(() => page.getByTestId('progress-solved').textContent()).toBe(
      `2/${totals.total}`,
    );
    expect(await page.getByTestId('progress-liked').textContent()).toBe('1');
    const algebra = totals.subjects.find((entry) => entry.id === subject.id)!;
    await page
      .getByRole('progressbar', { name: `Algebra: 2 of ${algebra.total} solved` })
      .waitFor();

    // one more solved from the examples, and the dashboard follows
    await page.getByRole('link', { name: 'Practise unsolved' }).click();
    await waitForPage(page, url('/examples?solved=false'));
    await cards(page).first().getByRole('button', { name: 'Mark solved' }).click();
    await eventually(async () => (await progress()).solved).toBe(3);
    await page.goBack();
    await eventually(() => page.getByTestId('progress-solved').textContent()).toBe(
      `3/${totals.total}`,
    );
  });

  for (const scheme of ['light', 'dark'] as const) {
    for (const [device, viewport] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      it(`looks right: ${device} ${scheme}`, async () => {
        const page = await open(viewport, scheme);
        await visit(page, categoryPath());
        await cards(page).first().waitFor();
        await eventually(() =>
          cards(page).first().getByRole('button', { name: 'Like' }).getAttribute('aria-pressed'),
        ).toBe('true');
        await expectNoSidewaysScroll(page);
        await shot(page, `examples-${device}-${scheme}`);
        await shot(page, `examples-${device}-${scheme}-full`, true);
        await page
          .getByRole('region', { name: 'Filter Examples' })
          .screenshot({ path: path.join(resultsDir, `progress-filters-${device}-${scheme}.png`) });
        await cards(page)
          .first()
          .screenshot({ path: path.join(resultsDir, `progress-card-${device}-${scheme}.png`) });

        if (device === 'phone') {
          await page.getByRole('button', { name: 'Show', exact: true }).click();
          await eventually(() => categoryButton(page).textContent()).toContain(`/${inCategory}`);
          await shot(page, `categories-${device}-${scheme}`);
        }

        await cards(page)
          .first()
          .getByRole('link', { name: /^Open example ID/ })
          .click();
        await page.getByRole('heading', { level: 1, name: /^Example \d+$/ }).waitFor();
        await page.getByRole('button', { name: 'Mark solved' }).waitFor();
        await expectNoSidewaysScroll(page);
        await shot(page, `detail-${device}-${scheme}`, true);

        await visit(page, '/dashboard');
        await page.getByTestId('progress-solved').waitFor();
        await expectNoSidewaysScroll(page);
        await shot(page, `dashboard-${device}-${scheme}`, true);

        const visitor = await open(viewport, scheme, false);
        await visit(visitor, categoryPath());
        await openPrompt(
          visitor,
          cards(visitor).first().getByRole('button', { name: 'Mark solved' }),
        );
        await expectNoSidewaysScroll(visitor);
        await shot(visitor, `visitor-prompt-${device}-${scheme}`);
      });
    }
  }
});
