import { ExamplesPageSchema, type ExamplesPage } from '@exemplar/shared/catalogue';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { toExamplesQuery, type ExampleFilters, type ExamplesListQuery } from '../lib/filters';
import { parseData } from './parse-response';

/** Examples per request; 'Load more' fetches the next page with the server's cursor. */
export const EXAMPLES_PAGE_SIZE = 20;

/** A filter set stays fresh this long: switching back to it within this time is not re-requested. */
export const EXAMPLES_STALE_TIME = 5 * 60_000;

export const examplesKeys = {
  all: ['examples'] as const,
  lists: () => [...examplesKeys.all, 'list'] as const,
  /** One cache entry per filter set (spec §4: an identical filter set is not re-requested). */
  list: (query: ExamplesListQuery) => [...examplesKeys.lists(), query] as const,
  details: () => [...examplesKeys.all, 'detail'] as const,
  detail: (id: number) => [...examplesKeys.details(), id] as const,
};

/** GET /examples with filters, page size and cursor → one page. */
export async function getExamples(
  query: ExamplesListQuery & { limit?: number; cursor?: string | null },
  signal?: AbortSignal,
): Promise<ExamplesPage> {
  const body = await api.get<unknown>('/examples', { query: { ...query }, signal });
  return parseData(ExamplesPageSchema, body);
}

export function examplesQueryOptions(filters: ExampleFilters) {
  const query = toExamplesQuery(filters);
  return infiniteQueryOptions({
    queryKey: examplesKeys.list(query),
    queryFn: ({ pageParam, signal }) =>
      getExamples({ ...query, limit: EXAMPLES_PAGE_SIZE, cursor: pageParam }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    staleTime: EXAMPLES_STALE_TIME,
    gcTime: 2 * EXAMPLES_STALE_TIME,
  });
}

/** The filtered list. Disabled until the initial data has loaded (spec §4). */
export function useExamples(
  filters: ExampleFilters,
  { enabled = true }: { enabled?: boolean } = {},
) {
  return useInfiniteQuery({ ...examplesQueryOptions(filters), enabled });
}
