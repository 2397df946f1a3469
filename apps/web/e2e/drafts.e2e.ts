import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeFindings } from './axe';
import { resultsDir } from './harness';
import { useBrowserTests, eventually } from './browser-tests';

const ROOT_EMAIL = 'drafts-root@example.com';
const ROOT_PASSWORD = 'Sup3r-Secret-Keeper';
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 375, height: 812 };

describe('drafts in the browser: written in /admin, hidden from learners, previewed, published', () => {
  const e2e = useBrowserTests({
    env: { LOG_LEVEL: 'warn' },
    superadmin: { email: ROOT_EMAIL, password: ROOT_PASSWORD },
    failureShots: 'drafts',
  });
  const { url } = e2e;
  const word = `wallaby${Date.now().toString(36)}`;

  const form = (page: Page) => page.getByRole('dialog');
  async function choose(page: Page, label: string, option: string) {
    await form(page).getByRole('combobox', { name: label }).click();
    await page.getByRole('option', { name: option, exact: true }).click();
  }

  it('a new example saved as a draft is marked in /admin, not found by a learner, previewed by the editor, and seen by all once published', async () => {
    const admin = await e2e.open({ as: e2e.root, viewport: DESKTOP });
    await admin.goto(url('/admin?tab=examples'));
    await admin.getByRole('table', { name: 'Examples' }).waitFor();
    await admin.getByRole('button', { name: 'Add example' }).click();
    await choose(admin, 'Subject', 'Algebra');
    await choose(admin, 'Category', 'Linear Equations');
    await choose(admin, 'Difficulty', 'easy');
    await choose(admin, 'Type', 'Worked Example');
    await form(admin)
      .getByRole('textbox', { name: 'Question' })
      .fill(`Solve $3x = 12$ for the ${word}.`);
    await form(admin).getByRole('textbox', { name: 'Answer' }).fill('$x = 4$');
    expect(await form(admin).getByRole('radio', { name: 'Draft' }).isChecked()).toBe(true);
    await form(admin).getByRole('button', { name: 'Create example' }).click();
    await form(admin).waitFor({ state: 'detached' });
    await admin.getByRole('textbox', { name: 'Search examples' }).fill(word);
    const row = admin.getByRole('row').filter({ hasText: word });
    await row.getByText('Draft', { exact: true }).waitFor();
    const id = Number(await row.getByRole('cell').first().textContent());
    expect(id).toBeGreaterThan(0);

    // A learner: not in the list or search, and its address is not found (status 404 too).
    const learner = await e2e.open({ as: 'basic', viewport: DESKTOP });
    await learner.goto(url(`/examples?q=${word}`));
    await learner.getByText('No examples found', { exact: false }).first().waitFor();
    const response = await learner.goto(url(`/examples/${id}`));
    expect(response?.status()).toBe(404);
    await learner.getByText('Example not found', { exact: true }).first().waitFor();
    expect(await learner.content()).not.toContain(word);

    // The editor's preview: the page as learners will see it, with the draft notice.
    await row.getByRole('button', { name: `Edit example ${id}` }).click();
    const [preview] = await Promise.all([
      admin.context().waitForEvent('page'),
      form(admin).getByRole('link', { name: 'Preview as a learner' }).click(),
    ]);
    e2e.watch(preview);
    await preview.getByText('Draft: only editors can see this example').waitFor();
    await preview.getByText(`for the ${word}`, { exact: false }).first().waitFor();
    expect(await preview.getByRole('button', { name: 'Try it yourself' }).count()).toBe(0);
    expect(await axeFindings(preview, 'draft preview')).toEqual([]);
    for (const [scheme, viewport, tag] of [
      ['light', DESKTOP, 'desktop'],
      ['dark', PHONE, 'phone'],
    ] as const) {
      await preview.emulateMedia({ colorScheme: scheme });
      await preview.setViewportSize(viewport);
      await preview.screenshot({
        path: path.join(resultsDir, `drafts-preview-${scheme}-${tag}.png`),
        fullPage: true,
      });
    }
    await preview.close();

    // Published: the learner finds it.
    await form(admin).getByText('Published', { exact: true }).click();
    await form(admin).getByRole('button', { name: 'Save changes' }).click();
    await form(admin).waitFor({ state: 'detached' });
    await eventually(() => row.getByText('Draft', { exact: true }).count()).toBe(0);
    await learner.goto(url(`/examples?q=${word}`));
    await learner.getByTestId('example-card').filter({ hasText: word }).waitFor();
    expect((await learner.goto(url(`/examples/${id}`)))?.status()).toBe(200);
  });
});
