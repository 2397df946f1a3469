import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeExample } from '../../../test/catalogue-fixtures';
import { fail } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';
import { readTryFirstCookie, writeTryFirstCookie } from '../../../lib/try-first';
import { PRACTICE_MODE_KEY } from '../hooks/use-practice-mode';
import { fakeLearnerApi } from '../test/fixtures';
import { examplesRoutes } from '../test/screens';

// MathLive needs a real browser: a text box with the same props stands in for its field.
vi.mock('./attempt/math-answer-field', () => import('../test/math-answer-field-stub'));

const examples = [
  makeExample({
    id: 2,
    answer: '$x = 4$',
    procedure: 'Subtract $2$ from both sides.\n\nThen $x = 4$.',
  }),
];

const page = async () => within(await screen.findByRole('article'));
const tryFirstSwitch = (article: ReturnType<typeof within>) =>
  article.getByRole('switch', { name: /Try first/ });

async function answer(article: ReturnType<typeof within>, latex: string) {
  if (!article.queryByRole('textbox', { name: 'Your answer' })) {
    fireEvent.click(article.getByRole('button', { name: 'Try it yourself' }));
  }
  const field = await article.findByRole('textbox', { name: 'Your answer' });
  fireEvent.change(field, { target: { value: latex } });
  fireEvent.keyDown(field, { key: 'Enter' });
}

describe('try first on an example page', { timeout: 20_000 }, () => {
  it('is on by default for a signed-in learner: the answer and procedure are folded, and a right answer tried so is solved without help', async () => {
    const api = fakeLearnerApi(examples);
    renderApp('/examples/2', { routes: examplesRoutes, as: 'basic' });
    const article = await page();
    await waitFor(() => expect(api.callsTo('GET /me/preferences')).toHaveLength(1));
    expect(tryFirstSwitch(article)).toHaveProperty('checked', true);
    expect(article.queryByRole('region', { name: 'Answer' })).toBeNull();
    expect(article.queryByRole('region', { name: 'Procedure' })).toBeNull();
    expect(article.getByRole('button', { name: 'Show answer' })).toBeTruthy();
    expect(article.getByRole('button', { name: 'Show next step' })).toBeTruthy();
    // The browser keeps a copy, so a reload is drawn folded by the server.
    expect(readTryFirstCookie()).toBe(true);

    await answer(article, 'x=5');
    await waitFor(() => expect(article.getByRole('status').textContent).toContain('Not quite.'));
    // A refused answer leaves it folded, so the learner can try again.
    expect(article.queryByRole('region', { name: 'Answer' })).toBeNull();

    await answer(article, 'x=4');
    await waitFor(() => expect(article.getByRole('status').textContent).toContain('Correct!'));
    expect(within(article.getByRole('status')).getByText('Solved without help')).toBeTruthy();
    expect(article.getByRole('region', { name: 'Answer' })).toBeTruthy();
    expect(article.getByRole('region', { name: 'Procedure' })).toBeTruthy();
    expect(api.callsTo('POST /examples/2/help')).toHaveLength(0);
    expect(api.solveMarks.get(2)).toBe('without-help');
  });

  it('turned off, it saves the choice with the account, shows the answer, and a right answer then counts as solved with help', async () => {
    const api = fakeLearnerApi(examples);
    renderApp('/examples/2', { routes: examplesRoutes, as: 'basic' });
    const article = await page();
    await waitFor(() => expect(api.callsTo('GET /me/preferences')).toHaveLength(1));
    fireEvent.click(tryFirstSwitch(article));
    expect(article.getByRole('region', { name: 'Answer' })).toBeTruthy();
    await waitFor(() => expect(api.callsTo('PATCH /me/preferences')).toHaveLength(1));
    expect(api.callsTo('PATCH /me/preferences')[0]!.body).toEqual({ tryFirst: false });
    expect(api.preferences.tryFirst).toBe(false);
    expect(readTryFirstCookie()).toBe(false);

    await answer(article, 'x=4');
    await waitFor(() => expect(article.getByRole('status').textContent).toContain('Correct!'));
    expect(within(article.getByRole('status')).getByText('Solved with help')).toBeTruthy();
    expect(article.getByTestId('answer-note').textContent).toContain(
      'Turn on Try first to try without seeing it.',
    );
  });

  it('follows the account: a learner who turned it off gets the answer shown, whatever this browser held', async () => {
    writeTryFirstCookie(true);
    const api = fakeLearnerApi(examples);
    api.preferences.tryFirst = false;
    renderApp('/examples/2', { routes: examplesRoutes, as: 'basic' });
    const article = await page();
    await waitFor(() => expect(article.getByRole('region', { name: 'Answer' })).toBeTruthy());
    expect(tryFirstSwitch(article)).toHaveProperty('checked', false);
    expect(readTryFirstCookie()).toBe(false);
  });

  it('says so and goes back when the choice cannot be saved', async () => {
    const api = fakeLearnerApi(examples, {
      'PATCH /me/preferences': fail(503, 'The database is not answering.'),
    });
    renderApp('/examples/2', { routes: examplesRoutes, as: 'basic' });
    const article = await page();
    await waitFor(() => expect(api.callsTo('GET /me/preferences')).toHaveLength(1));
    fireEvent.click(tryFirstSwitch(article));
    expect(await screen.findByText('Could not save your choice')).toBeTruthy();
    await waitFor(() => expect(tryFirstSwitch(article)).toHaveProperty('checked', true));
    expect(article.queryByRole('region', { name: 'Answer' })).toBeNull();
    expect(readTryFirstCookie()).toBe(true);
  });

  it('is off for a visitor, who can turn it on in this browser without an account', async () => {
    const api = fakeLearnerApi(examples);
    renderApp('/examples/2', { routes: examplesRoutes });
    const article = await page();
    expect(tryFirstSwitch(article)).toHaveProperty('checked', false);
    expect(article.getByRole('region', { name: 'Answer' })).toBeTruthy();
    fireEvent.click(tryFirstSwitch(article));
    expect(article.queryByRole('region', { name: 'Answer' })).toBeNull();
    expect(article.getByRole('button', { name: 'Show answer' })).toBeTruthy();
    expect(readTryFirstCookie()).toBe(true);
    expect(api.callsTo('GET /me/preferences')).toHaveLength(0);
    expect(api.callsTo('PATCH /me/preferences')).toHaveLength(0);
  });

  it('with practice mode on the page is folded; turning it off here turns practice mode off too', async () => {
    window.localStorage.setItem(PRACTICE_MODE_KEY, 'true');
    fakeLearnerApi(examples);
    renderApp('/examples/2', { routes: examplesRoutes });
    const article = await page();
    expect(tryFirstSwitch(article)).toHaveProperty('checked', true);
    expect(article.queryByRole('region', { name: 'Answer' })).toBeNull();
    fireEvent.click(tryFirstSwitch(article));
    expect(article.getByRole('region', { name: 'Answer' })).toBeTruthy();
    expect(window.localStorage.getItem(PRACTICE_MODE_KEY)).toBe('false');
  });
});
