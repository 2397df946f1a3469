import { act, screen } from '@testing-library/react';
import { Link } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../lib/auth/auth-store';
import { renderApp } from '../../test/render';
import { RootLayout } from '../layout/root-layout';

function Boom(): never {
  throw new Error('secret internal detail at line 42');
}

describe('route errors', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    authStore.reset();
    authStore.initialise();
  });
  afterEach(() => {
    vi.restoreAllMocks();
    authStore.reset();
  });

  it("shows 'Something went wrong' with Refresh Page and Go Back when the layout throws", async () => {
    renderApp('/', { routes: [{ path: '/', element: <Boom /> }] });
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Refresh Page' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Go Back' })).toBeTruthy();
    expect(screen.queryByText(/secret internal detail/)).toBeNull();
  });

  it('keeps the navbar when a page inside the layout throws, and clears on the next navigation', async () => {
    const withBrokenPage = [
      {
        element: <RootLayout />,
        children: [
          { path: '/broken', element: <Boom /> },
          { path: '/fine', element: <Link to="/broken">Fine page</Link> },
        ],
      },
    ];
    const { router } = renderApp('/broken', { routes: withBrokenPage });
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Exemplar home' })).toBeTruthy();

    await act(() => router.navigate('/fine'));
    expect(await screen.findByRole('link', { name: 'Fine page' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Something went wrong' })).toBeNull();
  });

  it('shows the not-found page for an unknown path', async () => {
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: /This page doesn.t exist/ })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Exemplar home' })).toBeTruthy();
  });
});
