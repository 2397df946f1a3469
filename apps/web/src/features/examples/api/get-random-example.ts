import type { Example } from '@exemplar/shared/catalogue';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useViewer } from '../hooks/use-viewer';
import { toExamplesQuery, type ExampleFilters } from '../lib/filters';
import { examplesKeys, viewerKey } from './get-examples';
import { object } from '../../../lib/json-shape';
import { readExample } from './contract';
import { parseData } from './parse-response';

const readRandomData = object({ example: readExample });

/**
 * GET /examples/random with the list's filters (no page size or cursor) → one example picked at
 * random; 404 'No examples match these filters.' when none do. Liked/solved only when signed in.
 */
export async function getRandomExample(
  filters: ExampleFilters,
  { signedIn }: { signedIn: boolean },
): Promise<Example> {
  const body = await api.get<unknown>('/examples/random', {
    query: { ...toExamplesQuery(filters, { signedIn }) },
  });
  return parseData(readRandomData, body).example;
}

/**
 * Picks a random example: a fresh pick each time (never cached as a query). The pick is put in the
 * detail cache, so its page shows at once.
 */
export function useRandomExample() {
  const queryClient = useQueryClient();
  const viewer = useViewer();
  return useMutation({
    mutationKey: ['examples', 'random'],
    mutationFn: (filters: ExampleFilters) =>
      getRandomExample(filters, { signedIn: viewer !== null }),
    onSuccess: (example) =>
      queryClient.setQueryData(examplesKeys.detail(viewerKey(viewer), example.id), example),
  });
}
