import { mkdir } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeFindings } from './axe';
import { eventually, expectNoSidewaysScroll, useBrowserTests, settled } from './browser-tests';

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 375, height: 812 };
/** Where the screenshots of the History dialog go for a person to look at (outside the repo). */
const SHOTS = process.env['HISTORY_SHOTS_DIR'];
/**
 * A test that opens a page in each of the four looks and runs axe on each (twice for the deleted
 * examples): about five seconds a look on a busy two-core machine, more than the default minute.
 */
const FOUR_LOOKS = { timeout: 180_000 };

describe('/admin: the History of an example in the browser', () => {
  const e2e = useBrowserTests({
    env: { LOG_LEVEL: 'warn' },
    superadmin: { email: 'root-history@example.com', password: 'Sup3r-Secret-Keeper' },
  });
  const { api: must } = e2e;
  const stamp = Date.now().toString(36);

  /**
   * An example saved three times through the API by `token`'s admin: version 3 is current. With
   * `draftFirst` it is created as a draft and published (version 2, the status alone changed)
   * before the two edits: version 4 is current.
   */
  async function editedExample(token: string, word: string, { draftFirst = false } = {}) {
    const first = <T>(list: T[]) => list[0]!;
    const { categories } = await must<{ categories: { id: number }[] }>('GET', '/categories');
    const { difficulties } = await must<{ difficulties: { id: number }[] }>('GET', '/difficulties');
    const { types } = await must<{ types: { id: number }[] }>('GET', '/types');
    const base = {
      answer: '$x = 4$',
      procedure: 'Subtract $3$, then divide by $2$.',
      categoryId: first(categories).id,
      difficultyId: first(difficulties).id,
      typeId: first(types).id,
    };
    const made = await must<{ example: { id: number } }>(
      'POST',
      '/examples',
      {
        ...base,
        question: `Solve $2x + 3 = 11$ for the ${word}.`,
        ...(draftFirst ? { status: 'draft' } : {}),
      },
      token,
    );
    const id = made.example.id;
    if (draftFirst)
      await must(
        'PUT',
        `/examples/${id}`,
        { ...base, question: `Solve $2x + 3 = 11$ for the ${word}.`, status: 'published' },
        token,
      );
    await must(
      'PUT',
      `/examples/${id}`,
      { ...base, question: `Solve $2x + 3 = 11$ quickly for the ${word}.` },
      token,
    );
    await must(
      'PUT',
      `/examples/${id}`,
      { ...base, question: `Solve $2x + 5 = 13$ for the ${word}.`, answer: '$x = 4$ again' },
      token,
    );
    return id;
  }

  async function openHistory(page: Page, word: string, id: number) {
    await page.goto(e2e.url('/admin?tab=examples'));
    await page.getByRole('textbox', { name: 'Search examples' }).fill(word);
    await page.getByRole('button', { name: `History of example ${id}` }).click();
    const dialog = page.getByRole('dialog', { name: `History of example ${id}` });
    await dialog.getByLabel(`Versions of example ${id}`).waitFor();
    return dialog;
  }

  it('opens History, compares two chosen versions word by word, restores one after a confirmation and shows the restored text', async () => {
    const editor = await e2e.account('admin', { tag: `hist-${stamp}`, name: 'Hilde Historian' });
    const word = `okapi${stamp}`;
    const id = await editedExample(editor.tokens.idToken, word);
    const page = await e2e.open({ as: editor, viewport: DESKTOP });
    const dialog = await openHistory(page, word, id);

    const rows = dialog.getByRole('table', { name: `Versions of example ${id}` }).getByRole('row');
    await eventually(() => rows.count()).toBe(4);
    expect(await rows.nth(1).textContent()).toContain('Hilde Historian');
    expect(await rows.nth(1).textContent()).toContain('Current');
    expect(await rows.nth(3).textContent()).toContain('Created');

    // The two newest are compared first; then versions 1 and 2, chosen with the keyboard too.
    const changes = dialog.getByLabel('Changes from version 2 to version 3');
    await changes.waitFor();
    expect(await changes.locator('del').allTextContents()).toContain('[removed: quickly ]');
    await dialog.getByRole('combobox', { name: 'Newer' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('option', { name: /^Version 2 ·/ }).click();
    await dialog.getByRole('combobox', { name: 'Older' }).click();
    await page.getByRole('option', { name: /^Version 1 ·/ }).click();
    const firstEdit = dialog.getByLabel('Changes from version 1 to version 2');
    await firstEdit.waitFor();
    expect(await firstEdit.locator('ins').allTextContents()).toContain('[added: quickly ]');
    // Added text is underlined and removed text struck through, not told by colour alone.
    expect(
      await firstEdit
        .locator('ins')
        .first()
        .evaluate((el) => getComputedStyle(el).textDecorationLine),
    ).toContain('underline');
    await dialog.getByText('Rendered', { exact: true }).click();
    await eventually(() => dialog.locator('.katex').count()).toBeGreaterThan(3);
    expect(await axeFindings(page, 'history dialog')).toEqual([]);

    // Restore version 1: the confirmation says what will happen, then a new version 4.
    await dialog.getByRole('button', { name: 'Restore version 1' }).click();
    const confirm = page.getByRole('dialog', { name: 'Restore version 1?' });
    await confirm.getByText('saved as a new version (version 4)').waitFor();
    await settled(page);
    expect(await axeFindings(page, 'restore confirmation')).toEqual([]);
    await confirm.getByRole('button', { name: 'Restore version 1' }).click();
    await page.getByText('Version 1 restored as version 4.').waitFor();
    await eventually(() => rows.count()).toBe(5);
    expect(await rows.nth(1).textContent()).toContain('Restored');

    await dialog.getByRole('button', { name: 'Close history' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page
      .getByRole('row')
      .filter({ hasText: `Solve $2x + 3 = 11$ for the ${word}`.slice(0, 40) })
      .waitFor();
    const example = await must<{ example: { question: string } }>('GET', `/examples/${id}`);
    expect(example.example.question).toBe(`Solve $2x + 3 = 11$ for the ${word}.`);
  });

  it(
    'lays the History dialog out in light and dark, on desktop and phone, without sideways scroll and axe clean',
    FOUR_LOOKS,
    async () => {
      const editor = await e2e.account('admin', { tag: `shots-${stamp}`, name: 'Sam Shots' });
      const word = `numbat${stamp}`;
      const id = await editedExample(editor.tokens.idToken, word);
      if (SHOTS) await mkdir(SHOTS, { recursive: true });
      const found: string[] = [];
      for (const colorScheme of ['light', 'dark'] as const) {
        for (const [size, viewport] of [
          ['desktop', DESKTOP],
          ['phone', PHONE],
        ] as const) {
          const page = await e2e.open({ as: editor, viewport, colorScheme });
          const dialog = await openHistory(page, word, id);
          await dialog.getByLabel('Changes from version 2 to version 3').waitFor();
          await settled(page);
          found.push(...(await axeFindings(page, `history ${colorScheme} ${size}`)));
          if (size === 'phone') await expectNoSidewaysScroll(page, `history ${colorScheme}`);
          if (SHOTS)
            await page.screenshot({
              path: `${SHOTS}/history-${colorScheme}-${size}.png`,
            });
          // The same changes typeset, as readers see them.
          await dialog.getByText('Rendered', { exact: true }).click();
          await dialog.getByLabel('Rendered changes from version 2 to version 3').waitFor();
          await eventually(() => dialog.locator('del .katex').count()).toBeGreaterThan(0);
          await settled(page);
          found.push(...(await axeFindings(page, `rendered history ${colorScheme} ${size}`)));
          if (size === 'phone') await expectNoSidewaysScroll(page, `rendered ${colorScheme}`);
          if (SHOTS)
            await page.screenshot({
              path: `${SHOTS}/history-rendered-${colorScheme}-${size}.png`,
            });
        }
      }
      expect(found, found.join('\n')).toEqual([]);
    },
  );
  it(
    'lists a deleted example under Deleted examples for the super admin (light and dark, desktop and phone, axe clean), and restoring it from its History brings it back to the table',
    FOUR_LOOKS,
    async () => {
      const editor = await e2e.account('admin', { tag: `gone-${stamp}`, name: 'Gina Gone' });
      const word = `quagga${stamp}`;
      const id = await editedExample(editor.tokens.idToken, word);
      await must('DELETE', `/examples/${id}`, undefined, editor.tokens.idToken);
      if (SHOTS) await mkdir(SHOTS, { recursive: true });

      const openDeleted = async (page: Page) => {
        await page.goto(e2e.url('/admin?tab=examples'));
        const section = page.getByRole('region', { name: 'Deleted examples' });
        await section.getByRole('button', { name: 'Show' }).click();
        const item = section.getByRole('listitem').filter({ hasText: word });
        await item.waitFor();
        return { section, item };
      };

      const found: string[] = [];
      for (const colorScheme of ['light', 'dark'] as const) {
        for (const [size, viewport] of [
          ['desktop', DESKTOP],
          ['phone', PHONE],
        ] as const) {
          const page = await e2e.open({ as: 'superadmin', viewport, colorScheme });
          const { section, item } = await openDeleted(page);
          expect(await item.textContent()).toContain('Deleted ');
          await section.scrollIntoViewIfNeeded();
          await settled(page);
          found.push(...(await axeFindings(page, `deleted examples ${colorScheme} ${size}`)));
          if (size === 'phone') await expectNoSidewaysScroll(page, `deleted ${colorScheme}`);
          if (SHOTS) await page.screenshot({ path: `${SHOTS}/deleted-${colorScheme}-${size}.png` });
          // Its History says it was deleted and offers every version, the newest too.
          await item.getByRole('button', { name: `History of deleted example ${id}` }).click();
          const dialog = page.getByRole('dialog', { name: `History of example ${id}` });
          await dialog.getByText(`Example ${id} was deleted.`, { exact: false }).waitFor();
          await dialog.getByRole('button', { name: 'Restore version 3' }).waitFor();
          await settled(page);
          found.push(...(await axeFindings(page, `deleted history ${colorScheme} ${size}`)));
          if (size === 'phone')
            await expectNoSidewaysScroll(page, `deleted history ${colorScheme}`);
          if (SHOTS)
            await page.screenshot({ path: `${SHOTS}/deleted-history-${colorScheme}-${size}.png` });
          await page.close();
        }
      }
      expect(found, found.join('\n')).toEqual([]);

      // An admin sees no such section; the super admin restores the newest version.
      const admin = await e2e.open({ as: editor, viewport: DESKTOP });
      await admin.goto(e2e.url('/admin?tab=examples'));
      await admin.getByRole('table', { name: 'Examples' }).waitFor();
      expect(await admin.getByRole('region', { name: 'Deleted examples' }).count()).toBe(0);

      const page = await e2e.open({ as: 'superadmin', viewport: DESKTOP });
      const { section, item } = await openDeleted(page);
      await item.getByRole('button', { name: `History of deleted example ${id}` }).click();
      const dialog = page.getByRole('dialog', { name: `History of example ${id}` });
      await dialog.getByRole('button', { name: 'Restore version 3' }).click();
      const confirm = page.getByRole('dialog', { name: 'Restore version 3?' });
      await confirm
        .getByText(`Example ${id} comes back under its own id`, { exact: false })
        .waitFor();
      await confirm.getByRole('button', { name: 'Restore version 3' }).click();
      await page.getByText('Version 3 restored as version 4.').waitFor();
      await dialog.getByText('Current').waitFor();
      await dialog.getByRole('button', { name: 'Close history' }).click();
      await dialog.waitFor({ state: 'detached' });
      await item.waitFor({ state: 'detached' });
      expect(await section.getByRole('listitem').filter({ hasText: word }).count()).toBe(0);
      await page.getByRole('textbox', { name: 'Search examples' }).fill(word);
      await page.getByRole('button', { name: `History of example ${id}` }).waitFor();
      const back = await must<{ example: { question: string } }>('GET', `/examples/${id}`);
      expect(back.example.question).toBe(`Solve $2x + 5 = 13$ for the ${word}.`);
    },
  );

  it(
    'offers the status after a restore in the confirmation, Published as now, in light and dark, on desktop and phone, axe clean',
    FOUR_LOOKS,
    async () => {
      const editor = await e2e.account('admin', { tag: `looks-${stamp}`, name: 'Pia Publisher' });
      const word = `bandicoot${stamp}`;
      const id = await editedExample(editor.tokens.idToken, word, { draftFirst: true });
      if (SHOTS) await mkdir(SHOTS, { recursive: true });

      const found: string[] = [];
      for (const colorScheme of ['light', 'dark'] as const) {
        for (const [size, viewport] of [
          ['desktop', DESKTOP],
          ['phone', PHONE],
        ] as const) {
          const page = await e2e.open({ as: editor, viewport, colorScheme });
          const dialog = await openHistory(page, word, id);
          await dialog.getByRole('button', { name: 'Restore version 1' }).click();
          const confirm = page.getByRole('dialog', { name: 'Restore version 1?' });
          const choice = confirm.getByRole('radiogroup', { name: 'Status after the restore' });
          await choice.waitFor();
          expect(
            await choice.getByRole('radio', { name: 'Published, as it is now' }).isChecked(),
          ).toBe(true);
          await settled(page);
          found.push(...(await axeFindings(page, `restore status ${colorScheme} ${size}`)));
          if (size === 'phone') await expectNoSidewaysScroll(page, `restore ${colorScheme}`);
          if (SHOTS)
            await page.screenshot({ path: `${SHOTS}/restore-status-${colorScheme}-${size}.png` });
          await page.close();
        }
      }
      expect(found, found.join('\n')).toEqual([]);
    },
  );

  it("restores version 1 of an example first saved as a draft (then published and edited twice) and keeps it published, unless the editor takes the version's Draft", async () => {
    const editor = await e2e.account('admin', { tag: `status-${stamp}`, name: 'Pia Publisher' });
    const word = `bilby${stamp}`;
    const id = await editedExample(editor.tokens.idToken, word, { draftFirst: true });
    const visitorStatus = async () =>
      (await fetch(e2e.url(`/api/examples/${id}`), { headers: { accept: 'application/json' } }))
        .status;
    expect(await visitorStatus()).toBe(200);

    const page = await e2e.open({ as: editor, viewport: DESKTOP });
    const dialog = await openHistory(page, word, id);
    const rows = dialog.getByRole('table', { name: `Versions of example ${id}` }).getByRole('row');
    await eventually(() => rows.count()).toBe(5);
    // Version 2 only published the draft: it is labelled so, not "Edited".
    const badges = (n: number) => rows.nth(n).locator('.mantine-Badge-root').allTextContents();
    expect(await badges(3)).toEqual(['Published']);
    expect(await badges(4)).toEqual(['Created', 'Draft']);

    // Restore version 1 as offered: the text comes back, the example stays published.
    await dialog.getByRole('button', { name: 'Restore version 1' }).click();
    let confirm = page.getByRole('dialog', { name: 'Restore version 1?' });
    const stays = confirm.getByRole('radio', { name: 'Published, as it is now' });
    expect(await stays.isChecked()).toBe(true);
    await confirm.getByRole('button', { name: 'Restore version 1' }).click();
    await page.getByText('Version 1 restored as version 5.', { exact: true }).waitFor();
    await eventually(() => rows.count()).toBe(6);
    expect(await badges(1)).toEqual(['Restored']);
    expect(await visitorStatus()).toBe(200);
    const kept = await must<{ example: { question: string } }>('GET', `/examples/${id}`);
    expect(kept.example.question).toBe(`Solve $2x + 3 = 11$ for the ${word}.`);

    // A version with the example's own status offers no choice: it says the status.
    await dialog.getByRole('button', { name: 'Restore version 4' }).click();
    confirm = page.getByRole('dialog', { name: 'Restore version 4?' });
    await confirm.getByText('Status after the restore: Published (as it is now).').waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    // Taking version 1's status too makes it a draft again, and the history says so.
    await dialog.getByRole('button', { name: 'Restore version 1' }).click();
    confirm = page.getByRole('dialog', { name: 'Restore version 1?' });
    await confirm.getByRole('radio', { name: 'Draft, as in version 1' }).check();
    await confirm.getByRole('button', { name: 'Restore version 1' }).click();
    await page.getByText('Version 1 restored as version 6. It is now a draft.').waitFor();
    await eventually(() => rows.count()).toBe(7);
    expect(await badges(1)).toEqual(['Restored', 'Moved to draft']);
    expect(await visitorStatus()).toBe(404);
  });
});
