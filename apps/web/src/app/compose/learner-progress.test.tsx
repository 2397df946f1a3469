import { fireEvent, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../lib/auth/auth-store';
import { renderWithProviders, storeSession } from '../../test/render';
import { LearnerProgress } from './learner-progress';

type Reply = { status?: number; body: unknown };

const progress = {
  total: 12,
  solved: 3,
  liked: 2,
  categories: [{ id: 10, total: 8, solved: 3 }],
  subjects: [
    { id: 1, total: 8, solved: 3 },
    { id: 2, total: 4, solved: 4 },
    { id: 3, total: 0, solved: 0 },
  ],
};
const subjects = [
  { id: 1, name: 'Algebra', description: '' },
  { id: 2, name: 'Geometry', description: '' },
  { id: 3, name: 'Topology', description: '' },
];

function stubApi(reply: (path: string) => Reply) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const path = new URL(String(input), 'http://localhost').pathname.replace(/^\/api/, '');
    const { status = 200, body } =
      path === '/subjects' ? { body: { success: true, data: { subjects } } } : reply(path);
    return new Response(JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const renderSection = () =>
  renderWithProviders(
    <MemoryRouter>
      <LearnerProgress />
    </MemoryRouter>,
  );

describe('dashboard progress', { timeout: 20_000 }, () => {
  beforeEach(() => {
    authStore.reset();
    storeSession({ sub: 'ada-7f3a', email: 'ada@example.com', name: 'Ada', groups: ['basic'] });
    authStore.initialise();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    authStore.reset();
  });

  it('shows solved/total, the liked count and a bar per subject', async () => {
    stubApi(() => ({ body: { success: true, data: progress } }));
    renderSection();
    expect((await screen.findByTestId('progress-solved')).textContent).toBe('3/12');
    expect(screen.getByTestId('progress-liked').textContent).toBe('2');
    expect(screen.getByText('examples liked')).toBeTruthy();
    expect(screen.getByRole('img', { name: '25% of all examples solved' })).toBeTruthy();

    const bySubject = within(screen.getByRole('list', { name: 'Progress by subject' }));
    const rows = bySubject.getAllByRole('listitem');
    // subjects without examples are left out
    expect(rows.map((row) => row.textContent)).toEqual(['Algebra3/8', 'Geometry4/4']);
    const algebra = bySubject.getByRole('progressbar', { name: 'Algebra: 3 of 8 solved' });
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
    stubApi(() => ({
      body: {
        success: true,
        data: { total: 12, solved: 0, liked: 0, categories: [], subjects: [] },
      },
    }));
    renderSection();
    expect(await screen.findByText('No progress yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse Examples' })).toBeTruthy();
  });

  it('says when the progress cannot be loaded, with Try Again', async () => {
    let fail = true;
    const fetchMock = stubApi(() =>
      fail
        ? {
            status: 500,
            body: { success: false, code: 'InternalError', message: 'Internal error.' },
          }
        : { body: { success: true, data: progress } },
    );
    renderSection();
    expect(
      await screen.findByText('Could not load your progress', {}, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.getByText('Internal error.')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect((await screen.findByTestId('progress-solved')).textContent).toBe('3/12');
    expect(fetchMock.mock.calls.length).toBeGreaterThan(2);
  });
});
