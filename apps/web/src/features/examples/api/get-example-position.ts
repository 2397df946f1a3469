import type { ExamplePosition, ExamplesFilterQuery } from '@exemplar/shared/catalogue';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useViewer } from '../../../lib/auth/use-viewer';
import { toExamplesQuery, type ExampleFilters } from '../../../api/example-filters';
import { readExamplePosition } from '../../../api/contract';
import { EXAMPLES_STALE_TIME, examplesKeys, viewerKey } from '../../../api/examples';
import { api } from '../../../lib/api-client';
import { isNotFound } from '../../../lib/api-error';
import { parseData } from '../../../lib/envelope';

/**
 * GET /examples/{id}/position with the list's filters → the example's position in that list, its
 * total and its previous and next ids (position null when the filters leave it out). One request,
 * however far down the list the example is.
 */
export async function getExamplePosition(
  id: number,
  query: ExamplesFilterQuery,
  signal?: AbortSignal,
): Promise<ExamplePosition> {
  const body = await api.get<unknown>(`/examples/${id}/position`, { query: { ...query }, signal });
  return parseData(readExamplePosition, body);
}

export function examplePositionQueryOptions(
  id: number,
  filters: ExampleFilters,
  viewer: string | null,
) {
  const query = toExamplesQuery(filters, { signedIn: viewer !== null });
  return queryOptions({
    queryKey: examplesKeys.position(viewerKey(viewer), query, id),
    queryFn: ({ signal }) => getExamplePosition(id, query, signal),
    staleTime: EXAMPLES_STALE_TIME,
    gcTime: 2 * EXAMPLES_STALE_TIME,
    // A missing example stays missing: no retry for a 404.
    retry: (failureCount, error) => !isNotFound(error) && failureCount < 1,
    // Nor is a failure asked again just because a screen mounts (a page rendered on the server
    // arrives with its 404); the error screen's Try again reloads the page.
    retryOnMount: false,
  });
}

/** Where example `id` stands in the list `filters` give, for the current viewer. */
export function useExamplePosition(
  id: number | null,
  filters: ExampleFilters,
  { enabled = true }: { enabled?: boolean } = {},
) {
  const viewer = useViewer();
  return useQuery({
    ...examplePositionQueryOptions(id ?? 0, filters, viewer),
    enabled: enabled && id !== null,
  });
}
