import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { anythingElse } from '../../features/auth/test/fixtures';
import { meRoute } from '../../test/auth-fixtures';
import { learnerRoutes } from '../../features/examples/test/fixtures';
import { makeExample } from '../../test/catalogue-fixtures';
import { reviewsRoutes } from '../../test/reviews-fixtures';
import { authStore } from '../../lib/auth/auth-store';
import { fail, fakeApi, type Handler, type Routes } from '../../test/fake-api';
import { renderApp } from '../../test/render';

// MathLive needs a real browser: a text box with the same props stands in for its field.
vi.mock(
  '../../features/examples/components/attempt/math-answer-field',
  () => import('../../features/examples/test/math-answer-field-stub'),
);

const examples = [
  makeExample({ id: 1, question: 'What is $1 + 1$?', answer: '$2$' }),
  makeExample({
    id: 2,
    question: 'What is $2 + 2$?',
    answer: '$4$',
    procedure: 'Count two.\n\nThen two more.',
  }),
  makeExample({ id: 3, question: 'What is $3 + 3$?', answer: '$6$' }),
  makeExample({
    id: 4,
    question: 'Prove that $\\sqrt{2}$ is irrational.',
    answer: 'Suppose $\\sqrt{2} = p/q$ in lowest terms; then $p$ and $q$ are both even.',
    answerSpec: { kind: 'none', form: 'any', unit: null, tolerance: null, choice: null },
  }),
];

function fakeReviews(options: Parameters<typeof reviewsRoutes>[1] = {}, extra: Routes = {}) {
  const reviews = reviewsRoutes(examples, options);
  const api = fakeApi({
    ...anythingElse,
    ...learnerRoutes(examples).routes,
    ...meRoute(),
    ...reviews.routes,
    ...extra,
  });
  return { ...api, cards: reviews.cards };
}

const main = () => within(screen.getByRole('main'));
const item = () => within(screen.getByTestId('review-item'));
const grade = (name: string) =>
  within(screen.getByTestId('grade-buttons')).getByRole('button', { name: new RegExp(name) });

async function showAnswer() {
  fireEvent.click(item().getByRole('button', { name: 'Show answer' }));
  return screen.findByTestId('grade-buttons');
}

describe('/review', { timeout: 20_000 }, () => {
  it('a visitor sees what reviews are with Login back to /review, and nothing is requested', async () => {
    authStore.initialise();
    const api = fakeReviews({ due: [[1, 0]] });
    renderApp('/review');
    expect(
      await screen.findByRole('heading', { name: 'Review what you have learnt' }),
    ).toBeTruthy();
    expect(main().getByRole('link', { name: 'Login' }).getAttribute('href')).toBe(
      '/login?next=%2Freview',
    );
    expect(api.calls.filter((call) => call.path.startsWith('/reviews'))).toEqual([]);
    expect(screen.queryByRole('link', { name: /^Review/ })).toBeNull();
  });

  it('shows the question first, the grades with their intervals once the answer is shown, and moves on after a grade', async () => {
    const api = fakeReviews({
      due: [
        [1, -60_000],
        [2, 0],
      ],
    });
    renderApp('/review', { as: 'basic' });

    expect(await screen.findByRole('heading', { name: 'Review 1 of 2' })).toBeTruthy();
    expect(item().getByText(/1 \+ 1/)).toBeTruthy();
    expect(item().queryByRole('region', { name: 'Answer' })).toBeNull();
    expect(screen.queryByTestId('grade-buttons')).toBeNull();

    await showAnswer();
    expect(item().getByRole('region', { name: 'Answer' })).toBeTruthy();
    const intervals = screen.getAllByTestId('grade-interval').map((el) => el.textContent);
    expect(intervals).toEqual(['<1 min', '<6 min', '1 day', '3 days']);
    expect(grade('Good').getAttribute('aria-keyshortcuts')).toBe('3');

    fireEvent.click(grade('Good'));
    expect(await screen.findByRole('heading', { name: 'Review 2 of 2' })).toBeTruthy();
    expect(api.callsTo('POST /reviews').map((call) => call.body)).toEqual([
      { exampleId: 1, rating: 'good' },
    ]);
    expect(item().getByText(/2 \+ 2/)).toBeTruthy();
    // The next example starts concealed again, its heading focused.
    expect(screen.queryByTestId('grade-buttons')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Review 2 of 2' }));
  });

  it('an answer that is not checked says so instead of Try it yourself; the answer is still shown on request', async () => {
    fakeReviews({ due: [[4, 0]] });
    renderApp('/review', { as: 'basic' });
    expect(await screen.findByRole('heading', { name: 'Review 1 of 1' })).toBeTruthy();
    expect(item().getByTestId('uncheckable-note').textContent).toBe(
      "This answer can't be checked automatically: compare your working with the answer.",
    );
    expect(item().queryByRole('button', { name: 'Try it yourself' })).toBeNull();
    await showAnswer();
    expect(item().getByRole('region', { name: 'Answer' })).toBeTruthy();
  });

  it('keys 1 to 4 grade once the answer is shown, not before and not while typing an answer', async () => {
    const api = fakeReviews({
      due: [
        [1, 0],
        [2, 0],
      ],
    });
    renderApp('/review', { as: 'basic' });
    await screen.findByRole('heading', { name: 'Review 1 of 2' });

    fireEvent.keyDown(window, { key: '1' });
    fireEvent.click(item().getByRole('button', { name: 'Try it yourself' }));
    const field = await item().findByRole('textbox', { name: 'Your answer' });
    await showAnswer();
    fireEvent.keyDown(field, { key: '2' });
    fireEvent.keyDown(document.body, { key: '4', ctrlKey: true });
    expect(api.callsTo('POST /reviews')).toEqual([]);

    fireEvent.keyDown(document.body, { key: '1' });
    await screen.findByRole('heading', { name: 'Review 2 of 2' });
    expect(api.callsTo('POST /reviews')[0]?.body).toEqual({ exampleId: 1, rating: 'again' });
  });

  it.each([
    ['right without help', '$2$', [], 'Good'],
    ['right after a step was shown', '$4$', ['Show next step'], 'Hard'],
    ['wrong', '$5$', [], 'Again'],
  ])(
    'an answer checked %s highlights %s, and any grade may still be picked',
    async (_case, answer, steps, suggested) => {
      const id = answer === '$4$' ? 2 : 1;
      const api = fakeReviews({ due: [[id, 0]] });
      renderApp('/review', { as: 'basic' });
      await screen.findByRole('heading', { name: 'Review 1 of 1' });
      for (const step of steps) fireEvent.click(item().getByRole('button', { name: step }));
      fireEvent.click(item().getByRole('button', { name: 'Try it yourself' }));
      const field = await item().findByRole('textbox', { name: 'Your answer' });
      fireEvent.change(field, { target: { value: answer } });
      fireEvent.click(item().getByRole('button', { name: 'Check answer' }));
      await item().findByTestId('verdict');
      if (answer === '$5$') await showAnswer();
      await screen.findByTestId('grade-buttons');

      const highlighted = screen
        .getAllByRole('button')
        .filter((button) => button.hasAttribute('data-suggested'));
      expect(highlighted.map((button) => button.getAttribute('data-rating'))).toEqual([
        suggested.toLowerCase(),
      ]);
      expect(grade(suggested).getAttribute('aria-describedby')).toBeTruthy();

      fireEvent.click(grade('Easy'));
      await screen.findByText('All caught up');
      expect(api.callsTo('POST /reviews')[0]?.body).toEqual({ exampleId: id, rating: 'easy' });
    },
  );

  it('ends with All caught up, how many were reviewed, when the next is, and the navbar count drops', async () => {
    fakeReviews({
      due: [
        [1, 0],
        [3, 3 * 24 * 3600_000],
      ],
    });
    renderApp('/review', { as: 'basic' });
    await screen.findByRole('heading', { name: 'Review 1 of 1' });
    const nav = within(screen.getByRole('navigation', { name: 'Main' }));
    expect(await nav.findByRole('link', { name: /^Review\s*, 1 due$/ })).toBeTruthy();

    await showAnswer();
    fireEvent.keyDown(document.body, { key: '3' });
    expect(await screen.findByText('All caught up')).toBeTruthy();
    expect(screen.getByText('You reviewed 1 example. Nothing else is due now.')).toBeTruthy();
    expect(screen.getByTestId('next-review').textContent).toBe('Your next review is in 1 day.');
    expect(main().getByRole('link', { name: 'Browse examples' }).getAttribute('href')).toBe(
      '/examples',
    );
    await waitFor(() => expect(screen.queryByTestId('due-badge')).toBeNull());
    expect(nav.getByRole('link', { name: 'Review' })).toBeTruthy();
  });

  it('brings a card graded Again back in the same session, after the cards due now, and ends only once it has left its steps', async () => {
    const api = fakeReviews({
      due: [
        [1, -60_000],
        [2, 0],
      ],
    });
    renderApp('/review', { as: 'basic' });
    await screen.findByRole('heading', { name: 'Review 1 of 2' });
    await showAnswer();
    fireEvent.click(grade('Again'));

    // The card due now first; then the one failed a moment ago, due in a minute, learnt ahead.
    expect(await screen.findByRole('heading', { name: 'Review 2 of 2' })).toBeTruthy();
    expect(item().getByText(/2 \+ 2/)).toBeTruthy();
    await showAnswer();
    fireEvent.click(grade('Good'));
    expect(await screen.findByRole('heading', { name: 'Review 3 of 3' })).toBeTruthy();
    expect(item().getByText(/1 \+ 1/)).toBeTruthy();
    expect(item().queryByRole('region', { name: 'Answer' })).toBeNull();
    await showAnswer();
    fireEvent.click(grade('Good'));

    expect(await screen.findByText('All caught up')).toBeTruthy();
    expect(
      screen.getByText('You reviewed 2 examples (3 reviews). Nothing else is due now.'),
    ).toBeTruthy();
    expect(api.callsTo('POST /reviews').map((call) => call.body)).toEqual([
      { exampleId: 1, rating: 'again' },
      { exampleId: 2, rating: 'good' },
      { exampleId: 1, rating: 'good' },
    ]);
    // Nothing left today: no count beside All caught up, and the next review is the earliest grade's.
    expect(screen.queryByTestId('later-today')).toBeNull();
    expect(screen.getByTestId('next-review').textContent).toBe('Your next review is in 1 day.');
  });

  it('ends with figures that agree: nothing due now, how many fall due later today, and when the next is', async () => {
    const now = Date.now();
    const endOfDay = Date.UTC(
      new Date(now).getUTCFullYear(),
      new Date(now).getUTCMonth(),
      new Date(now).getUTCDate() + 1,
    );
    // Due in review later today (halfway to midnight): not learnt ahead, so not in the session.
    fakeReviews({
      due: [
        [1, 0],
        [3, Math.floor((endOfDay - now) / 2)],
      ],
    });
    renderApp('/review', { as: 'basic' });
    await screen.findByRole('heading', { name: 'Review 1 of 1' });
    await showAnswer();
    fireEvent.click(grade('Easy'));
    expect(await screen.findByText('All caught up')).toBeTruthy();
    expect(screen.getByText('You reviewed 1 example. Nothing else is due now.')).toBeTruthy();
    expect(screen.getByTestId('later-today').textContent).toBe(
      '1 more example is due later today.',
    );
    expect(screen.queryByTestId('next-review')).toBeNull();
    expect(screen.queryByText(/due today/)).toBeNull();
  });

  it('a learner without cards learns what reviews are and adds a suggested example, which is then up for review', async () => {
    const api = fakeReviews({ suggested: [2, 3] });
    renderApp('/review', { as: 'basic' });
    expect(await screen.findByRole('heading', { name: 'Nothing to review yet' })).toBeTruthy();
    const suggestions = within(screen.getByRole('region', { name: 'Suggested for you' }));
    expect(await suggestions.findAllByTestId('suggestion')).toHaveLength(2);

    fireEvent.click(suggestions.getByRole('button', { name: 'Add to reviews, example ID 3' }));
    await waitFor(() => expect(api.callsTo('PUT /reviews/:exampleId')).toHaveLength(1));
    expect(api.callsTo('PUT /reviews/:exampleId')[0]?.path).toBe('/reviews/3');
    expect(await screen.findByRole('heading', { name: 'Review 1 of 1' })).toBeTruthy();
    expect(item().getByText(/3 \+ 3/)).toBeTruthy();
  });

  it('with no suggestions either, it points to the examples', async () => {
    fakeReviews();
    renderApp('/review', { as: 'basic' });
    expect(
      await screen.findByText(
        'Like an example, or solve one with a hint, and it will be suggested here.',
      ),
    ).toBeTruthy();
    expect(main().getByRole('link', { name: 'Browse examples' })).toBeTruthy();
  });

  it('a queue that fails to load says why and loads on Try Again', async () => {
    let failing = true;
    const reviews = reviewsRoutes(examples, { due: [[1, 0]] });
    fakeApi({
      ...anythingElse,
      ...learnerRoutes(examples).routes,
      ...meRoute(),
      ...reviews.routes,
      'GET /reviews/due': (call) =>
        failing
          ? fail(503, 'The database is busy.')
          : (reviews.routes['GET /reviews/due'] as Handler)(call),
    });
    renderApp('/review', { as: 'basic' });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Could not load your reviews')).toBeTruthy();
    expect(within(alert).getByText('The database is busy.')).toBeTruthy();
    failing = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { name: 'Review 1 of 1' })).toBeTruthy();
  });

  it('a grade that fails to save says why and keeps the example on screen', async () => {
    fakeReviews({ due: [[1, 0]] }, { 'POST /reviews': fail(500, 'Saving failed.') });
    renderApp('/review', { as: 'basic' });
    await screen.findByRole('heading', { name: 'Review 1 of 1' });
    await showAnswer();
    await act(async () => {
      fireEvent.click(grade('Hard'));
    });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Could not save your grade')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Review 1 of 1' })).toBeTruthy();
    expect(grade('Hard')).toBeTruthy();
  });
});
