import { useCallback, useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useServerRender } from '../lib/hydration';
import {
  filtersToSearchParams,
  type ExampleFilters,
  type FilterCatalogue,
} from './example-filters';
import { filtersOfParams, normaliseSearchParams } from './normalise-filters';

/**
 * The filters, read from and written to the URL (the single source of truth): each change is a
 * history entry, so Back/Forward restore earlier filter sets. Once the catalogue is known, names
 * (`?subject=Algebra`), unknown ids and a category outside the subject are corrected in place
 * (a replace, not a new entry); the corrected filters are used straight away, so the list is
 * requested once, with the final filters.
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

  const setFilters = useCallback(
    (next: ExampleFilters) => {
      const params = filtersToSearchParams(next);
      if (params.toString() === filtersToSearchParams(filters).toString()) return;
      setSearchParams(params, { preventScrollReset: true });
    },
    [filters, setSearchParams],
  );

  return { filters, setFilters };
}
