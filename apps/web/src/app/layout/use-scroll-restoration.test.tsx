import { act, render } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { MemoryRouter, useNavigate, type NavigateFunction } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useScrollRestoration } from './use-scroll-restoration';

let navigate: NavigateFunction;
function Page() {
  useScrollRestoration();
  const go = useNavigate();
  useLayoutEffect(() => {
    navigate = go;
  }, [go]);
  return null;
}

/** The window scrolled to `y`, as the browser reports it. */
function scrollWindow(y: number) {
  Object.defineProperty(window, 'scrollY', { configurable: true, value: y });
  window.dispatchEvent(new Event('scroll'));
}

describe('scroll restoration', () => {
  let scrollTo: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    window.sessionStorage.clear();
    scrollTo = vi.fn();
    vi.stubGlobal('scrollTo', scrollTo);
    render(
      <MemoryRouter initialEntries={['/examples']}>
        <Page />
      </MemoryRouter>,
    );
    scrollTo.mockClear();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    scrollWindow(0);
  });

  it('starts a new page at the top, and Back returns to where the previous one was', async () => {
    scrollWindow(1200);
    await act(() => navigate('/examples/7'));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);

    scrollWindow(300);
    await act(() => navigate(-1));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 1200);
    await act(() => navigate(1));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 300);
  });

  it('keeps the scroll when only the search changes (filters)', async () => {
    scrollWindow(800);
    await act(() => navigate('/examples?difficulty=2'));
    await act(() => navigate('/examples?difficulty=3', { replace: true }));
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('keeps the positions for a reload', async () => {
    scrollWindow(640);
    window.dispatchEvent(new Event('pagehide'));
    const stored = JSON.parse(window.sessionStorage.getItem('exemplar-scroll-positions') ?? '{}');
    expect(Object.values(stored)).toContain(640);
  });
});
