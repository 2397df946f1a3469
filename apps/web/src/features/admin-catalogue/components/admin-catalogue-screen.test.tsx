import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { emptyText } from '../lib/entities';
import { fail, fakeApi } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';
import { catalogueRoutes, emptyCatalogue, sampleCatalogue } from '../test/fixtures';
import { adminRoutes } from '../test/screens';

/** The admin screen at `url`, signed in as an admin. */
const renderAdmin = (url = '/admin') => renderApp(url, { routes: adminRoutes, as: 'admin' });

const TABS = [
  ['Subjects', 'subjects'],
  ['Categories', 'categories'],
  ['Difficulties', 'difficulties'],
  ['Types', 'types'],
  ['Examples', 'examples'],
] as const;

function openTab(label: string) {
  fireEvent.click(screen.getByRole('tab', { name: label }));
}

describe('/admin catalogue screen', { timeout: 30_000 }, () => {
  it("shows 'Access Denied' with a link home to a user without catalogue rights", async () => {
    const { calls } = fakeApi(catalogueRoutes());
    renderApp('/admin', { routes: adminRoutes, as: 'basic' });
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Back to home/ }).getAttribute('href')).toBe('/');
    expect(calls).toHaveLength(0);
  });

  it.each([['admin'], ['superadmin']] as const)(
    'lets an %s in, with the seven tabs',
    async (group) => {
      fakeApi(catalogueRoutes());
      renderApp('/admin', { routes: adminRoutes, as: group });
      expect(await screen.findByRole('heading', { name: 'Catalogue Admin' })).toBeTruthy();
      expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
        'Subjects',
        'Categories',
        'Difficulties',
        'Types',
        'Examples',
        'Import / Export',
        'Health',
      ]);
    },
  );

  it.each(TABS)("tab %s: an empty list says 'No %s found.'", async (label, plural) => {
    fakeApi(catalogueRoutes(emptyCatalogue()));
    const { router } = renderAdmin();
    openTab(label);
    expect(await screen.findByText(`No ${plural} found.`)).toBeTruthy();
    expect(emptyText(plural)).toBe(`No ${plural} found.`);
    if (plural !== 'subjects') expect(router.state.location.search).toBe(`?tab=${plural}`);
  });

  it('says nothing matches a search with the same empty text', async () => {
    fakeApi(catalogueRoutes());
    renderAdmin();
    expect(await screen.findByRole('cell', { name: 'Algebra' })).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Search subjects' }), {
      target: { value: 'calculus' },
    });
    expect(screen.getByText('No subjects found.')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Search subjects' }), {
      target: { value: 'geo' },
    });
    expect(screen.queryByRole('cell', { name: 'Algebra' })).toBeNull();
    expect(screen.getByRole('cell', { name: 'Geometry' })).toBeTruthy();
    expect(screen.getByText('1 of 2 subjects')).toBeTruthy();
  });

  it('sorts by a column header: ascending, descending, then back', async () => {
    fakeApi(catalogueRoutes());
    renderAdmin();
    await screen.findByRole('cell', { name: 'Algebra' });
    const names = () =>
      screen
        .getAllByRole('row')
        .slice(1)
        .map((row) => within(row).getAllByRole('cell')[0]!.textContent);
    expect(names()).toEqual(['Algebra', 'Geometry']);
    const header = screen.getByRole('columnheader', { name: /Name/ });
    expect(header.getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(within(header).getByRole('button'));
    expect(header.getAttribute('aria-sort')).toBe('descending');
    expect(names()).toEqual(['Geometry', 'Algebra']);
    fireEvent.click(within(header).getByRole('button'));
    expect(header.getAttribute('aria-sort')).toBeNull();
    expect(names()).toEqual(['Algebra', 'Geometry']);
  });

  it("shows 'Failed to load data: {message}' when a list cannot load, with Try Again", async () => {
    let failing = true;
    fakeApi({
      ...catalogueRoutes(),
      '*': (call) =>
        failing && call.path === '/subjects' ? fail(500, 'Database unavailable.') : undefined,
    });
    renderAdmin();
    expect(
      (await screen.findByRole('alert')).textContent?.includes(
        'Failed to load data: Database unavailable.',
      ),
    ).toBe(true);
    failing = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('cell', { name: 'Algebra' })).toBeTruthy();
  });
});

describe('/admin lists and deletes', { timeout: 30_000 }, () => {
  it('cuts example text in the list to 50 characters (full text on hover)', async () => {
    const catalogue = sampleCatalogue();
    const question = `Find every real number x such that ${'x'.repeat(40)} holds.`;
    catalogue.examples[0]!.question = question;
    fakeApi(catalogueRoutes(catalogue));
    renderAdmin('/admin?tab=examples');
    const cell = await screen.findByText(`${question.slice(0, 50)}…`);
    expect(cell.getAttribute('title')).toBe(question);
    expect(screen.queryByText(question)).toBeNull();
    // Short text is shown whole.
    expect(screen.getByText('$x = 1$')).toBeTruthy();
  });

  it.each([
    ['subjects', 'subject', 'Subjects', 'Geometry'],
    ['categories', 'category', 'Categories', 'Linear Equations › Systems'],
    ['difficulties', 'difficulty', 'Difficulties', 'hard'],
    ['types', 'type', 'Types', 'Worked Example'],
    ['examples', 'example', 'Examples', 'example 1'],
  ] as const)(
    'tab %s: Delete asks "Are you sure you want to delete this %s?", then deletes and reloads',
    async (plural, item, label, name) => {
      const state = sampleCatalogue();
      const { callsTo } = fakeApi(catalogueRoutes(state));
      renderAdmin(`/admin?tab=${plural}`);
      fireEvent.click(await screen.findByRole('button', { name: `Delete ${name}` }));
      const dialog = await screen.findByRole('dialog');
      expect(
        within(dialog).getByText(`Are you sure you want to delete this ${item}?`),
      ).toBeTruthy();
      const before = state[plural].length;
      const reads = callsTo(`GET /${plural}`).length;
      fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
      await waitFor(() => expect(state[plural]).toHaveLength(before - 1));
      await waitFor(() => expect(callsTo(`GET /${plural}`).length).toBeGreaterThan(reads));
      await waitFor(() =>
        expect(screen.queryByRole('button', { name: `Delete ${name}` })).toBeNull(),
      );
      expect(screen.getByRole('tab', { name: label }).getAttribute('aria-selected')).toBe('true');
    },
  );

  it('Cancel in the confirmation deletes nothing', async () => {
    const { callsTo } = fakeApi(catalogueRoutes());
    renderAdmin();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Algebra' }));
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo('DELETE /subjects/1')).toHaveLength(0);
  });

  it("shows a 409 in full as 'Delete failed: …'", async () => {
    const message = 'Subject "Geometry" cannot be deleted: it is used by 1 category.';
    fakeApi({ ...catalogueRoutes(), 'DELETE /subjects/2': () => fail(409, message, 'Conflict') });
    renderAdmin();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Geometry' }));
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }),
    );
    const alert = await screen.findByText(`Delete failed: ${message}`);
    expect(alert.closest('[role="alert"]')).toBeTruthy();
    expect(screen.getByRole('cell', { name: 'Geometry' })).toBeTruthy();
  });
});
