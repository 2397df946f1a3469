import type { Example } from '@exemplar/shared/catalogue';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../../lib/auth/auth-store';
import { ADMIN_EXAMPLES_PAGE_SIZE } from '../api/get-examples';
import { fakeApi, sampleCatalogue } from '../test/fake-api';
import { renderAdmin } from '../test/render';

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
  }));
}

describe('/admin Examples tab: server paging, search and filters', { timeout: 30_000 }, () => {
  beforeEach(() => authStore.reset());
  afterEach(() => {
    vi.unstubAllGlobals();
    authStore.reset();
  });

  it("pages with 'Load more' and shows the total", async () => {
    const catalogue = sampleCatalogue();
    catalogue.examples = manyExamples(30);
    const { callsTo } = fakeApi(catalogue);
    renderAdmin('/admin?tab=examples');
    expect(
      await screen.findByText(`Showing ${ADMIN_EXAMPLES_PAGE_SIZE} of 30 examples`),
    ).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Examples' });
    expect(within(table).getAllByRole('row')).toHaveLength(ADMIN_EXAMPLES_PAGE_SIZE + 1);
    expect(callsTo('GET', '/examples')[0]!.query.get('limit')).toBe(
      String(ADMIN_EXAMPLES_PAGE_SIZE),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Showing 30 of 30 examples')).toBeTruthy();
    expect(callsTo('GET', '/examples')[1]!.query.get('cursor')).toBe(
      String(ADMIN_EXAMPLES_PAGE_SIZE),
    );
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('searches on the server (q) and filters by difficulty', async () => {
    const catalogue = sampleCatalogue();
    catalogue.examples = manyExamples(6);
    const { callsTo } = fakeApi(catalogue);
    renderAdmin('/admin?tab=examples');
    await screen.findByText('Showing 6 of 6 examples');
    fireEvent.change(screen.getByRole('textbox', { name: 'Search examples' }), {
      target: { value: 'integrate' },
    });
    await waitFor(() =>
      expect(callsTo('GET', '/examples').some((c) => c.query.get('q') === 'integrate')).toBe(true),
    );
    expect(await screen.findByText('Showing 3 of 3 examples (filtered)')).toBeTruthy();

    fireEvent.click(screen.getByRole('combobox', { name: 'Difficulty' }));
    fireEvent.click(await screen.findByRole('option', { name: 'easy' }));
    await waitFor(() =>
      expect(
        callsTo('GET', '/examples').some(
          (c) => c.query.get('difficultyId') === '1' && c.query.get('q') === 'integrate',
        ),
      ).toBe(true),
    );
    expect(await screen.findByText('No examples found.')).toBeTruthy();
  });
});
