import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authStore } from '../../../lib/auth/auth-store';
import { deferred, fail } from '../../../test/fake-api';
import { renderApp, storeSession } from '../../../test/render';
import { PRACTICE_MODE_KEY } from '../hooks/use-practice-mode';
import { makeExample } from '../../../test/catalogue-fixtures';
import { fakeLearnerApi } from '../test/fixtures';
import { examplesRoutes } from '../test/screens';
import { SIGN_IN_PROMPT } from './example-marks';

const examples = [
  makeExample({ id: 1, difficultyId: 1, categoryId: 10, procedure: 'Subtract $1$.' }),
  makeExample({ id: 2, difficultyId: 2, categoryId: 12 }),
  makeExample({ id: 3, difficultyId: 1, categoryId: 20 }),
];

function signIn(sub = 'ada-7f3a') {
  storeSession({ sub, email: `${sub}@example.com`, name: 'Ada', groups: ['basic'] });
  authStore.initialise();
}

const cards = () => screen.queryAllByTestId('example-card');
const card = (n: number) => within(screen.getByRole('article', { name: `Example ${n}` }));
const pressed = (element: HTMLElement) => element.getAttribute('aria-pressed');
const chips = () => within(screen.getByRole('list', { name: 'Active filters' }));

/** The learner's examples API over `examples` (with `extra` routes asked first). */

const renderExamples = (url: string) => renderApp(url, { routes: examplesRoutes });

describe('learner marks on the examples screen', { timeout: 20_000 }, () => {
  it('likes an example at once, before the server answers, and keeps it', async () => {
    signIn();
    const hold = deferred();
    const api = fakeLearnerApi(examples, {
      'PUT *': async () => {
        await hold.promise;
        return undefined;
      },
    });
    renderExamples('/examples');
    await waitFor(() => expect(cards()).toHaveLength(3));

    const like = card(1).getByRole('button', { name: 'Like' });
    expect(pressed(like)).toBe('false');
    fireEvent.click(like);
    // optimistic: pressed while the PUT is still on its way
    await waitFor(() =>
      expect(pressed(card(1).getByRole('button', { name: 'Like' }))).toBe('true'),
    );
    expect(api.liked.has(1)).toBe(false);
    expect(api.callsTo('PUT /examples/1/like')).toHaveLength(1);
    expect(api.callsTo('/examples/1/like')[0]!.signedIn).toBe(true);

    hold.resolve();
    await waitFor(() => expect(api.liked.has(1)).toBe(true));
    expect(pressed(card(1).getByRole('button', { name: 'Like' }))).toBe('true');

    // and off again: DELETE
    fireEvent.click(card(1).getByRole('button', { name: 'Like' }));
    await waitFor(() =>
      expect(pressed(card(1).getByRole('button', { name: 'Like' }))).toBe('false'),
    );
    await waitFor(() => expect(api.liked.has(1)).toBe(false));
    expect(api.callsTo('DELETE /examples/1/like')).toHaveLength(1);
  });

  it('rolls a failed mark back and says why', async () => {
    signIn();
    const hold = deferred();
    fakeLearnerApi(examples, {
      '* /examples/2/solved': async () => {
        await hold.promise;
        return fail(500, 'The database is away.');
      },
    });
    renderExamples('/examples');
    await waitFor(() => expect(cards()).toHaveLength(3));

    fireEvent.click(card(2).getByRole('button', { name: 'Mark solved' }));
    await waitFor(() =>
      expect(pressed(card(2).getByRole('button', { name: 'Mark solved' }))).toBe('true'),
    );
    hold.resolve();

    expect(await screen.findByText('Could not mark the example solved')).toBeTruthy();
    expect(screen.getByText('The database is away.')).toBeTruthy();
    expect(pressed(card(2).getByRole('button', { name: 'Mark solved' }))).toBe('false');
  });

  it('shows solved/total beside the categories and refreshes it after a solve', async () => {
    signIn();
    const api = fakeLearnerApi(examples);
    api.solved.add(3);
    renderExamples('/examples?subject=1');
    await waitFor(() => expect(cards()).toHaveLength(3));

    const panel = within(screen.getByRole('complementary', { name: 'Category filters' }));
    const linear = () => panel.getByRole('button', { name: /Linear Equations/ });
    await waitFor(() => expect(linear().textContent).toContain('0/2'));
    expect(within(linear()).getByText('0 of 2 solved')).toBeTruthy();
    expect(panel.getByRole('button', { name: /Quadratics/ }).textContent).toContain('1/1');
    expect(panel.getByRole('button', { name: /Show All Categories/ }).textContent).toContain('1/3');

    const before = api.callsTo('/me/progress').length;
    fireEvent.click(card(2).getByRole('button', { name: 'Mark solved' }));
    await waitFor(() => expect(linear().textContent).toContain('1/2'));
    expect(api.callsTo('/me/progress').length).toBe(before + 1);
    expect(panel.getByRole('button', { name: /Show All Categories/ }).textContent).toContain('2/3');
  });

  it('shows the mastered count with a ring beside the categories that have any, said in words', async () => {
    signIn();
    const api = fakeLearnerApi(examples);
    api.solved.add(3);
    api.mastered.add(1);
    renderExamples('/examples?subject=1');
    await waitFor(() => expect(cards()).toHaveLength(3));

    const panel = within(screen.getByRole('complementary', { name: 'Category filters' }));
    const linear = () => panel.getByRole('button', { name: /Linear Equations/ });
    await waitFor(() => expect(within(linear()).queryByTestId('mastered-count')).not.toBeNull());
    expect(within(linear()).getByTestId('mastered-count').textContent).toBe('1');
    expect(within(linear()).getByTestId('mastery-ring')).toBeTruthy();
    expect(
      within(linear()).getByText(
        '0 of 2 solved, 1 of 2 examples mastered: remembered over at least 3 weeks',
      ),
    ).toBeTruthy();
    const all = panel.getByRole('button', { name: /Show All Categories/ });
    expect(within(all).getByText(/1 of 3 examples mastered/)).toBeTruthy();
    // Quadratics has nothing mastered: its badge says solved/total only
    const quadratics = panel.getByRole('button', { name: /Quadratics/ });
    expect(within(quadratics).queryByTestId('mastery-ring')).toBeNull();
    expect(quadratics.textContent).not.toContain('mastered');
    expect(panel.getAllByTestId('mastery-ring')).toHaveLength(2);
  });

  it('shows no mastery to a learner with nothing mastered', async () => {
    signIn();
    fakeLearnerApi(examples);
    renderExamples('/examples?subject=1');
    await waitFor(() => expect(screen.getAllByTestId('progress-badge').length).toBeGreaterThan(0));
    expect(screen.queryByTestId('mastery-ring')).toBeNull();
    expect(screen.queryByText(/mastered/)).toBeNull();
  });

  it('gives a visitor a sign-in prompt instead of the toggles, and no badges', async () => {
    const api = fakeLearnerApi(examples);
    renderExamples('/examples?difficulty=1');
    await waitFor(() => expect(cards()).toHaveLength(2));

    const like = card(1).getByRole('button', { name: 'Like' });
    expect(like.hasAttribute('aria-pressed')).toBe(false);
    fireEvent.click(like);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(SIGN_IN_PROMPT)).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: /Login/ }).getAttribute('href')).toBe(
      '/login?next=%2Fexamples%3Fdifficulty%3D1',
    );
    expect(screen.queryByTestId('progress-badge')).toBeNull();
    expect(screen.queryByTestId('mastery-ring')).toBeNull();
    expect(api.callsTo('/me/progress')).toHaveLength(0);
    expect(api.calls.filter((c) => c.method !== 'GET')).toHaveLength(0);
  });
});

describe('Liked Status and Solved Status', { timeout: 20_000 }, () => {
  it('has the spec options, keeps them in the URL with chips, and sends them', async () => {
    signIn();
    const api = fakeLearnerApi(examples);
    api.liked.add(2);
    const { location } = renderExamples('/examples');
    await waitFor(() => expect(cards()).toHaveLength(3));

    fireEvent.click(screen.getByRole('combobox', { name: 'Liked Status' }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      'All Examples',
      'Liked Only',
      'Not Liked',
    ]);
    fireEvent.click(screen.getByRole('option', { name: 'Liked Only' }));
    await waitFor(() => expect(location().search).toBe('?liked=true'));
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(api.callsTo('/examples').at(-1)!.query['liked']).toBe('true');
    expect(chips().getByText('Liked Only')).toBeTruthy();

    fireEvent.click(screen.getByRole('combobox', { name: 'Solved Status' }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      'All Examples',
      'Solved Only',
      'Unsolved Only',
    ]);
    fireEvent.click(screen.getByRole('option', { name: 'Unsolved Only' }));
    await waitFor(() => expect(location().search).toBe('?liked=true&solved=false'));
    const last = api.callsTo('/examples').at(-1)!.query;
    expect([last['liked'], last['solved']]).toEqual(['true', 'false']);

    fireEvent.click(screen.getByRole('button', { name: 'Remove filter Liked Only' }));
    await waitFor(() => expect(location().search).toBe('?solved=false'));
    await waitFor(() => expect(cards()).toHaveLength(3));
    fireEvent.click(screen.getByRole('button', { name: 'Clear All Filters' }));
    await waitFor(() => expect(location().search).toBe(''));
  });

  it('reads them from the URL for a signed-in user', async () => {
    signIn();
    const api = fakeLearnerApi(examples);
    api.solved.add(1);
    renderExamples('/examples?solved=true');
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(screen.getByRole('combobox', { name: 'Solved Status' })).toHaveProperty(
      'value',
      'Solved Only',
    );
    expect(chips().getByText('Solved Only')).toBeTruthy();
    expect(screen.getByText('Filtered results')).toBeTruthy();
  });

  it('never shows them to a visitor nor sends them, even from the URL', async () => {
    const api = fakeLearnerApi(examples);
    const { location } = renderExamples('/examples?liked=true&solved=false&difficulty=1');
    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(screen.queryByRole('combobox', { name: 'Liked Status' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Solved Status' })).toBeNull();
    await waitFor(() => expect(location().search).toBe('?difficulty=1'));
    for (const call of api.callsTo('/examples')) {
      expect(call.signedIn).toBe(false);
      expect('liked' in call.query).toBe(false);
      expect('solved' in call.query).toBe(false);
    }
    expect(screen.queryByText('Not Liked')).toBeNull();
  });

  it("keys the list by the caller: signing out reloads it as a visitor's", async () => {
    signIn();
    const api = fakeLearnerApi(examples);
    api.liked.add(1);
    renderExamples('/examples');
    await waitFor(() => expect(cards()).toHaveLength(3));
    await waitFor(() =>
      expect(pressed(card(1).getByRole('button', { name: 'Like' }))).toBe('true'),
    );
    const signedInCalls = api.callsTo('/examples').length;

    act(() => authStore.clear());
    await waitFor(() => expect(api.callsTo('/examples').length).toBe(signedInCalls + 1));
    expect(api.callsTo('/examples').at(-1)!.signedIn).toBe(false);
    await waitFor(() =>
      expect(card(1).getByRole('button', { name: 'Like' }).hasAttribute('aria-pressed')).toBe(
        false,
      ),
    );
    expect(screen.queryByRole('combobox', { name: 'Liked Status' })).toBeNull();
  });
});

describe('practice mode', { timeout: 20_000 }, () => {
  it('hides answers and procedures behind buttons and is remembered', async () => {
    fakeLearnerApi(examples);
    const first = renderExamples('/examples');
    await waitFor(() => expect(cards()).toHaveLength(3));
    expect(card(1).getByText('Answer')).toBeTruthy();

    fireEvent.click(screen.getByRole('switch', { name: /Practice mode/ }));
    expect(window.localStorage.getItem(PRACTICE_MODE_KEY)).toBe('true');
    expect(card(1).queryByText('Answer')).toBeNull();
    expect(card(1).queryByText('Procedure')).toBeNull();
    expect(card(2).queryByText('Answer')).toBeNull();

    fireEvent.click(card(1).getByRole('button', { name: 'Show answer' }));
    expect(card(1).getByText('Answer')).toBeTruthy();
    expect(card(1).queryByText('Procedure')).toBeNull();
    fireEvent.click(card(1).getByRole('button', { name: 'Show procedure' }));
    expect(card(1).getByText('Procedure')).toBeTruthy();
    // the other cards stay hidden
    expect(card(2).queryByText('Answer')).toBeNull();
    // and it hides again
    fireEvent.click(card(1).getByRole('button', { name: 'Hide answer' }));
    expect(card(1).queryByText('Answer')).toBeNull();

    // a later visit remembers it
    first.unmount();
    renderExamples('/examples');
    await waitFor(() => expect(cards()).toHaveLength(3));
    expect(screen.getByRole('switch', { name: /Practice mode/ })).toHaveProperty('checked', true);
    expect(card(1).queryByText('Answer')).toBeNull();
    expect(card(1).getByRole('button', { name: 'Show answer' })).toBeTruthy();

    fireEvent.click(screen.getByRole('switch', { name: /Practice mode/ }));
    expect(window.localStorage.getItem(PRACTICE_MODE_KEY)).toBe('false');
    expect(card(1).getByText('Answer')).toBeTruthy();
  });

  it('applies on the example page too, where it shows as Try first', async () => {
    window.localStorage.setItem(PRACTICE_MODE_KEY, 'true');
    fakeLearnerApi(examples);
    renderExamples('/examples/1');
    const article = within(await screen.findByRole('article'));
    expect(article.getByText('Question')).toBeTruthy();
    expect(article.queryByText('Answer')).toBeNull();
    fireEvent.click(article.getByRole('button', { name: 'Show answer' }));
    expect(article.getByText('Answer')).toBeTruthy();
    expect(article.getByRole('switch', { name: /Try first/ })).toHaveProperty('checked', true);
  });
});

describe('Random example', { timeout: 20_000 }, () => {
  it('opens a random example within the current filters, carrying them', async () => {
    signIn();
    const api = fakeLearnerApi(examples);
    api.liked.add(3);
    const { location } = renderExamples('/examples?difficulty=1&liked=true');
    await waitFor(() => expect(cards()).toHaveLength(1));

    fireEvent.click(screen.getByRole('button', { name: 'Random example' }));
    expect(await screen.findByRole('heading', { name: 'Example 3' })).toBeTruthy();
    expect(location().pathname + location().search).toBe('/examples/3?difficulty=1&liked=true');
    const random = api.callsTo('/examples/random')[0]!.query;
    expect(random).toEqual({ difficultyId: '1', liked: 'true' });
    // The pick came with its position: the page shows it without asking again.
    expect(await screen.findByText('1 of 1 in this list')).toBeTruthy();
    expect(api.calls.filter((c) => c.path.endsWith('/position'))).toHaveLength(0);
    expect(api.callsTo('/examples/3')).toHaveLength(0);
  });

  it('says so when no example matches', async () => {
    signIn();
    fakeLearnerApi(examples);
    const { location } = renderExamples('/examples?liked=true');
    await screen.findByText('No Examples Found');
    fireEvent.click(screen.getByRole('button', { name: 'Random example' }));
    expect(await screen.findByText('No examples match these filters.')).toBeTruthy();
    expect(location().pathname).toBe('/examples');
  });

  it('leaves liked and solved out for a visitor', async () => {
    const api = fakeLearnerApi(examples);
    renderExamples('/examples?difficulty=2');
    await waitFor(() => expect(cards()).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Random example' }));
    expect(await screen.findByRole('heading', { name: 'Example 2' })).toBeTruthy();
    const call = api.callsTo('/examples/random')[0]!;
    expect(call.signedIn).toBe(false);
    expect(call.query).toEqual({ difficultyId: '2' });
  });
});

describe('the example page', { timeout: 20_000 }, () => {
  it('has the toggles too, sharing the state with the list', async () => {
    signIn();
    const api = fakeLearnerApi(examples);
    renderExamples('/examples/2');
    await screen.findByRole('heading', { name: 'Example 2' });
    const solved = await screen.findByRole('button', { name: 'Mark solved' });
    expect(pressed(solved)).toBe('false');
    fireEvent.click(solved);
    await waitFor(() =>
      expect(pressed(screen.getByRole('button', { name: 'Mark solved' }))).toBe('true'),
    );
    await waitFor(() => expect(api.solved.has(2)).toBe(true));
  });
});
