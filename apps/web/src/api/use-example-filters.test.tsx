import { act, render } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { catalogue } from '../test/catalogue-fixtures';
import { useExampleFilters } from './use-example-filters';

type Hook = ReturnType<typeof useExampleFilters>;

/** Renders the hook for a signed-in learner at `/examples?{search}`; `seen` holds every render. */
function renderFilters(search: string) {
  const seen: Array<Hook & { search: string }> = [];
  function Probe() {
    const hook = useExampleFilters(catalogue, { signedIn: true });
    const { search: current } = useLocation();
    useLayoutEffect(() => {
      seen.push({ ...hook, search: current });
    });
    return null;
  }
  render(
    <MemoryRouter initialEntries={[`/examples?${search}`]}>
      <Probe />
    </MemoryRouter>,
  );
  return { seen, last: () => seen.at(-1)! };
}

describe('changing the filters', () => {
  it('two picks made from one drawn screen both count (the second does not bring back what the first took away)', () => {
    const { last } = renderFilters('subject=1&liked=false');
    expect(last().filters.liked).toBe(false);
    // Both picks come from the same screen, as when a busy phone has not yet drawn the first one.
    const { setFilters } = last();
    act(() => {
      setFilters((current) => ({ ...current, liked: null }));
      setFilters((current) => ({ ...current, solved: true }));
    });
    expect(last().search).toBe('?subject=1&solved=true');
    expect(last().filters).toMatchObject({ subjectId: 1, liked: null, solved: true });
  });

  it('once the screen has caught up, a change starts from the filters in the URL', () => {
    const { last } = renderFilters('subject=1');
    act(() => last().setFilters((current) => ({ ...current, solved: true })));
    expect(last().search).toBe('?subject=1&solved=true');
    act(() => last().setFilters((current) => ({ ...current, liked: true })));
    expect(last().search).toBe('?subject=1&liked=true&solved=true');
  });

  it('a change that leaves the filters as they are does not navigate: no new render, the same URL', () => {
    const { seen, last } = renderFilters('subject=1');
    const before = seen.length;
    act(() => last().setFilters((current) => ({ ...current })));
    expect(seen.length).toBe(before);
    expect(last().search).toBe('?subject=1');
  });
});
