import { useCallback, useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  filtersToSearchParams,
  normaliseSearchParams,
  parseFilters,
  type ExampleFilters,
  type FilterCatalogue,
} from '../lib/filters';

/**
 * The filters, read from and written to the URL (the single source of truth): each change is a
 * history entry, so Back/Forward restore earlier filter sets. Once the catalogue is known, names
 * (`?subject=Algebra`), unknown ids and a category outside the subject are corrected in place
 * (a replace, not a new entry); the corrected filters are used straight away, so the list is
 * requested once, with the final filters.
 */
export function useExampleFilters(catalogue: FilterCatalogue | undefined) {
  const [searchParams, setSearchParams] = useSearchParams();

  const corrected = useMemo(
    () => (catalogue ? normaliseSearchParams(searchParams, catalogue) : null),
    [searchParams, catalogue],
  );
  const filters = useMemo(() => parseFilters(corrected ?? searchParams), [corrected, searchParams]);

  useEffect(() => {
    if (corrected) setSearchParams(corrected, { replace: true, preventScrollReset: true });
  }, [corrected, setSearchParams]);

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
