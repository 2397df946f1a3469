import type { ExamplesPage } from '@exemplar/shared/catalogue';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useViewer } from '../hooks/use-viewer';
import { toExamplesQuery, type ExampleFilters, type ExamplesListQuery } from '../lib/filters';
import { readExamplesPage } from './contract';
import { parseData } from './parse-response';

/** Examples per request; 'Load more' fetches the next page with the server's cursor. */
export const EXAMPLES_PAGE_SIZE = 20;

/** A filter set stays fresh this long: switching back to it within this time is not re-requested. */
export const EXAMPLES_STALE_TIME = 5 * 60_000;

/**
 * Who the answer is for: a signed-in user's id, or 'visitor'. Signed-in answers carry the caller's
 * liked/solved marks, so every list and detail key holds it and caches never mix between callers.
 */
export type ViewerKey = string;
export const VISITOR: ViewerKey = 'visitor';
export const viewerKey = (viewer: string | null): ViewerKey => viewer ?? VISITOR;

export const examplesKeys = {
  all: ['examples'] as const,
  lists: () => [...examplesKeys.all, 'list'] as const,
  viewerLists: (viewer: ViewerKey) => [...examplesKeys.lists(), viewer] as const,
  /** One cache entry per caller and filter set (an identical set is not re-requested). */
  list: (viewer: ViewerKey, query: ExamplesListQuery) =>
    [...examplesKeys.viewerLists(viewer), query] as const,
  details: () => [...examplesKeys.all, 'detail'] as const,
  viewerDetails: (viewer: ViewerKey) => [...examplesKeys.details(), viewer] as const,
  detail: (viewer: ViewerKey, id: number) => [...examplesKeys.viewerDetails(viewer), id] as const,
  positions: () => [...examplesKeys.all, 'position'] as const,
  viewerPositions: (viewer: ViewerKey) => [...examplesKeys.positions(), viewer] as const,
  /** An example's place in one filtered list, per caller (liked/solved filters are personal). */
  position: (viewer: ViewerKey, query: ExamplesListQuery, id: number) =>
    [...examplesKeys.viewerPositions(viewer), query, id] as const,
};

/** GET /examples with filters, page size and cursor → one page. */
export async function getExamples(
  query: ExamplesListQuery & { limit?: number; cursor?: string | null },
  signal?: AbortSignal,
): Promise<ExamplesPage> {
  const body = await api.get<unknown>('/examples', { query: { ...query }, signal });
  return parseData(readExamplesPage, body);
}

/** The list for `filters` as `viewer` (a user's id, null for a visitor) sees it. */
export function examplesQueryOptions(filters: ExampleFilters, viewer: string | null) {
  const query = toExamplesQuery(filters, { signedIn: viewer !== null });
  return infiniteQueryOptions({
    queryKey: examplesKeys.list(viewerKey(viewer), query),
    queryFn: ({ pageParam, signal }) =>
      getExamples({ ...query, limit: EXAMPLES_PAGE_SIZE, cursor: pageParam }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    staleTime: EXAMPLES_STALE_TIME,
    gcTime: 2 * EXAMPLES_STALE_TIME,
  });
}

/** The filtered list. Disabled until the initial data has loaded. */
export function useExamples(
  filters: ExampleFilters,
  { enabled = true }: { enabled?: boolean } = {},
) {
  const viewer = useViewer();
  return useInfiniteQuery({ ...examplesQueryOptions(filters, viewer), enabled });
}
