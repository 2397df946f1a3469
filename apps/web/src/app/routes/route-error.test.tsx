import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../lib/auth/auth-store';
import { renderRoute } from '../../test/render';
import { RootLayout } from '../layout/root-layout';
import { RouteError } from './route-error';

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

  it("shows 'Something went wrong' with Refresh Page and Go Back when a route throws", async () => {
    renderRoute('/', [{ path: '/', Component: Boom, ErrorBoundary: RouteError }]);
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Refresh Page' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Go Back' })).toBeTruthy();
    expect(screen.queryByText(/secret internal detail/)).toBeNull();
  });

  it('keeps the navbar when a page inside the layout throws', async () => {
    const withBrokenPage = [
      {
        Component: RootLayout,
        children: [{ ErrorBoundary: RouteError, children: [{ path: '/broken', Component: Boom }] }],
      },
    ];
    renderRoute('/broken', withBrokenPage);
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Exemplar home' })).toBeTruthy();
  });
});
