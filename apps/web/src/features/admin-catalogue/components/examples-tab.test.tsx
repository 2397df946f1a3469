import type { Example } from '@exemplar/shared/catalogue';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { ADMIN_EXAMPLES_PAGE_SIZE } from '../api/get-examples';
import { fakeApi } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';
import { catalogueRoutes, sampleCatalogue } from '../test/fixtures';
import { adminRoutes } from '../test/screens';

/** The admin screen at `url`, signed in as an admin. */
const renderAdmin = (url = '/admin') => renderApp(url, { routes: adminRoutes, as: 'admin' });

function manyExamples(count: number): Example[] {
  return Array.from({ length: count }, (_, i) => ({
    id: i + 1,
    question: i % 2 ? `Integrate $x^${i}$.` : `Solve $x + ${i} = 0$.`,
    answer: `$${i}$`,
    procedure: null,
    difficultyId: i % 2 ? 2 : 1,
    typeId: 1,
    categoryId: 10,
    subjectId: 1,
    createdAt: '2026-10-06T07:44:22.292Z',
    updatedAt: '2026-10-06T07:44:22.292Z',
    answerSpec: { kind: 'value', form: 'any', unit: null, tolerance: null, choice: null },
  }));
}

describe('/admin Examples tab: server paging, search and filters', { timeout: 30_000 }, () => {
  it("pages with 'Load more' and shows the total", async () => {
    const catalogue = sampleCatalogue();
    catalogue.examples = manyExamples(30);
    const { callsTo } = fakeApi(catalogueRoutes(catalogue));
    renderAdmin('/admin?tab=examples');
    expect(
      await screen.findByText(`Showing ${ADMIN_EXAMPLES_PAGE_SIZE} of 30 examples`),
    ).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Examples' });
    expect(within(table).getAllByRole('row')).toHaveLength(ADMIN_EXAMPLES_PAGE_SIZE + 1);
    expect(callsTo('GET /examples')[0]!.query['limit']).toBe(String(ADMIN_EXAMPLES_PAGE_SIZE));
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Showing 30 of 30 examples')).toBeTruthy();
    expect(callsTo('GET /examples')[1]!.query['cursor']).toBe(String(ADMIN_EXAMPLES_PAGE_SIZE));
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('searches on the server (q) and filters by difficulty', async () => {
    const catalogue = sampleCatalogue();
    catalogue.examples = manyExamples(6);
    const { callsTo } = fakeApi(catalogueRoutes(catalogue));
    renderAdmin('/admin?tab=examples');
    await screen.findByText('Showing 6 of 6 examples');
    fireEvent.change(screen.getByRole('textbox', { name: 'Search examples' }), {
      target: { value: 'integrate' },
    });
    await waitFor(() =>
      expect(callsTo('GET /examples').some((c) => c.query['q'] === 'integrate')).toBe(true),
    );
    expect(await screen.findByText('Showing 3 of 3 examples (filtered)')).toBeTruthy();

    fireEvent.click(screen.getByRole('combobox', { name: 'Difficulty' }));
    fireEvent.click(await screen.findByRole('option', { name: 'easy' }));
    await waitFor(() =>
      expect(
        callsTo('GET /examples').some(
          (c) => c.query['difficultyId'] === '1' && c.query['q'] === 'integrate',
        ),
      ).toBe(true),
    );
    expect(await screen.findByText('No examples found.')).toBeTruthy();
  });
});
