import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fail, fakeApi, type Routes } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';
import { catalogueRoutes, makeExample } from '../../../test/catalogue-fixtures';
import { examplesPage } from '../test/fixtures';
import { examplesRoutes } from '../test/screens';

const list = [
  makeExample({ id: 5, categoryId: 12, difficultyId: 1 }),
  makeExample({ id: 7, categoryId: 12, difficultyId: 1, procedure: 'Add $2$ to both sides.' }),
  makeExample({ id: 9, categoryId: 13, difficultyId: 1 }),
];

/** GET /examples/{id}/position over `list` (every example matches difficulty 1; 6 does not). */
function position(id: number) {
  const at = list.findIndex((e) => e.id === id);
  if (id === 6) return { position: null, total: list.length, previousId: null, nextId: null };
  if (at < 0) return fail(404, `Example ${id} not found.`);
  return {
    position: at + 1,
    total: list.length,
    previousId: list[at - 1]?.id ?? null,
    nextId: list[at + 1]?.id ?? null,
  };
}

const api: Routes = {
  ...catalogueRoutes,
  'GET /examples': examplesPage(list),
  'GET /examples/:id': ({ params: { id } }) => {
    const example =
      list.find((e) => String(e.id) === id) ??
      (id === '6' ? makeExample({ id: 6, categoryId: 12, difficultyId: 2 }) : undefined);
    if (example) return { example };
    if (id === '500') return fail(500, 'Internal error.');
    return fail(404, `Example ${id} not found.`);
  },
  'GET /examples/:id/position': ({ params: { id } }) =>
    /^\d+$/.test(id!) ? position(Number(id)) : undefined,
};

describe('/examples/{id}', { timeout: 20_000 }, () => {
  it('shows the example with its badges, maths and category path', async () => {
    fakeApi(api);
    renderApp('/examples/7?difficulty=1', { routes: examplesRoutes });
    expect(await screen.findByRole('heading', { name: 'Example 7' })).toBeTruthy();
    const article = screen.getByRole('article');
    expect(within(article).getByText('easy')).toBeTruthy();
    expect(within(article).getByText('Worked Example')).toBeTruthy();
    expect(within(article).getByText('Elimination Method')).toBeTruthy();
    expect(within(article).getByText('Procedure')).toBeTruthy();
    expect(article.querySelectorAll('.katex').length).toBeGreaterThan(0);
    expect(within(article).getByText('6 Oct 2026')).toBeTruthy();

    const path = screen.getByRole('navigation', { name: 'Category path' });
    expect(
      within(path)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['Algebra', '/examples?subject=1'],
      ['Linear Equations', '/examples?subject=1&category=10'],
      ['Systems of Equations', '/examples?subject=1&category=11'],
      ['Elimination Method', '/examples?subject=1&category=12'],
    ]);
    expect(screen.getByRole('link', { name: /Back to examples/ }).getAttribute('href')).toBe(
      '/examples?difficulty=1',
    );
  });

  it('moves to the previous and next example of the filtered list, keeping the filters', async () => {
    const { callsTo } = fakeApi(api);
    const { location, router } = renderApp('/examples/7?difficulty=1', { routes: examplesRoutes });
    await screen.findByText('2 of 3 in this list');
    const [asked] = callsTo('/examples/7/position');
    expect(asked!.query['difficultyId']).toBe('1');

    const previous = screen.getByRole('link', { name: 'Previous' });
    const next = screen.getByRole('link', { name: 'Next' });
    expect(previous.getAttribute('href')).toBe('/examples/5?difficulty=1');
    expect(next.getAttribute('href')).toBe('/examples/9?difficulty=1');

    fireEvent.click(next);
    expect(await screen.findByRole('heading', { name: 'Example 9' })).toBeTruthy();
    expect(location().pathname + location().search).toBe('/examples/9?difficulty=1');
    expect(screen.getByText('3 of 3 in this list')).toBeTruthy();
    // the last one has no next
    expect(screen.queryByRole('link', { name: 'Next' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Next' }).hasAttribute('disabled')).toBe(true);

    await act(() => router.navigate(-1));
    expect(await screen.findByRole('heading', { name: 'Example 7' })).toBeTruthy();
    expect(await screen.findByText('2 of 3 in this list')).toBeTruthy();
    // One position request per example, each kept: going back asks nothing again; no list paging.
    expect(callsTo('/examples/7/position')).toHaveLength(1);
    expect(callsTo('/examples/9/position')).toHaveLength(1);
    expect(callsTo('/examples/7')).toHaveLength(1);
    expect(callsTo('/examples')).toHaveLength(0);
  });

  it("says 'Not in this list' for an example the filters leave out, with Previous and Next disabled", async () => {
    const { callsTo } = fakeApi(api);
    renderApp('/examples/6?difficulty=1', { routes: examplesRoutes });
    expect(await screen.findByText('Not in this list')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Example 6' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Previous' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Next' }).hasAttribute('disabled')).toBe(true);
    expect(callsTo('/examples/6/position')).toHaveLength(1);
    expect(callsTo('/examples')).toHaveLength(0);
  });

  it("shows 'Example not found' for a 404", async () => {
    fakeApi(api);
    renderApp('/examples/404?subject=1', { routes: examplesRoutes });
    expect(await screen.findByText('Example not found')).toBeTruthy();
    expect(
      screen.getByText('There is no example with ID 404. It may have been removed.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: /Back to examples/ }).getAttribute('href')).toBe(
      '/examples?subject=1',
    );
  });

  it("treats an id that is not a number as 'Example not found'", async () => {
    const { callsTo } = fakeApi(api);
    renderApp('/examples/abc', { routes: examplesRoutes });
    expect(await screen.findByText('Example not found')).toBeTruthy();
    expect(screen.getByText('This is not a valid example address.')).toBeTruthy();
    expect(callsTo('/examples/abc')).toHaveLength(0);
  });

  it('shows an error state with Try Again for other failures', async () => {
    fakeApi(api);
    renderApp('/examples/500', { routes: examplesRoutes });
    // one retry for a failure that is not a 404
    expect(await screen.findByText('Error Loading Example', {}, { timeout: 4000 })).toBeTruthy();
    expect(screen.getByText('Internal error.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeTruthy();
  });

  it("copies the link and says 'Link copied'", async () => {
    fakeApi(api);
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderApp('/examples/5', { routes: examplesRoutes });
    fireEvent.click(await screen.findByRole('button', { name: 'Copy link' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(window.location.href));
    expect(await screen.findByText('Link copied')).toBeTruthy();
  });
});

describe('/examples/{id}: More like this', { timeout: 20_000 }, () => {
  it('lists the related examples as links with their questions typeset and categories', async () => {
    fakeApi({
      ...api,
      'GET /examples/:id/related': ({ params: { id } }) =>
        id === '7' ? { examples: [list[2], list[0]] } : { examples: [] },
    });
    renderApp('/examples/7', { routes: examplesRoutes });
    const section = await screen.findByRole('region', { name: 'More like this' });
    const links = within(section).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['/examples/9', '/examples/5']);
    expect(links[0]!.querySelectorAll('.katex').length).toBeGreaterThan(0);
    expect(within(links[1]!).getByText('Elimination Method')).toBeTruthy();
  });

  it('shows no section when nothing is related', async () => {
    fakeApi({ ...api, 'GET /examples/:id/related': () => ({ examples: [] }) });
    renderApp('/examples/5', { routes: examplesRoutes });
    expect(await screen.findByRole('heading', { name: 'Example 5' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('More like this')).toBeNull());
    expect(screen.queryByTestId('related')).toBeNull();
  });
});
