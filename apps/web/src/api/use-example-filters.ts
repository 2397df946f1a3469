import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { useServerRender } from '../lib/hydration';
import {
  filtersToSearchParams,
  type ExampleFilters,
  type FilterCatalogue,
} from './example-filters';
import { filtersOfParams, normaliseSearchParams } from './normalise-filters';

/** A change of the filters, worked out from the filters as they are when it is made. */
export type FiltersUpdate = (current: ExampleFilters) => ExampleFilters;

/**
 * The filters, read from and written to the URL (the single source of truth): each change is a
 * history entry, so Back/Forward restore earlier filter sets. Once the catalogue is known, names
 * (`?subject=Algebra`), unknown ids and a category outside the subject are corrected in place
 * (a replace, not a new entry); the corrected filters are used straight away, so the list is
 * requested once, with the final filters. A change is a function of the current filters, so two
 * picks in a row both count even when the second comes before the first has been drawn.
 *
 * Liked and solved apply to signed-in users only: for a visitor they read as unset
 * and are dropped from the URL.
 */
export function useExampleFilters(
  catalogue: FilterCatalogue | undefined,
  { signedIn }: { signedIn: boolean },
) {
  const [searchParams, setSearchParams] = useSearchParams();

  const corrected = useMemo(
    () => (catalogue ? normaliseSearchParams(searchParams, catalogue, { signedIn }) : null),
    [searchParams, catalogue, signedIn],
  );
  const filters = useMemo(
    () => filtersOfParams(searchParams, corrected, signedIn),
    [corrected, searchParams, signedIn],
  );

  // Not while a server-rendered page is being taken over: that render is a visitor's (the server
  // knows no session), and would drop a signed-in user's liked/solved from the URL.
  const serverRender = useServerRender();
  useEffect(() => {
    if (corrected && !serverRender) {
      setSearchParams(corrected, { replace: true, preventScrollReset: true });
    }
  }, [corrected, serverRender, setSearchParams]);

  // What the last change asked for, and the URL it was asked from. react-router renders a
  // navigation in a transition, so on a busy phone a second pick can come before the first one's
  // render: it must build on what the first one asked for, not on the filters still on screen,
  // or it would bring back what the first pick took away.
  const asked = useRef<{ from: string; filters: ExampleFilters } | null>(null);
  const setFilters = useCallback(
    (update: FiltersUpdate) => {
      const from = searchParams.toString();
      const current = asked.current?.from === from ? asked.current.filters : filters;
      const next = update(current);
      const params = filtersToSearchParams(next);
      if (params.toString() === filtersToSearchParams(current).toString()) return;
      asked.current = { from, filters: next };
      setSearchParams(params, { preventScrollReset: true });
    },
    [filters, searchParams, setSearchParams],
  );

  return { filters, setFilters };
}
