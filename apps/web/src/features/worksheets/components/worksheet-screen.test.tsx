import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, fakeApi, type ApiCall, type Routes } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';
import { authStore } from '../../../lib/auth/auth-store';
import { catalogueRoutes } from '../../../test/catalogue-fixtures';
import { meRoute } from '../../../test/auth-fixtures';
import { reviewsRoutes } from '../../../test/reviews-fixtures';
import { examples, worksheetRoutes } from '../test/fixtures';

/** A stand-in for the seeded order: a hash of seed and id, the same for the same seed. */
const hash = (text: string) => [...text].reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 7);

/** GET /examples/worksheet over the fixtures: difficulty filter, count, seed order. */
function drawWorksheet({ query }: ApiCall) {
  const matching = examples.filter(
    (e) => !query.difficultyId || String(e.difficultyId) === query.difficultyId,
  );
  const ordered = [...matching].sort(
    (a, b) => hash(`${query.seed}:${a.id}`) - hash(`${query.seed}:${b.id}`),
  );
  return { examples: ordered.slice(0, Number(query.count)), total: matching.length };
}

const api: Routes = { ...catalogueRoutes, 'GET /examples/worksheet': drawWorksheet };

const questions = () =>
  screen.queryAllByTestId('worksheet-question').map((li) => li.textContent ?? '');
const seedOf = (search: string) => new URLSearchParams(search).get('seed');

afterEach(() => {
  vi.restoreAllMocks();
});

describe('/worksheet', { timeout: 20_000 }, () => {
  it('writes a seed into the URL once, asks for the filtered sheet with it, and shows it numbered with the key', async () => {
    const { callsTo } = fakeApi(api);
    const { location } = renderApp('/worksheet?subject=1&difficulty=1', {
      routes: worksheetRoutes,
    });

    await waitFor(() => expect(questions()).toHaveLength(10));
    const seed = seedOf(location().search);
    expect(seed).toMatch(/^[A-Za-z0-9]{10}$/);
    expect(location().search).toBe(`?subject=1&difficulty=1&seed=${seed}`);
    const calls = callsTo('GET /examples/worksheet');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.query).toEqual({ subjectId: '1', difficultyId: '1', count: '10', seed });

    const expected = drawWorksheet(calls[0]!).examples;
    expect(questions().map((text) => text.match(/^\d+\./)?.[0])).toEqual(
      expected.map((_, i) => `${i + 1}.`),
    );
    expect(questions()[0]).toContain(`Question ${expected[0]!.id}:`);
    expect(
      screen.getByRole('heading', { level: 1, name: 'Algebra · Easy — 10 questions' }),
    ).toBeTruthy();
    expect(screen.getByText('Name')).toBeTruthy();
    expect(screen.getByText('Date')).toBeTruthy();
    const key = screen.getByRole('region', { name: 'Answer key' });
    expect(within(key).getAllByTestId('worksheet-answer')[0]!.textContent).toContain(
      `Answer ${expected[0]!.id}:`,
    );
    // Procedures only when asked for.
    expect(within(key).queryByText('Procedure')).toBeNull();
    expect(document.title).toBe('Algebra · Easy — 10 questions — Exemplar');

    // The seed stays: nothing re-draws or rewrites it. More questions are drawn with the same seed,
    // and that is the next draw: a re-draw of the first sheet would come before it.
    fireEvent.change(screen.getByRole('textbox', { name: 'Questions' }), {
      target: { value: '12' },
    });
    await waitFor(() => expect(questions()).toHaveLength(12));
    expect(seedOf(location().search)).toBe(seed);
    expect(callsTo('GET /examples/worksheet').map((call) => call.query)).toEqual([
      { subjectId: '1', difficultyId: '1', count: '10', seed },
      { subjectId: '1', difficultyId: '1', count: '12', seed },
    ]);
  });

  it('keeps the seed a link carries, so the same link draws the same sheet', async () => {
    const { callsTo } = fakeApi(api);
    const { location } = renderApp('/worksheet?difficulty=1&count=4&seed=Shared-Link', {
      routes: worksheetRoutes,
    });
    await waitFor(() => expect(questions()).toHaveLength(4));
    expect(location().search).toBe('?difficulty=1&count=4&seed=Shared-Link');
    expect(callsTo('GET /examples/worksheet')[0]!.query.seed).toBe('Shared-Link');
  });

  it('draws again with a new seed on "New order" (a history entry), and with more questions when the count changes', async () => {
    const { callsTo } = fakeApi(api);
    const { location, router } = renderApp('/worksheet?seed=first', { routes: worksheetRoutes });
    await waitFor(() => expect(questions()).toHaveLength(10));
    const before = questions();

    fireEvent.click(screen.getByRole('button', { name: 'New order' }));
    await waitFor(() => expect(seedOf(location().search)).not.toBe('first'));
    expect(router.state.historyAction).toBe('PUSH');
    await waitFor(() => expect(questions()).not.toEqual(before));
    expect(callsTo('GET /examples/worksheet').at(-1)!.query.seed).toBe(seedOf(location().search));

    fireEvent.change(screen.getByRole('textbox', { name: 'Questions' }), {
      target: { value: '12' },
    });
    await waitFor(() => expect(questions()).toHaveLength(12));
    expect(new URLSearchParams(location().search).get('count')).toBe('12');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'Worked examples — 12 questions',
    );
  });

  it('puts the procedures in the key when asked, and takes a typed title over the default', async () => {
    fakeApi(api);
    const { location } = renderApp('/worksheet?seed=s2&count=3', { routes: worksheetRoutes });
    await waitFor(() => expect(questions()).toHaveLength(3));

    fireEvent.click(screen.getByRole('switch', { name: 'Procedures in the key' }));
    await waitFor(() => expect(screen.getAllByText('Procedure')).toHaveLength(3));
    expect(new URLSearchParams(location().search).get('procedures')).toBe('1');

    const field = screen.getByRole('textbox', { name: 'Title' });
    expect(field.getAttribute('placeholder')).toBe('Worked examples — 3 questions');
    fireEvent.change(field, { target: { value: 'Friday quiz ' } });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Friday quiz');
    expect(new URLSearchParams(location().search).get('title')).toBe('Friday quiz');
    // What is typed stays as typed (the trailing space) while the URL holds it trimmed.
    expect((field as HTMLInputElement).value).toBe('Friday quiz ');
  });

  it('says so plainly when no example matches, with a way back to the filters', async () => {
    fakeApi({ ...api, 'GET /examples/worksheet': { examples: [], total: 0 } });
    renderApp('/worksheet?seed=s3&difficulty=2', { routes: worksheetRoutes });
    expect(await screen.findByText(/No examples match these filters/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Change the filters' }).getAttribute('href')).toBe(
      '/examples?difficulty=2',
    );
    expect(screen.getByRole('button', { name: 'Print' })).toHaveProperty('disabled', true);
  });

  it('shows a failure with Try Again', async () => {
    fakeApi({ ...api, 'GET /examples/worksheet': fail(500, 'Something went wrong.') });
    renderApp('/worksheet?seed=s4', { routes: worksheetRoutes });
    expect(await screen.findByText('Could not load the worksheet')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeTruthy();
  });

  it('prints once the fonts are ready', async () => {
    fakeApi(api);
    renderApp('/worksheet?seed=s5&count=2', { routes: worksheetRoutes });
    await waitFor(() => expect(questions()).toHaveLength(2));
    let fontsLoaded!: () => void;
    const ready = new Promise<void>((resolve) => (fontsLoaded = resolve));
    Object.defineProperty(document, 'fonts', { value: { ready }, configurable: true });
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    fireEvent.click(screen.getByRole('button', { name: 'Print' }));
    await act(() => Promise.resolve());
    expect(print).not.toHaveBeenCalled();
    await act(async () => fontsLoaded());
    expect(print).toHaveBeenCalledTimes(1);
  });
});

describe("/worksheet?source=reviews (today's reviews)", { timeout: 20_000 }, () => {
  it('asks for the reviews due, count of them, in due order, without the filters or a shuffle', async () => {
    // Examples 5, 2 and 8 are due, the most overdue first.
    const reviews = reviewsRoutes(examples, {
      due: [
        [8, -1_000],
        [5, -3_000],
        [2, -2_000],
      ],
    });
    const { callsTo } = fakeApi({ ...api, ...meRoute(), ...reviews.routes });
    renderApp('/worksheet?source=reviews&count=5', { routes: worksheetRoutes, as: 'basic' });
    await waitFor(() => expect(questions()).toHaveLength(3));
    expect(callsTo('GET /reviews/due').map((call) => call.query)).toEqual([{ limit: '5' }]);
    expect(callsTo('GET /examples/worksheet')).toHaveLength(0);
    expect(questions().map((text) => text.match(/Question (\d+):/)?.[1])).toEqual(['5', '2', '8']);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      "Today's reviews — 3 questions",
    );
    expect(screen.queryByRole('button', { name: 'New order' })).toBeNull();
  });

  it('says when nothing is due', async () => {
    fakeApi({ ...api, ...meRoute(), ...reviewsRoutes(examples).routes });
    renderApp('/worksheet?source=reviews', { routes: worksheetRoutes, as: 'basic' });
    expect(await screen.findByText(/No reviews are due now/)).toBeTruthy();
  });

  it('sends a visitor to sign in first, and asks nothing of the API', async () => {
    const { callsTo } = fakeApi(api);
    authStore.reset();
    authStore.initialise();
    const { location } = renderApp('/worksheet?source=reviews', { routes: worksheetRoutes });
    await waitFor(() => expect(location().pathname).toBe('/login'));
    expect(new URLSearchParams(location().search).get('next')).toMatch(
      /^\/worksheet\?source=reviews/,
    );
    expect(callsTo('GET /reviews/due')).toHaveLength(0);
  });
});
