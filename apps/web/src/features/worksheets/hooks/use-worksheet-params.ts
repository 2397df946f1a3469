import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { forViewer, parseFilters, type FilterCatalogue } from '../../../api/example-filters';
import { normaliseSearchParams } from '../../../api/normalise-filters';
import {
  correctWorksheetParams,
  newSeed,
  parseWorksheetSettings,
  worksheetSearchParams,
  type WorksheetSettings,
} from '../lib/worksheet-params';

/**
 * The worksheet's filters and settings, read from the URL as the list reads its filters (the same
 * parsing, and once the catalogue is known the same corrections: names to ids, unknown ids
 * dropped, liked/solved only when signed in). A URL without a seed gets one, generated once per
 * visit and written in place (a replace), so the address is the sheet from the first request on.
 */
export function useWorksheetParams(
  catalogue: FilterCatalogue | undefined,
  { signedIn }: { signedIn: boolean },
) {
  const [searchParams, setSearchParams] = useSearchParams();
  const [seed] = useState(newSeed);

  const corrected = useMemo(() => {
    const filtersFixed = catalogue
      ? normaliseSearchParams(searchParams, catalogue, { signedIn })
      : null;
    const base = filtersFixed ?? searchParams;
    return correctWorksheetParams(base, seed) ?? filtersFixed;
  }, [searchParams, catalogue, signedIn, seed]);

  useEffect(() => {
    if (corrected) setSearchParams(corrected, { replace: true, preventScrollReset: true });
  }, [corrected, setSearchParams]);

  const current = corrected ?? searchParams;
  const filters = useMemo(() => forViewer(parseFilters(current), signedIn), [current, signedIn]);
  const settings = useMemo(() => parseWorksheetSettings(current), [current]);

  /**
   * Changes settings: a new order is a history entry (Back brings the previous sheet back);
   * typing a title or a count replaces the current one.
   */
  const update = useCallback(
    (patch: Partial<WorksheetSettings>, { replace = true }: { replace?: boolean } = {}) => {
      setSearchParams(worksheetSearchParams(filters, { ...settings, ...patch }), {
        replace,
        preventScrollReset: true,
      });
    },
    [filters, settings, setSearchParams],
  );

  return { filters, settings, update };
}
