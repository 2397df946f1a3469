import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  callsTo,
  catalogueHandler,
  examplesPage,
  makeExample,
  mockFetch,
  type Handler,
} from '../test/fixtures';
import { renderExamples } from '../test/render';

const list = [
  makeExample({ id: 5, categoryId: 12, difficultyId: 1 }),
  makeExample({ id: 7, categoryId: 12, difficultyId: 1, procedure: 'Add $2$ to both sides.' }),
  makeExample({ id: 9, categoryId: 13, difficultyId: 1 }),
];

const notFound = (id: string) => ({
  status: 404,
  body: { success: false, code: 'NotFound', message: `Example ${id} not found.` },
});

/** GET /api/examples/{id}/position over `list` (every example matches difficulty 1; 6 does not). */
const position: Handler = (url) => {
  const match = /^\/api\/examples\/(\d+)\/position$/.exec(url.pathname);
  if (!match) return undefined;
  const id = Number(match[1]);
  const at = list.findIndex((e) => e.id === id);
  if (id === 6) {
    return {
      body: {
        success: true,
        data: { position: null, total: list.length, previousId: null, nextId: null },
      },
    };
  }
  if (at < 0) return notFound(match[1]!);
  return {
    body: {
      success: true,
      data: {
        position: at + 1,
        total: list.length,
        previousId: list[at - 1]?.id ?? null,
        nextId: list[at + 1]?.id ?? null,
      },
    },
  };
};

const api: Handler = (url) => {
  if (url.pathname === '/api/examples') return examplesPage(list);
  if (url.pathname.endsWith('/position')) return position(url);
  const match = /^\/api\/examples\/(\d+)$/.exec(url.pathname);
  if (!match) return undefined;
  const example =
    list.find((e) => e.id === Number(match[1])) ??
    (match[1] === '6' ? makeExample({ id: 6, categoryId: 12, difficultyId: 2 }) : undefined);
  if (example) return { body: { success: true, data: { example } } };
  if (match[1] === '500') {
    return {
      status: 500,
      body: { success: false, code: 'InternalError', message: 'Internal error.' },
    };
  }
  return notFound(match[1]!);
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/examples/{id}', { timeout: 20_000 }, () => {
  it('shows the example with its badges, maths and category path', async () => {
    mockFetch(catalogueHandler, api);
    renderExamples('/examples/7?difficulty=1');
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
    const fetchMock = mockFetch(catalogueHandler, api);
    const { location, router } = renderExamples('/examples/7?difficulty=1');
    await screen.findByText('2 of 3 in this list');
    const [asked] = callsTo(fetchMock, '/api/examples/7/position');
    expect(asked!.searchParams.get('difficultyId')).toBe('1');

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
    expect(callsTo(fetchMock, '/api/examples/7/position')).toHaveLength(1);
    expect(callsTo(fetchMock, '/api/examples/9/position')).toHaveLength(1);
    expect(callsTo(fetchMock, '/api/examples/7')).toHaveLength(1);
    expect(callsTo(fetchMock, '/api/examples')).toHaveLength(0);
  });

  it("says 'Not in this list' for an example the filters leave out, with Previous and Next disabled", async () => {
    const fetchMock = mockFetch(catalogueHandler, api);
    renderExamples('/examples/6?difficulty=1');
    expect(await screen.findByText('Not in this list')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Example 6' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Previous' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Next' }).hasAttribute('disabled')).toBe(true);
    expect(callsTo(fetchMock, '/api/examples/6/position')).toHaveLength(1);
    expect(callsTo(fetchMock, '/api/examples')).toHaveLength(0);
  });

  it("shows 'Example not found' for a 404", async () => {
    mockFetch(catalogueHandler, api);
    renderExamples('/examples/404?subject=1');
    expect(await screen.findByText('Example not found')).toBeTruthy();
    expect(
      screen.getByText('There is no example with ID 404. It may have been removed.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: /Back to examples/ }).getAttribute('href')).toBe(
      '/examples?subject=1',
    );
  });

  it("treats an id that is not a number as 'Example not found'", async () => {
    const fetchMock = mockFetch(catalogueHandler, api);
    renderExamples('/examples/abc');
    expect(await screen.findByText('Example not found')).toBeTruthy();
    expect(screen.getByText('This is not a valid example address.')).toBeTruthy();
    expect(callsTo(fetchMock, '/api/examples/abc')).toHaveLength(0);
  });

  it('shows an error state with Try Again for other failures', async () => {
    mockFetch(catalogueHandler, api);
    renderExamples('/examples/500');
    // one retry for a failure that is not a 404
    expect(await screen.findByText('Error Loading Example', {}, { timeout: 4000 })).toBeTruthy();
    expect(screen.getByText('Internal error.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeTruthy();
  });

  it("copies the link and says 'Link copied'", async () => {
    mockFetch(catalogueHandler, api);
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderExamples('/examples/5');
    fireEvent.click(await screen.findByRole('button', { name: 'Copy link' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(window.location.href));
    expect(await screen.findByText('Link copied')).toBeTruthy();
  });
});
