import { CatalogueHealthSchema, type CatalogueHealth } from '@exemplar/shared/catalogue-health';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { parseData } from '../../../lib/envelope';

/** How often a run under way is asked for its progress. */
export const HEALTH_POLL_MS = 1000;

export const catalogueHealthKey = ['admin', 'catalogue-health'] as const;

/**
 * GET /admin/catalogue-health → the result for the catalogue as it is now, or the progress of the
 * run the request started (or joined).
 */
export async function getCatalogueHealth(signal?: AbortSignal): Promise<CatalogueHealth> {
  const body = await api.get<unknown>('/admin/catalogue-health', { signal });
  return parseData(CatalogueHealthSchema, body);
}

/** The catalogue's health, asked again every HEALTH_POLL_MS while a run is under way. */
export function useCatalogueHealth() {
  return useQuery({
    queryKey: catalogueHealthKey,
    queryFn: ({ signal }) => getCatalogueHealth(signal),
    // Each visit asks again: the server answers at once when the catalogue has not changed.
    staleTime: 0,
    refetchOnWindowFocus: false,
    refetchInterval: (query) => (query.state.data?.status === 'running' ? HEALTH_POLL_MS : false),
  });
}
