import type { Example, ExamplesFilterQuery, ExamplesPage } from '@exemplar/shared/catalogue';
import {
  infiniteQueryOptions,
  queryOptions,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import { api } from '../lib/api-client';
import { isNotFound } from '../lib/api-error';
import { parseData } from '../lib/envelope';
import { object } from '../lib/json-shape';
import { readExample, readExamplesPage } from './contract';

/**
 * GET /examples and GET /examples/{id}, one client and one cache for the browse screens and the
 * admin (its table, and an example opened for editing from a link). The request
 * side is the API's own filter model, ExamplesFilterQuery (imported as a type: no zod at run time).
 */

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
  /**
   * One cache entry per caller, filter set, page size and first page (an identical set is not
   * re-requested).
   */
  list: (viewer: ViewerKey, query: ExamplesFilterQuery, pageSize: number, startPage = 1) =>
    [...examplesKeys.viewerLists(viewer), query, pageSize, startPage] as const,
  details: () => [...examplesKeys.all, 'detail'] as const,
  viewerDetails: (viewer: ViewerKey) => [...examplesKeys.details(), viewer] as const,
  detail: (viewer: ViewerKey, id: number) => [...examplesKeys.viewerDetails(viewer), id] as const,
  positions: () => [...examplesKeys.all, 'position'] as const,
  viewerPositions: (viewer: ViewerKey) => [...examplesKeys.positions(), viewer] as const,
  /** An example's place in one filtered list, per caller (liked/solved filters are personal). */
  position: (viewer: ViewerKey, query: ExamplesFilterQuery, id: number) =>
    [...examplesKeys.viewerPositions(viewer), query, id] as const,
  /** The examples most like example `id` ("More like this"); per caller, as a draft's are editors'. */
  related: (viewer: ViewerKey, id: number) => [...examplesKeys.all, 'related', viewer, id] as const,
};

/** The filter keys of a request (page size and cursor are the list's own). */
const FILTER_KEYS = [
  'subjectId',
  'categoryId',
  'difficultyId',
  'typeId',
  'q',
  'liked',
  'solved',
  'withoutHelp',
  'status',
] as const satisfies readonly (keyof ExamplesFilterQuery)[];

/**
 * The filters that are the caller's own: sent only for a signed-in caller (`status`, drafts or
 * published, is read for editors alone).
 */
const LEARNER_KEYS: ReadonlySet<keyof ExamplesFilterQuery> = new Set([
  'liked',
  'solved',
  'withoutHelp',
  'status',
]);

/**
 * The query as sent and as keyed: values trimmed, empty ones left out, so equal filter sets share
 * one cache entry; `liked`, `solved` and `withoutHelp` only for a signed-in caller (a visitor
 * never sends them, whatever the filters say).
 */
export function filterQuery(
  query: ExamplesFilterQuery,
  { signedIn }: { signedIn: boolean },
): ExamplesFilterQuery {
  const result: Record<string, string> = {};
  for (const key of FILTER_KEYS) {
    if (!signedIn && LEARNER_KEYS.has(key)) continue;
    const value = query[key]?.trim();
    if (value) result[key] = value;
  }
  return result as ExamplesFilterQuery;
}

/** GET /examples with filters, page size and cursor (or page number) → one page. */
export async function getExamples(
  query: ExamplesFilterQuery & { limit?: number; cursor?: string | null; page?: number },
  signal?: AbortSignal,
): Promise<ExamplesPage> {
  const body = await api.get<unknown>('/examples', { query: { ...query }, signal });
  return parseData(readExamplesPage, body);
}

/** Where a page of the list starts: the server's cursor, or a page number (a link into the list). */
type ListPageParam = string | { page: number } | null;

/**
 * The list for `query` as `viewer` (a user's id, null for a visitor) sees it, `pageSize` examples
 * a request, from page `startPage`; 'Load more' asks for the next page with the server's cursor.
 */
export function examplesQueryOptions(
  query: ExamplesFilterQuery,
  viewer: string | null,
  pageSize: number,
  startPage = 1,
) {
  const clean = filterQuery(query, { signedIn: viewer !== null });
  return infiniteQueryOptions({
    queryKey: examplesKeys.list(viewerKey(viewer), clean, pageSize, startPage),
    queryFn: ({ pageParam, signal }) =>
      getExamples(
        typeof pageParam === 'object' && pageParam !== null
          ? { ...clean, limit: pageSize, page: pageParam.page }
          : { ...clean, limit: pageSize, cursor: pageParam },
        signal,
      ),
    initialPageParam: (startPage > 1 ? { page: startPage } : null) as ListPageParam,
    getNextPageParam: (lastPage): ListPageParam | undefined => lastPage.nextCursor ?? undefined,
    staleTime: EXAMPLES_STALE_TIME,
    gcTime: 2 * EXAMPLES_STALE_TIME,
  });
}

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
