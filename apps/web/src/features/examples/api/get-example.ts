import type { Example, ExamplesPage } from '@exemplar/shared/catalogue';
import {
  queryOptions,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { isNotFound } from '../../../lib/api-error';
import { useViewer } from '../../../lib/auth/use-viewer';
import { EXAMPLES_STALE_TIME, examplesKeys, viewerKey } from '../../../api/examples';
import { object } from '../../../lib/json-shape';
import { readExample } from '../../../api/contract';
import { parseData } from '../../../lib/envelope';

const readExampleData = object({ example: readExample });

/** GET /examples/{id} → one example; a 404 rejects with an ApiError of status 404. */
export async function getExample(id: number, signal?: AbortSignal): Promise<Example> {
  const body = await api.get<unknown>(`/examples/${id}`, { signal });
  return parseData(readExampleData, body).example;
}

/**
 * The example as already loaded by one of the viewer's lists, so opening it from the list shows it
 * at once (never from another caller's list: the liked/solved marks are per caller).
 */
function fromListCache(queryClient: QueryClient, viewer: string | null, id: number) {
  const lists = queryClient.getQueriesData<InfiniteData<ExamplesPage>>({
    queryKey: examplesKeys.viewerLists(viewerKey(viewer)),
  });
  for (const [key, data] of lists) {
    const example = data?.pages.flatMap((page) => page.examples).find((e) => e.id === id);
    if (example) return { example, updatedAt: queryClient.getQueryState(key)?.dataUpdatedAt };
  }
  return undefined;
}

export function exampleQueryOptions(id: number, viewer: string | null, queryClient?: QueryClient) {
  return queryOptions({
    queryKey: examplesKeys.detail(viewerKey(viewer), id),
    queryFn: ({ signal }) => getExample(id, signal),
    staleTime: EXAMPLES_STALE_TIME,
    // A missing example stays missing: no retry for a 404.
    retry: (failureCount, error) => !isNotFound(error) && failureCount < 1,
    // Nor is a failure asked again just because a screen mounts (a page rendered on the server
    // arrives with its 404); the error screen's Try again reloads the page.
    retryOnMount: false,
    initialData: () => (queryClient ? fromListCache(queryClient, viewer, id)?.example : undefined),
    initialDataUpdatedAt: () =>
      queryClient ? fromListCache(queryClient, viewer, id)?.updatedAt : undefined,
  });
}

export function useExample(id: number | null) {
  const queryClient = useQueryClient();
  const viewer = useViewer();
  return useQuery({ ...exampleQueryOptions(id ?? 0, viewer, queryClient), enabled: id !== null });
}
