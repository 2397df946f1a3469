import type { CatalogueHealth, HealthDone, HealthProblem } from '@exemplar/shared/catalogue-health';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fail, fakeApi, ok } from '../../../test/fake-api';
import { HEALTH_POLL_MS } from '../api/get-catalogue-health';
import { renderApp } from '../../../test/render';
import { catalogueRoutes, sampleCatalogue } from '../test/fixtures';
import { adminRoutes } from '../test/screens';

const renderHealth = () => renderApp('/admin?tab=health', { routes: adminRoutes, as: 'admin' });

const running = (checked: number, total: number): CatalogueHealth => ({
  status: 'running',
  checked,
  total,
  catalogueVersion: '7',
  startedAt: '2026-11-26T09:00:00.000Z',
});

const PROBLEMS: HealthProblem[] = [
  {
    exampleId: 1,
    categoryId: null,
    field: 'question',
    kind: 'render-error',
    message:
      'The question\'s maths fails to render: Undefined control sequence: \\frc (in "$\\frc{1}{2}$").',
  },
  {
    exampleId: 1,
    categoryId: null,
    field: 'procedure',
    kind: 'empty-procedure',
    message: 'The procedure is empty, so readers get the answer with no worked steps.',
  },
  {
    exampleId: null,
    categoryId: 20,
    field: null,
    kind: 'empty-category',
    message:
      'The category "Quadratics" has no examples in it or in its subcategories, so readers who open it find nothing.',
  },
];

function done(problems: HealthProblem[] = PROBLEMS, checked = 12_000): HealthDone {
  const counts = {
    'render-error': 0,
    'leaked-delimiter': 0,
    'bare-latex': 0,
    'empty-procedure': 0,
    'empty-category': 0,
    'test-answer': 0,
  };
  for (const p of problems) counts[p.kind]++;
  return {
    status: 'done',
    checked,
    total: checked,
    catalogueVersion: '7',
    startedAt: '2026-11-26T09:00:00.000Z',
    checkedAt: '2026-11-26T09:00:41.000Z',
    counts,
    problems,
    categoriesWithoutExamples: counts['empty-category'],
  };
}

/** Answers each GET with the next of `answers` (the last one again once they run out). */
function inTurn(answers: CatalogueHealth[]) {
  let n = 0;
  return () => {
    const health = answers[Math.min(n++, answers.length - 1)]!;
    return ok(health, undefined, health.status === 'running' ? 202 : 200);
  };
}

const rowsOf = (table: HTMLElement) => within(table).getAllByRole('row').slice(1);

describe('/admin Health tab', { timeout: 30_000 }, () => {
  it('shows the progress of the run under way ("Checked 1,200 of 3,000 examples"), polls, then shows the report', async () => {
    // The polls are repeated on an interval: the test moves it on, one poll at a time.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const { callsTo } = fakeApi({
      ...catalogueRoutes(),
      'GET /admin/catalogue-health': inTurn([running(1200, 3000), running(2400, 3000), done()]),
    });
    renderHealth();
    expect(await screen.findByText('Checked 1,200 of 3,000 examples')).toBeTruthy();
    const bar = screen.getByRole('progressbar', { name: 'Checking the catalogue' });
    expect(bar.getAttribute('aria-valuenow')).toBe('40');
    await act(() => vi.advanceTimersByTimeAsync(HEALTH_POLL_MS));
    expect(await screen.findByText('Checked 2,400 of 3,000 examples')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(HEALTH_POLL_MS));
    const table = await screen.findByRole('table', { name: 'Problems' });
    expect(rowsOf(table)).toHaveLength(3);
    expect(screen.getByText(/^3 problems in 12,000 examples and their categories\./)).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(callsTo('GET /admin/catalogue-health')).toHaveLength(3);
    // Done: no more polling, however long the page stays open.
    await act(() => vi.advanceTimersByTimeAsync(HEALTH_POLL_MS * 5));
    expect(callsTo('GET /admin/catalogue-health')).toHaveLength(3);
  });

  it('lists each problem with where it is, its kind as a badge, its field and its message', async () => {
    fakeApi({ ...catalogueRoutes(), 'GET /admin/catalogue-health': ok(done()) });
    renderHealth();
    const table = await screen.findByRole('table', { name: 'Problems' });
    const cells = rowsOf(table).map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );
    expect(cells).toEqual([
      ['Example 1', 'Maths fails to render', 'Question', PROBLEMS[0]!.message],
      ['Example 1', 'Empty procedure', 'Procedure', PROBLEMS[1]!.message],
      ['Category 20', 'Empty category', '—', PROBLEMS[2]!.message],
    ]);
  });

  it('filters the problems by kind, and the choices say how many of each there are', async () => {
    fakeApi({ ...catalogueRoutes(), 'GET /admin/catalogue-health': ok(done()) });
    renderHealth();
    const table = await screen.findByRole('table', { name: 'Problems' });
    expect(rowsOf(table)).toHaveLength(3);
    fireEvent.click(screen.getByRole('combobox', { name: 'Show' }));
    await screen.findByRole('option', { name: 'All kinds (3)' });
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'All kinds (3)',
      'Maths fails to render (1)',
      'Empty procedure (1)',
      'Empty category (1)',
    ]);
    fireEvent.click(screen.getByRole('option', { name: 'Empty procedure (1)' }));
    await waitFor(() =>
      expect(rowsOf(screen.getByRole('table', { name: 'Problems' }))).toHaveLength(1),
    );
    expect(screen.getByRole('table', { name: 'Problems' }).textContent).toContain(
      PROBLEMS[1]!.message,
    );
  });

  it("an example's link opens that example's edit form on the Examples tab", async () => {
    fakeApi({ ...catalogueRoutes(sampleCatalogue()), 'GET /admin/catalogue-health': ok(done()) });
    const { router } = renderHealth();
    const table = await screen.findByRole('table', { name: 'Problems' });
    const link = within(rowsOf(table)[0]!).getByRole('link', { name: 'Example 1' });
    expect(link.getAttribute('href')).toBe('/admin?tab=examples&edit=1');
    fireEvent.click(link);
    const dialog = await screen.findByRole('dialog', { name: 'Edit example 1' });
    expect(within(dialog).getByDisplayValue('Solve $x + 1 = 2$.')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Examples', selected: true })).toBeTruthy();
    // Closing the form takes `edit` out of the address, so it does not open again.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=examples'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says when an example linked for editing no longer exists', async () => {
    fakeApi(catalogueRoutes());
    renderApp('/admin?tab=examples&edit=99', { routes: adminRoutes, as: 'admin' });
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Example 99 no longer exists.',
    );
  });

  it('a clean catalogue: "No problems found in 12,000 examples" and when it was checked', async () => {
    fakeApi({ ...catalogueRoutes(), 'GET /admin/catalogue-health': ok(done([])) });
    renderHealth();
    expect(await screen.findByText('No problems found in 12,000 examples.')).toBeTruthy();
    expect(screen.getByText(/^Checked .*2026.*\.$/)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('a failed check says so, and Try Again asks again', async () => {
    const { callsTo } = fakeApi({
      ...catalogueRoutes(),
      'GET /admin/catalogue-health': fail(
        503,
        'Checking the catalogue stopped before it finished; try again.',
      ),
    });
    renderHealth();
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Failed to load data: Checking the catalogue stopped before it finished; try again.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect(callsTo('GET /admin/catalogue-health')).toHaveLength(2));
  });
});
