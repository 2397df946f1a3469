import type { RandomExample } from '@exemplar/shared/catalogue';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useViewer } from '../../../lib/auth/use-viewer';
import { toExamplesQuery, type ExampleFilters } from '../../../api/example-filters';
import { examplesKeys, viewerKey } from '../../../api/examples';
import { readRandomExample } from '../../../api/contract';
import { parseData } from '../../../lib/envelope';

/**
 * GET /examples/random with the list's filters (no page size or cursor) → one example picked at
 * random, with its position in the filtered list; 404 'No examples match these filters.' when none
 * do. Liked/solved only when signed in.
 */
export async function getRandomExample(
  filters: ExampleFilters,
  { signedIn }: { signedIn: boolean },
): Promise<RandomExample> {
  const body = await api.get<unknown>('/examples/random', {
    query: { ...toExamplesQuery(filters, { signedIn }) },
  });
  return parseData(readRandomExample, body);
}

/**
 * Picks a random example: a fresh pick each time (never cached as a query). The pick and its
 * position are put in the detail and position caches, so its page shows at once, with
 * '<position> of <total>' and Previous/Next, without another request.
 */
export function useRandomExample() {
  const queryClient = useQueryClient();
  const viewer = useViewer();
  return useMutation({
    mutationKey: ['examples', 'random'],
    mutationFn: (filters: ExampleFilters) =>
      getRandomExample(filters, { signedIn: viewer !== null }),
    onSuccess: ({ example, position }, filters) => {
      const who = viewerKey(viewer);
      const query = toExamplesQuery(filters, { signedIn: viewer !== null });
      queryClient.setQueryData(examplesKeys.detail(who, example.id), example);
      queryClient.setQueryData(examplesKeys.position(who, query, example.id), position);
    },
  });
}
