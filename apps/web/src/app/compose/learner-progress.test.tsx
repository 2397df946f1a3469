import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { authStore } from '../../lib/auth/auth-store';
import { fail, fakeApi, type Answer, type Handler } from '../../test/fake-api';
import { renderApp, storeSession } from '../../test/render';
import { LearnerProgress } from './learner-progress';

const progress = {
  total: 12,
  solved: 3,
  solvedWithoutHelp: 2,
  liked: 2,
  mastered: 2,
  categories: [{ id: 10, total: 8, solved: 3, withoutHelp: 1, mastered: 2 }],
  subjects: [
    { id: 1, total: 8, solved: 3, withoutHelp: 1, mastered: 2 },
    { id: 2, total: 4, solved: 4, withoutHelp: 1, mastered: 0 },
    { id: 3, total: 0, solved: 0, withoutHelp: 0, mastered: 0 },
  ],
};
const subjects = [
  { id: 1, name: 'Algebra', description: '' },
  { id: 2, name: 'Geometry', description: '' },
  { id: 3, name: 'Topology', description: '' },
];

/** The API with GET /subjects and GET /me/progress answering `progressAnswer`. */
const stubApi = (progressAnswer: Answer | Handler) =>
  fakeApi({ 'GET /subjects': { subjects }, 'GET /me/progress': progressAnswer });

const renderSection = () => renderApp(<LearnerProgress />);

describe('dashboard progress', { timeout: 20_000 }, () => {
  beforeEach(() => {
    storeSession({ sub: 'ada-7f3a', email: 'ada@example.com', name: 'Ada', groups: ['basic'] });
    authStore.initialise();
  });

  it('shows solved/total, the solves without help, the liked count and a bar per subject', async () => {
    stubApi(progress);
    renderSection();
    expect((await screen.findByTestId('progress-solved')).textContent).toBe('3/12');
    expect(screen.getByTestId('progress-liked').textContent).toBe('2');
    expect(screen.getByTestId('progress-without-help').textContent).toBe('2');
    expect(screen.getByTestId('progress-mastered').textContent).toBe('2');
    expect(screen.getByText('examples mastered')).toBeTruthy();
    // What mastered means, under the count and on hover.
    expect(screen.getByText('remembered over at least 3 weeks')).toBeTruthy();
    expect(
      screen.getByTitle('2 of 12 examples mastered: remembered over at least 3 weeks'),
    ).toBeTruthy();
    expect(screen.getByText('solved without help')).toBeTruthy();
    expect(screen.getByText('examples liked')).toBeTruthy();
    expect(screen.getByRole('img', { name: '25% of all examples solved' })).toBeTruthy();

    const bySubject = within(screen.getByRole('list', { name: 'Progress by subject' }));
    const rows = bySubject.getAllByRole('listitem');
    // subjects without examples are left out
    expect(rows.map((row) => row.textContent)).toEqual([
      'Algebra1 · 3/8·2 mastered',
      'Geometry1 · 4/4',
    ]);
    const algebra = bySubject.getByRole('progressbar', {
      name: 'Algebra: 3 of 8 solved, 1 without help, 2 mastered',
    });
    expect(within(rows[0]!).getByTitle(/2 of 8 examples mastered/)).toBeTruthy();
    expect(within(rows[1]!).queryByTestId('mastery-ring')).toBeNull();
    expect(algebra.getAttribute('aria-valuenow')).toBe('38');
    expect(bySubject.getByRole('link', { name: 'Geometry' }).getAttribute('href')).toBe(
      '/examples?subject=2',
    );
    expect(screen.getByRole('link', { name: 'Practise unsolved' }).getAttribute('href')).toBe(
      '/examples?solved=false',
    );
    expect(screen.getByRole('link', { name: 'Browse Examples' }).getAttribute('href')).toBe(
      '/examples',
    );
  });

  it('keeps the empty state before the first like or solve', async () => {
    stubApi({
      total: 12,
      solved: 0,
      solvedWithoutHelp: 0,
      liked: 0,
      mastered: 0,
      categories: [],
      subjects: [],
    });
    renderSection();
    expect(await screen.findByText('No progress yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse Examples' })).toBeTruthy();
  });

  it('shows the progress, not the empty state, to a learner with only mastered examples', async () => {
    stubApi({
      ...progress,
      solved: 0,
      solvedWithoutHelp: 0,
      liked: 0,
      mastered: 1,
      subjects: [{ id: 1, total: 8, solved: 0, withoutHelp: 0, mastered: 1 }],
    });
    renderSection();
    expect((await screen.findByTestId('progress-mastered')).textContent).toBe('1');
    expect(screen.getByText('example mastered')).toBeTruthy();
    expect(screen.queryByText('No progress yet')).toBeNull();
  });

  it('says when the progress cannot be loaded, with Try Again', async () => {
    let failing = true;
    const api = stubApi(() => (failing ? fail(500, 'Internal error.') : progress));
    renderSection();
    expect(
      await screen.findByText('Could not load your progress', {}, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.getByText('Internal error.')).toBeTruthy();
    failing = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect((await screen.findByTestId('progress-solved')).textContent).toBe('3/12');
    expect(api.calls.length).toBeGreaterThan(2);
  });
});
