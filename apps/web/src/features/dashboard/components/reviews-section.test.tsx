import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { authStore } from '../../../lib/auth/auth-store';
import { fail, fakeApi } from '../../../test/fake-api';
import { renderApp, storeSession } from '../../../test/render';
import { noReviews, someReviews } from '../test/fixtures';
import { ReviewsSection } from './reviews-section';

const section = () => within(screen.getByRole('region', { name: 'Reviews' }));

describe('dashboard reviews', { timeout: 20_000 }, () => {
  beforeEach(() => {
    storeSession({ sub: 'ada-7f3a', email: 'ada@example.com', name: 'Ada', groups: ['basic'] });
    authStore.initialise();
  });

  it("asks for the stats in the browser's time zone, with the learner's token", async () => {
    const api = fakeApi({ 'GET /reviews/stats': someReviews });
    renderApp(<ReviewsSection />);
    await screen.findByTestId('review-stats');
    const [call] = api.callsTo('GET /reviews/stats');
    expect(call?.query).toEqual({ tz: Intl.DateTimeFormat().resolvedOptions().timeZone });
    expect(call?.signedIn).toBe(true);
  });

  it('lists due now, due today, new, learning and in review', async () => {
    fakeApi({ 'GET /reviews/stats': someReviews });
    renderApp(<ReviewsSection />);
    const counts = within(await screen.findByRole('list', { name: 'Review counts' }));
    expect(counts.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      '2due now',
      '3due today',
      '1new',
      '2learning',
      '4in review',
    ]);
    expect(section().getByText('2 examples to review now.')).toBeTruthy();
    expect(section().getByRole('link', { name: 'Review now' }).getAttribute('href')).toBe(
      '/review',
    );
    expect(
      section().getByRole('link', { name: "Print today's reviews" }).getAttribute('href'),
    ).toBe('/worksheet?source=reviews');
  });

  it('offers no Review now when nothing is due yet, and no worksheet when nothing is due today', async () => {
    fakeApi({ 'GET /reviews/stats': { ...someReviews, dueNow: 0, dueToday: 1 } });
    renderApp(<ReviewsSection />);
    await screen.findByTestId('review-stats');
    expect(section().queryByRole('link', { name: 'Review now' })).toBeNull();
    expect(section().getByRole('link', { name: "Print today's reviews" })).toBeTruthy();
  });

  it('says each chart in words and as a table of the days with a count', async () => {
    fakeApi({ 'GET /reviews/stats': someReviews });
    renderApp(<ReviewsSection />);
    const calendar = within(await screen.findByRole('region', { name: 'Last 90 days' }));
    expect(calendar.getByTestId('reviews-calendar-summary').textContent).toBe(
      '12 reviews in the last 90 days, on 3 days; busiest day Fri 20 Nov (7 reviews); 1 today.',
    );
    const given = within(calendar.getByRole('table', { name: /Reviews given each day/ }));
    expect(given.getAllByRole('row').map((row) => row.textContent)).toEqual([
      'DayReviews',
      'Mon 2 Nov4',
      'Fri 20 Nov7',
      'Thu 26 Nov1',
    ]);

    const due = within(screen.getByRole('region', { name: 'Due in the next 30 days' }));
    expect(due.getByTestId('reviews-due-summary').textContent).toBe(
      '9 reviews due in the next 30 days; most on Sat 28 Nov (5).',
    );
    const falling = within(due.getByRole('table', { name: /Reviews falling due each day/ }));
    expect(
      falling
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(['Thu 26 Nov3', 'Sat 28 Nov5', 'Thu 3 Dec1']);
  });

  it('draws the calendar and the bar chart once the chart module has loaded', async () => {
    fakeApi({ 'GET /reviews/stats': someReviews });
    renderApp(<ReviewsSection />);
    const heatmap = await screen.findByTestId('review-heatmap');
    // one square per day of the 90, none outside them
    expect(heatmap.querySelectorAll('rect[data-date]').length).toBe(90);
    // the three days with reviews are filled, the others empty
    const filled = [...heatmap.querySelectorAll('rect[data-date]:not([data-empty])')];
    expect(filled.map((rect) => rect.getAttribute('data-date'))).toEqual([
      '2026-11-02',
      '2026-11-20',
      '2026-11-26',
    ]);
    expect(await screen.findByTestId('due-chart')).toBeTruthy();
  });

  it('makes the calendar one tab stop whose arrow keys move a day or a week, each day named and its count shown in a tooltip', async () => {
    fakeApi({ 'GET /reviews/stats': someReviews });
    renderApp(<ReviewsSection />);
    const heatmap = await screen.findByTestId('review-heatmap');
    const calendar = within(heatmap).getByRole('group', {
      name: 'Reviews given each day. The arrow keys move from day to day.',
    });
    const day = (date: string) =>
      calendar.querySelector<SVGRectElement>(`rect[data-date="${date}"]`)!;
    const stops = () =>
      [...calendar.querySelectorAll('rect[data-date]')]
        .filter((rect) => rect.getAttribute('tabindex') === '0')
        .map((rect) => rect.getAttribute('data-date'));
    const focused = () => document.activeElement?.getAttribute('aria-label');
    const tooltip = () => document.querySelector('.mantine-Tooltip-tooltip')?.textContent ?? null;
    // one stop, today; every day named
    expect(stops()).toEqual(['2026-11-26']);
    expect(within(heatmap).getAllByRole('img').length).toBe(90);
    expect(day('2026-11-02').getAttribute('aria-label')).toBe('4 reviews on Mon 2 Nov');
    expect(tooltip()).toBeNull();

    act(() => day('2026-11-26').focus());
    expect(focused()).toBe('1 review on Thu 26 Nov');
    await waitFor(() => expect(tooltip()).toBe('1 review on Thu 26 Nov'));
    // left: a week back; down: the next day; right past the last day: stays
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowLeft' });
    expect(focused()).toBe('No reviews on Thu 19 Nov');
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(focused()).toBe('7 reviews on Fri 20 Nov');
    await waitFor(() => expect(tooltip()).toBe('7 reviews on Fri 20 Nov'));
    expect(stops()).toEqual(['2026-11-20']);
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    expect(focused()).toBe('7 reviews on Fri 20 Nov');
    fireEvent.keyDown(document.activeElement!, { key: 'Home' });
    expect(focused()).toBe('No reviews on Sat 29 Aug');
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' });
    expect(focused()).toBe('No reviews on Sat 29 Aug');
    fireEvent.keyDown(document.activeElement!, { key: 'End' });
    expect(focused()).toBe('1 review on Thu 26 Nov');
    // Escape hides the tooltip; leaving the calendar too
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    await waitFor(() => expect(tooltip()).toBeNull());
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' });
    await waitFor(() => expect(tooltip()).toBe('No reviews on Wed 25 Nov'));
    act(() => (document.activeElement as HTMLElement).blur());
    await waitFor(() => expect(tooltip()).toBeNull());
    expect(stops()).toEqual(['2026-11-25']);
  });

  it('leads a learner without cards or reviews to the examples', async () => {
    fakeApi({ 'GET /reviews/stats': noReviews });
    renderApp(<ReviewsSection />);
    expect(await section().findByText('No reviews yet')).toBeTruthy();
    expect(section().getByText(/Add examples to your reviews/)).toBeTruthy();
    expect(
      section().getByRole('link', { name: 'Find examples to review' }).getAttribute('href'),
    ).toBe('/examples');
    expect(
      section().getByRole('link', { name: 'See suggested examples' }).getAttribute('href'),
    ).toBe('/review');
    expect(section().queryByTestId('review-stats')).toBeNull();
    expect(section().queryByRole('table')).toBeNull();
  });

  it('keeps the counts and charts for cards that are all new and never graded', async () => {
    fakeApi({ 'GET /reviews/stats': { ...noReviews, new: 2, dueNow: 2, dueToday: 2 } });
    renderApp(<ReviewsSection />);
    expect(await screen.findByTestId('review-stats')).toBeTruthy();
    expect(screen.getByTestId('reviews-calendar-summary').textContent).toBe(
      'No reviews in the last 90 days.',
    );
    expect(screen.queryByText('No reviews yet')).toBeNull();
  });

  it('says why the stats did not load and loads them again on Try Again', async () => {
    let calls = 0;
    fakeApi({
      'GET /reviews/stats': () =>
        ++calls === 1 ? fail(500, 'The database is away.') : someReviews,
    });
    renderApp(<ReviewsSection />);
    expect(await screen.findByText('Could not load your reviews')).toBeTruthy();
    expect(screen.getByText('The database is away.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect(screen.getByTestId('reviews-due-now').textContent).toBe('2'));
  });
});
