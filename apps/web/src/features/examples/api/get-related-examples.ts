import type { Example } from '@exemplar/shared/catalogue';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { readExample } from '../../../api/contract';
import { EXAMPLES_STALE_TIME, examplesKeys, viewerKey } from '../../../api/examples';
import { api } from '../../../lib/api-client';
import { isNotFound } from '../../../lib/api-error';
import { parseData } from '../../../lib/envelope';
import { array, object } from '../../../lib/json-shape';
import { useViewer } from '../../../lib/auth/use-viewer';

const readRelated = object({ examples: array(readExample) });

/** GET /examples/{id}/related → up to five published examples most like it, the likest first. */
export async function getRelatedExamples(id: number, signal?: AbortSignal): Promise<Example[]> {
  const body = await api.get<unknown>(`/examples/${id}/related`, { signal });
  return parseData(readRelated, body).examples;
}

export function relatedExamplesQueryOptions(id: number, viewer: string | null) {
  return queryOptions({
    queryKey: examplesKeys.related(viewerKey(viewer), id),
    queryFn: ({ signal }) => getRelatedExamples(id, signal),
    staleTime: EXAMPLES_STALE_TIME,
    gcTime: 2 * EXAMPLES_STALE_TIME,
    retry: (failureCount, error) => !isNotFound(error) && failureCount < 1,
    retryOnMount: false,
  });
}

/** The examples most like example `id`, for the current viewer. */
export function useRelatedExamples(id: number | null) {
  const viewer = useViewer();
  return useQuery({ ...relatedExamplesQueryOptions(id ?? 0, viewer), enabled: id !== null });
}
