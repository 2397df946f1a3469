import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { deferred, fail, fakeApi, type Handler, type Routes } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';
import { makeExample } from '../../../test/catalogue-fixtures';
import { learnerRoutes } from '../test/fixtures';
import { examplesRoutes } from '../test/screens';
import { REVIEW_SIGN_IN_PROMPT } from './review-toggle';

const DAY = 24 * 3600_000;
const inThreeDays = new Date(Date.now() + 3 * DAY + 60_000).toISOString();
const examples = [
  makeExample({ id: 1 }),
  makeExample({ id: 2 }),
  makeExample({ id: 3, reviewDue: inThreeDays }),
];

/** The examples API, with PUT and DELETE /reviews/{id} answered as the API does. */
function fakeReviewsApi(extra: Routes = {}) {
  const card: Handler = ({ method, params }) => {
    const exampleId = Number(params['exampleId']);
    if (method === 'DELETE') return null;
    const now = new Date().toISOString();
    return {
      review: {
        exampleId,
        due: now,
        state: 'new',
        stability: 0,
        difficulty: 0,
        reps: 0,
        lapses: 0,
        lastReview: null,
      },
      next: { again: now, hard: now, good: now, easy: now },
    };
  };
  return fakeApi({
    ...learnerRoutes(examples).routes,
    'PUT /reviews/:exampleId': card,
    'DELETE /reviews/:exampleId': card,
    ...extra,
  });
}

const card = (n: number) => within(screen.getByRole('article', { name: `Example ${n}` }));
const cardsShown = () =>
  waitFor(() => expect(screen.getAllByTestId('example-card')).toHaveLength(3));
const description = (element: HTMLElement) =>
  document.getElementById(element.getAttribute('aria-describedby') ?? '')?.textContent;

describe('Add to reviews', { timeout: 20_000 }, () => {
  it('adds an example at once, before the server answers, and then says it is due now', async () => {
    const hold = deferred();
    const api = fakeReviewsApi({
      'PUT /reviews/:exampleId': async () => {
        await hold.promise;
        return undefined;
      },
    });
    renderApp('/examples', { routes: examplesRoutes, as: 'basic' });
    await cardsShown();

    fireEvent.click(card(1).getByRole('button', { name: 'Add to reviews' }));
    const inReviews = await card(1).findByRole('button', { name: 'In reviews' });
    expect(api.callsTo('PUT /reviews/1')).toHaveLength(1);
    expect(api.callsTo('PUT /reviews/1')[0]?.signedIn).toBe(true);
    expect(description(inReviews)).toBe('Due now');
    hold.resolve();
    await waitFor(() => expect(api.calls.filter((call) => call.method === 'PUT')).toHaveLength(1));
    expect(card(1).getByRole('button', { name: 'In reviews' })).toBeTruthy();
    expect(card(2).getByRole('button', { name: 'Add to reviews' })).toBeTruthy();
  });

  it('asks before removing an example from the reviews, and Keep keeps it', async () => {
    const api = fakeReviewsApi();
    renderApp('/examples', { routes: examplesRoutes, as: 'basic' });
    await cardsShown();
    const inReviews = card(3).getByRole('button', { name: 'In reviews' });
    expect(description(inReviews)).toBe('Due in 3 days');

    fireEvent.click(inReviews);
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Its schedule is lost/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls.filter((call) => call.method === 'DELETE')).toEqual([]);

    fireEvent.click(card(3).getByRole('button', { name: 'In reviews' }));
    dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await card(3).findByRole('button', { name: 'Add to reviews' })).toBeTruthy();
    expect(api.callsTo('DELETE /reviews/3')).toHaveLength(1);
  });

  it('rolls a failed add back and says why', async () => {
    fakeReviewsApi({ 'PUT /reviews/:exampleId': fail(500, 'The database is away.') });
    renderApp('/examples', { routes: examplesRoutes, as: 'basic' });
    await cardsShown();
    fireEvent.click(card(2).getByRole('button', { name: 'Add to reviews' }));
    expect(await screen.findByText('Could not add the example to your reviews')).toBeTruthy();
    expect(screen.getByText('The database is away.')).toBeTruthy();
    expect(card(2).getByRole('button', { name: 'Add to reviews' })).toBeTruthy();
  });

  it('gives a visitor a sign-in prompt, as the like button does, and sends nothing', async () => {
    const api = fakeReviewsApi();
    renderApp('/examples', { routes: examplesRoutes });
    await cardsShown();
    fireEvent.click(card(1).getByRole('button', { name: 'Add to reviews' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(REVIEW_SIGN_IN_PROMPT)).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: /Login/ }).getAttribute('href')).toBe(
      '/login?next=%2Fexamples',
    );
    expect(api.calls.filter((call) => call.path.startsWith('/reviews'))).toEqual([]);
  });

  it('is on the example page too, with when it is due beside it', async () => {
    fakeReviewsApi();
    renderApp('/examples/3', { routes: examplesRoutes, as: 'basic' });
    const button = await screen.findByRole('button', { name: 'In reviews' });
    expect(screen.getByTestId('review-due').textContent).toBe('Due in 3 days');
    expect(description(button)).toBe('Due in 3 days');
  });
});
