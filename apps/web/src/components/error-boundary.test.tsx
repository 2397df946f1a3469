import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../test/render';
import { AppErrorBoundary } from './error-boundary';

function Boom(): never {
  throw new Error('secret internal detail at line 42');
}

describe('error boundary', () => {
  beforeEach(() => {
    // React and the boundary log the error for developers; keep test output clean.
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  it("shows 'Something went wrong' with Refresh Page and Go Back when a child throws", () => {
    renderApp(
      <AppErrorBoundary>
        <Boom />
      </AppErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Refresh Page' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Go Back' })).toBeTruthy();
    expect(screen.queryByText(/secret internal detail/)).toBeNull();
  });

  it('Go Back goes back in history', () => {
    const back = vi.spyOn(window.history, 'back').mockImplementation(() => {});
    renderApp(
      <AppErrorBoundary>
        <Boom />
      </AppErrorBoundary>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Go Back' }));
    expect(back).toHaveBeenCalledOnce();
  });
});
