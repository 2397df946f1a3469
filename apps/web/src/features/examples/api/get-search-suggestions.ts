import type { SearchSuggestions } from '@exemplar/shared/catalogue';
import { queryOptions } from '@tanstack/react-query';
import { examplesKeys, EXAMPLES_STALE_TIME } from '../../../api/examples';
import { api } from '../../../lib/api-client';
import { parseData } from '../../../lib/envelope';
import { array, integer, object, string } from '../../../lib/json-shape';

const readSuggestions = object({
  examples: array(object({ id: integer(1), question: string })),
});

/** GET /examples/suggest?q= → the published examples the text finds first (id and question). */
export async function getSearchSuggestions(
  q: string,
  signal?: AbortSignal,
): Promise<SearchSuggestions> {
  const body = await api.get<unknown>('/examples/suggest', { query: { q }, signal });
  return parseData(readSuggestions, body);
}

export function searchSuggestionsQueryOptions(q: string) {
  return queryOptions({
    queryKey: [...examplesKeys.all, 'suggest', q] as const,
    queryFn: ({ signal }) => getSearchSuggestions(q, signal),
    staleTime: EXAMPLES_STALE_TIME,
    gcTime: EXAMPLES_STALE_TIME,
    retry: false,
  });
}
