import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authStore } from '../../lib/auth/auth-store';
import { fakeApi } from '../../test/fake-api';
import { renderApp } from '../../test/render';

const stats = (dueNow: number) => ({
  dueNow,
  dueToday: dueNow,
  new: dueNow,
  learning: 0,
  review: 2,
  mastered: 0,
  reviewsPerDay: [],
  duePerDay: [],
});

describe("the navbar's Review link", () => {
  it('is not shown to a visitor, and the counts are never asked for', async () => {
    authStore.initialise();
    const api = fakeApi({ '*': {} });
    renderApp('/about');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).queryByRole('link', { name: /Review/ })).toBeNull();
    expect(screen.queryByRole('link', { name: /^Review/ })).toBeNull();
    expect(api.callsTo('GET /reviews/stats')).toHaveLength(0);
  });

  it("carries the count due now, asked for in the browser's time zone, on desktop and phone", async () => {
    const api = fakeApi({ '*': {}, 'GET /reviews/stats': stats(3) });
    renderApp('/about', { as: 'basic' });
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    const link = await within(nav).findByRole('link', { name: /^Review\s*, 3 due$/ });
    expect(link.getAttribute('href')).toBe('/review');
    expect(within(link).getByTestId('due-badge').textContent).toBe('3');
    const phone = screen.getByRole('link', { name: 'Review, 3 due' });
    expect(phone.getAttribute('href')).toBe('/review');
    expect(api.callsTo('GET /reviews/stats')[0]?.query).toEqual({
      tz: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
  });

  it('has no badge when nothing is due', async () => {
    const api = fakeApi({ '*': {}, 'GET /reviews/stats': stats(0) });
    const { queryClient } = renderApp('/about', { as: 'basic' });
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    await waitFor(() => expect(api.callsTo('GET /reviews/stats')).toHaveLength(1));
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(within(nav).getByRole('link', { name: 'Review' })).toBeTruthy();
    expect(screen.queryByTestId('due-badge')).toBeNull();
    const links = screen.getAllByRole('link', { name: 'Review' });
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/review', '/review']);
  });
});
