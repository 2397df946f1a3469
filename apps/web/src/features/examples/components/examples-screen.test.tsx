import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, fakeApi, type Routes } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';
import { catalogueRoutes, makeExample } from '../../../test/catalogue-fixtures';
import { examplesPage } from '../test/fixtures';
import { examplesRoutes } from '../test/screens';

const examples = [
  makeExample({ id: 1, difficultyId: 1, typeId: 1, categoryId: 10, procedure: 'Subtract $1$.' }),
  makeExample({ id: 2, difficultyId: 2, typeId: 2, categoryId: 12 }),
  makeExample({ id: 3, difficultyId: 3, typeId: 1, categoryId: 999 }),
  makeExample({ id: 4, difficultyId: 4, typeId: 1, categoryId: 30, subjectId: 2 }),
];

/** The catalogue, and GET /examples filtering the fixture list on difficulty (enough here). */
const api: Routes = {
  ...catalogueRoutes,
  'GET /examples': ({ query: { difficultyId } }) =>
    examplesPage(
      difficultyId ? examples.filter((e) => String(e.difficultyId) === difficultyId) : examples,
    ),
};

/** `api` with GET /examples answering `answer`. */
const withExamples = (answer: Routes[string]): Routes => ({ ...api, 'GET /examples': answer });

const renderExamples = (url: string) => renderApp(url, { routes: examplesRoutes });

async function chooseOption(label: string, option: string) {
  fireEvent.click(screen.getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

const cards = () => screen.queryAllByTestId('example-card');

afterEach(() => {
  vi.restoreAllMocks();
});

// Role queries over rendered maths are slow in jsdom: allow for a busy machine.
describe('/examples', { timeout: 20_000 }, () => {
  it('shows the loading state, then the header, filters and numbered example cards', async () => {
    const { calls } = fakeApi(api);
    renderExamples('/examples');

    expect(screen.getByText('Loading Examples')).toBeTruthy();
    expect(screen.getByText('Loading categories...')).toBeTruthy();

    await waitFor(() => expect(cards()).toHaveLength(4));
    expect(screen.getByText('4 Examples Available')).toBeTruthy();
    expect(screen.getByText('Updated Daily')).toBeTruthy();
    expect(screen.getByText('Filter Categories')).toBeTruthy();
    expect(screen.getByText('Filter Examples')).toBeTruthy();
    expect(screen.getByTestId('filtered-count').textContent).toBe('4 examples');
    expect(screen.getByText('Showing all available examples')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Clear All Filters' })).toBeNull();

    // running numbers, sections, badges, footer
    const [first, second, third, fourth] = cards();
    const numbers = cards().map((card) => within(card).getByTestId('running-number').textContent);
    expect(numbers).toEqual(['1', '2', '3', '4']);
    expect(first!.getAttribute('aria-label')).toBe('Example 1');
    expect(within(first!).getByText('Question')).toBeTruthy();
    expect(within(first!).getByText('Answer')).toBeTruthy();
    expect(within(first!).getByText('Procedure')).toBeTruthy();
    expect(within(second!).queryByText('Procedure')).toBeNull();
    expect(first!.querySelectorAll('.katex').length).toBeGreaterThan(0);
    expect(within(first!).getByText('Linear Equations')).toBeTruthy();
    expect(within(second!).getByText('Elimination Method')).toBeTruthy();
    expect(within(third!).getByText('Unknown')).toBeTruthy();
    expect(within(first!).getByText('Worked Example')).toBeTruthy();
    expect(within(second!).getByText('Proof')).toBeTruthy();
    expect(within(first!).getByText('ID: 1').closest('a')?.getAttribute('href')).toBe(
      '/examples/1',
    );
    expect(within(first!).getByText('6 Oct 2026')).toBeTruthy();

    // difficulty badge colours and icons
    const badge = (card: HTMLElement, name: string) =>
      within(card).getByText(name).closest('[data-difficulty-color]')!;
    expect(badge(first!, 'easy').getAttribute('data-difficulty-color')).toBe('green');
    expect(badge(second!, 'intermediate').getAttribute('data-difficulty-color')).toBe('yellow');
    expect(badge(third!, 'hard').getAttribute('data-difficulty-color')).toBe('red');
    expect(badge(fourth!, 'insane').getAttribute('data-difficulty-color')).toBe('dark');
    expect(
      first!.querySelector('[data-difficulty-icon]')?.getAttribute('data-difficulty-icon'),
    ).toBe('green');
    expect(
      fourth!.querySelector('[data-difficulty-icon]')?.getAttribute('data-difficulty-icon'),
    ).toBe('star');

    // initial data first, examples only afterwards
    const examplesCall = calls.findIndex((call) => call.path.startsWith('/examples'));
    expect(examplesCall).toBe(4);
  });

  it('lists the categories of the subject and drills down through the breadcrumb', async () => {
    // no examples: a small DOM keeps the many role queries quick
    fakeApi(withExamples(examplesPage([])));
    const { location } = renderExamples('/examples');
    await screen.findByText('Filter Categories');

    // All subjects: 3 top-level categories, numbered
    expect(screen.getByLabelText('3 categories shown')).toBeTruthy();
    await chooseOption('Subject', 'Algebra');
    expect(location().search).toBe('?subject=1');
    expect(screen.getByLabelText('2 categories shown')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Show All Categories/ })).toBeTruthy();
    expect(screen.queryByText('You are here')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: /Linear Equations/ }));
    expect(location().search).toBe('?subject=1&category=10');
    expect(screen.getByText('You are here')).toBeTruthy();
    expect(screen.getByText('Available subcategories')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /Systems of Equations/ }));
    fireEvent.click(screen.getByRole('button', { name: /Elimination Method/ }));
    expect(location().search).toBe('?subject=1&category=12');
    const trail = screen.getByRole('navigation', { name: 'You are here' });
    expect(within(trail).getByText('Elimination Method').getAttribute('aria-current')).toBe(
      'location',
    );
    expect(within(trail).queryByText('Available subcategories')).toBeNull();

    // back up the path
    fireEvent.click(within(trail).getByRole('button', { name: 'Linear Equations' }));
    expect(location().search).toBe('?subject=1&category=10');
    fireEvent.click(
      within(screen.getByRole('navigation', { name: 'You are here' })).getByRole('button', {
        name: 'Algebra',
      }),
    );
    expect(location().search).toBe('?subject=1');

    // picking a category clears the subcategory path; picking a subject clears the category
    fireEvent.click(screen.getByRole('button', { name: /Linear Equations/ }));
    fireEvent.click(screen.getByRole('button', { name: /Two-Step Equations/ }));
    fireEvent.click(screen.getByRole('button', { name: /Quadratics/ }));
    expect(location().search).toBe('?subject=1&category=20');
    await chooseOption('Subject', 'Geometry');
    expect(location().search).toBe('?subject=2');
  });

  it('shows the empty categories state with a way back to all subjects', async () => {
    fakeApi(api);
    const { location } = renderExamples('/examples?subject=3');
    expect(await screen.findByText('No categories available')).toBeTruthy();
    expect(screen.getByText('No categories found for the selected subject.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show all subjects' }));
    expect(location().search).toBe('');
    expect(screen.queryByText('No categories available')).toBeNull();
  });

  it('says no categories are available at all when the tree is empty', async () => {
    fakeApi({ ...api, 'GET /categories/tree': { categoriesTree: [] } });
    renderExamples('/examples');
    expect(await screen.findByText('No categories are currently available.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Show all subjects' })).toBeNull();
  });

  it('resolves a subject given by name and replaces the URL param, requesting once', async () => {
    const { callsTo } = fakeApi(api);
    const { location, router } = renderExamples('/examples?subject=algebra');
    await waitFor(() => expect(location().search).toBe('?subject=1'));
    await waitFor(() => expect(cards().length).toBeGreaterThan(0));
    const calls = callsTo('/examples');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.query['subjectId']).toBe('1');
    // replaced, not pushed: Back leaves the screen's history instead of returning to the name
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('shows chips and Filtered results; a chip removes its filter and Clear All removes all', async () => {
    fakeApi(api);
    const { location } = renderExamples(
      '/examples?subject=1&category=12&difficulty=2&type=2&q=sum',
    );
    await screen.findByText('Filtered results');

    const chips = screen.getByRole('list', { name: 'Active filters' });
    expect(
      within(chips)
        .getAllByRole('listitem')
        .map((chip) => chip.textContent),
    ).toEqual([
      'Subject: Algebra',
      'Category: Elimination Method',
      'Difficulty: intermediate',
      'Type: Proof',
      'Search: “sum”',
    ]);

    fireEvent.click(screen.getByRole('button', { name: 'Remove filter Difficulty: intermediate' }));
    expect(location().search).toBe('?subject=1&category=12&type=2&q=sum');
    fireEvent.click(screen.getByRole('button', { name: 'Remove filter Search: “sum”' }));
    expect(location().search).toBe('?subject=1&category=12&type=2');
    expect((screen.getByRole('searchbox', { name: 'Search' }) as HTMLInputElement).value).toBe('');
    fireEvent.click(screen.getByRole('button', { name: 'Remove filter Subject: Algebra' }));
    expect(location().search).toBe('?type=2');

    fireEvent.click(screen.getByRole('button', { name: 'Clear All Filters' }));
    expect(location().search).toBe('');
    expect(screen.getByText('Showing all available examples')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Active filters' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Clear All Filters' })).toBeNull();
  });

  it("links 'Print worksheet' to /worksheet with the list's current filters", async () => {
    fakeApi(api);
    renderExamples('/examples?subject=1&category=12&difficulty=2&q=sum');
    await screen.findByText('Filtered results');
    const link = () => screen.getByRole('link', { name: 'Print worksheet' });
    expect(link().getAttribute('href')).toBe('/worksheet?subject=1&category=12&difficulty=2&q=sum');
    fireEvent.click(screen.getByRole('button', { name: 'Clear All Filters' }));
    expect(link().getAttribute('href')).toBe('/worksheet');
  });

  it('reloads on each new filter set but never repeats an identical one', async () => {
    const { callsTo } = fakeApi(api);
    const { router } = renderExamples('/examples');
    await waitFor(() => expect(cards()).toHaveLength(4));
    expect(callsTo('/examples')).toHaveLength(1);

    await chooseOption('Difficulty', 'easy');
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(screen.getByTestId('filtered-count').textContent).toBe('1 example');
    expect(callsTo('/examples')).toHaveLength(2);
    expect(callsTo('/examples')[1]!.query['difficultyId']).toBe('1');

    // back to all difficulties, then easy again, then Back and Forward: all from the cache
    await chooseOption('Difficulty', 'All Difficulties');
    await waitFor(() => expect(cards()).toHaveLength(4));
    await chooseOption('Difficulty', 'easy');
    await waitFor(() => expect(cards()).toHaveLength(1));
    await act(() => router.navigate(-1));
    await waitFor(() => expect(cards()).toHaveLength(4));
    await act(() => router.navigate(1));
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(callsTo('/examples')).toHaveLength(2);

    // the initial data was loaded once
    expect(callsTo('/subjects')).toHaveLength(1);
    expect(callsTo('/categories/tree')).toHaveLength(1);
  });

  it('restores the filter controls on Back and Forward (the URL is the source of truth)', async () => {
    fakeApi(api);
    const { router } = renderExamples('/examples');
    await waitFor(() => expect(cards()).toHaveLength(4));
    await chooseOption('Difficulty', 'hard');
    await waitFor(() =>
      expect((screen.getByRole('combobox', { name: 'Difficulty' }) as HTMLInputElement).value).toBe(
        'hard',
      ),
    );
    await act(() => router.navigate(-1));
    expect((screen.getByRole('combobox', { name: 'Difficulty' }) as HTMLInputElement).value).toBe(
      'All Difficulties',
    );
  });

  it('searches after a short pause, shows the search as a chip, and follows Back', async () => {
    const { callsTo } = fakeApi(api);
    const { location, router } = renderExamples('/examples');
    await waitFor(() => expect(cards()).toHaveLength(4));

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const input = screen.getByRole('searchbox', { name: 'Search' }) as HTMLInputElement;
    fireEvent.change(input, { target: { value: 'q' } });
    fireEvent.change(input, { target: { value: 'quad ' } });
    act(() => vi.advanceTimersByTime(200));
    expect(location().search).toBe('');
    act(() => vi.advanceTimersByTime(150));
    vi.useRealTimers();

    expect(location().search).toBe('?q=quad');
    expect(input.value).toBe('quad ');
    expect(await screen.findByText('Search: “quad”')).toBeTruthy();
    await waitFor(() => expect(callsTo('/examples').at(-1)!.query['q']).toBe('quad'));
    // only the settled text was requested
    expect(callsTo('/examples').filter((call) => 'q' in call.query)).toHaveLength(1);

    await act(() => router.navigate(-1));
    expect(input.value).toBe('');
  });

  it("says '1 Example Available' in the header badge when one example matches", async () => {
    fakeApi(api);
    renderExamples('/examples?difficulty=4');
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(screen.getByTestId('examples-available').textContent).toBe('1 Example Available');
  });

  it("shows 'No Examples Found' and 'No Examples Available' when nothing matches", async () => {
    fakeApi(withExamples(examplesPage([])));
    renderExamples('/examples?difficulty=4');
    expect(await screen.findByText('No Examples Found')).toBeTruthy();
    expect(screen.getByTestId('examples-available').textContent).toBe('No Examples Available');
    expect(
      screen.getByText('Try adjusting your filters or browse different categories.'),
    ).toBeTruthy();
    expect(screen.getByTestId('filtered-count').textContent).toBe('0 examples');
  });

  it('loads more with the cursor and keeps numbering', async () => {
    const page2 = [makeExample({ id: 50 }), makeExample({ id: 51 })];
    const { callsTo } = fakeApi(
      withExamples(({ query }) =>
        query['cursor'] === 'next-1'
          ? examplesPage(page2, 6, null)
          : examplesPage(examples, 6, 'next-1'),
      ),
    );
    renderExamples('/examples');
    await waitFor(() => expect(cards()).toHaveLength(4));
    expect(screen.getByText('Showing 4 of 6')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(cards()).toHaveLength(6));
    expect(within(cards()[5]!).getByTestId('running-number').textContent).toBe('6');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(callsTo('/examples').map((call) => call.query['cursor'] ?? null)).toEqual([
      null,
      'next-1',
    ]);
    expect(callsTo('/examples')[0]!.query['limit']).toBe('20');
  });

  it('opens the list at page N of its URL: numbered from there, with links to the pages before and after', async () => {
    const { callsTo } = fakeApi(withExamples(() => examplesPage(examples, 50, 'next-3')));
    renderExamples('/examples?difficulty=1&page=3');
    await waitFor(() => expect(cards()).toHaveLength(4));
    expect(callsTo('/examples')[0]!.query).toMatchObject({ page: '3', limit: '20' });
    expect(within(cards()[0]!).getByTestId('running-number').textContent).toBe('41');
    expect(screen.getByText('Showing 41–44 of 50')).toBeTruthy();
    const previous = screen.getByRole('link', { name: 'Previous page' });
    expect(previous.getAttribute('href')).toBe('/examples?difficulty=1&page=2');
    const next = screen.getByRole('link', { name: 'Next page' });
    expect(next.getAttribute('href')).toBe('/examples?difficulty=1&page=4');
  });

  it('shows the initial-data error with Try Again reloading the page', async () => {
    const { callsTo } = fakeApi({ ...api, 'GET /types': fail(500, 'Internal error.') });
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    renderExamples('/examples');
    expect(await screen.findByText('Unable to load categories')).toBeTruthy();
    expect(screen.getByText('Failed to load initial data')).toBeTruthy();
    expect(callsTo('/examples')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(reload).toHaveBeenCalled();
  });

  it("shows 'Error Loading Examples' with the server message and retries", async () => {
    let failing = true;
    const { callsTo } = fakeApi(
      withExamples(() =>
        failing ? fail(400, 'q must be at most 200 characters') : examplesPage(examples),
      ),
    );
    renderExamples('/examples');
    expect(await screen.findByText('Error Loading Examples')).toBeTruthy();
    expect(screen.getByText('q must be at most 200 characters')).toBeTruthy();
    failing = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect(cards()).toHaveLength(4));
    expect(callsTo('/examples')).toHaveLength(2);
  });

  it('says so when the examples answer does not match the contract', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    fakeApi(withExamples({ examples: [{ id: 'x' }], total: 1 }));
    renderExamples('/examples');
    expect(await screen.findByText('Error Loading Examples')).toBeTruthy();
    expect(screen.getByText('The server sent a response this page cannot read.')).toBeTruthy();
  });

  it("falls back to 'Failed to load examples' when the failure has no message", async () => {
    fakeApi(
      withExamples(() =>
        Response.json({ success: false, code: 'BadGateway', message: '' }, { status: 502 }),
      ),
    );
    renderExamples('/examples');
    expect(await screen.findByText('Failed to load examples')).toBeTruthy();
    expect(screen.queryByText(/Bad ?Gateway/i)).toBeNull();
  });

  it("a 500 without a message shows 'Unable to load categories' with the friendly line, not the status text", async () => {
    // A body without the envelope's message, as a proxy in front may send.
    fakeApi({
      ...api,
      'GET /subjects': () => Response.json({ error: 'Internal Server Error' }, { status: 500 }),
    });
    renderExamples('/examples');
    expect(await screen.findByText('Unable to load categories')).toBeTruthy();
    expect(screen.getByText('Something went wrong on our side. Please try again.')).toBeTruthy();
    expect(screen.queryByText(/Internal Server Error/)).toBeNull();
  });
});

describe('/examples: search help', { timeout: 20_000 }, () => {
  it('offers the nearby searches an empty result comes with, each a link to that search', async () => {
    fakeApi(
      withExamples(({ query: { q } }) =>
        q === 'circle zebra'
          ? { ...examplesPage([]), didYouMean: ['circle', 'zebra crossing'] }
          : examplesPage(examples),
      ),
    );
    renderExamples('/examples?q=circle+zebra&difficulty=2');
    const help = await screen.findByTestId('did-you-mean');
    expect(help.textContent).toBe('Did you mean circle or zebra crossing?');
    expect(
      within(help)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/examples?difficulty=2&q=circle', '/examples?difficulty=2&q=zebra+crossing']);
  });

  it('says nothing more when an empty result comes with no nearby search', async () => {
    fakeApi(withExamples(() => examplesPage([])));
    renderExamples('/examples?q=qqqq');
    expect(await screen.findByText('No Examples Found')).toBeTruthy();
    expect(screen.queryByTestId('did-you-mean')).toBeNull();
  });

  it('suggests examples and categories as a search is typed, and opens one with the keyboard', async () => {
    const suggested: string[] = [];
    fakeApi({
      ...api,
      // Later routes are asked first: /examples/suggest before /examples/{id}.
      'GET /examples/:id': ({ params: { id } }) => ({
        example: examples.find((e) => String(e.id) === id),
      }),
      'GET /examples/suggest': ({ query: { q } }) => {
        suggested.push(q!);
        return {
          examples: [
            {
              id: 2,
              question: String.raw`Eliminate $y$ from $$\begin{cases} x+y=2 \\ x-y=0 \end{cases}$$`,
            },
          ],
        };
      },
    });
    renderExamples('/examples');
    const box = await screen.findByRole('searchbox', { name: 'Search' });
    fireEvent.focus(box);
    const combo = await screen.findByRole('combobox', { name: 'Search' });
    fireEvent.change(combo, { target: { value: 'elim' } });
    const listbox = await screen.findByRole('listbox', { name: 'Suggestions' });
    await waitFor(() =>
      expect(
        within(listbox)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual([expect.stringContaining('Eliminate'), 'Elimination Method in Algebra']),
    );
    expect(suggested).toEqual(['elim']);
    // A glimpse: its display maths typeset inline, in the line.
    const [first] = within(listbox).getAllByRole('option');
    expect(first!.querySelector('.katex')).not.toBeNull();
    expect(first!.querySelector('.katex-display, .math-display')).toBeNull();
    // Escape closes the list and keeps the text (its default, emptying a search box, is stopped).
    expect(fireEvent.keyDown(combo, { key: 'Escape', code: 'Escape' })).toBe(false);
    await waitFor(() => expect(screen.queryByRole('listbox', { name: 'Suggestions' })).toBeNull());
    expect((combo as HTMLInputElement).value).toBe('elim');
    // With the list closed, Escape is the box's own again.
    expect(fireEvent.keyDown(combo, { key: 'Escape', code: 'Escape' })).toBe(true);
    fireEvent.keyDown(combo, { key: 'ArrowDown', code: 'ArrowDown' });
    fireEvent.keyDown(combo, { key: 'Enter', code: 'Enter' });
    expect(await screen.findByRole('heading', { name: 'Example 2' })).toBeTruthy();
  });
});
