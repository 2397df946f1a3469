import type { ExamplesFilterQuery, ExamplesPage } from '@exemplar/shared/catalogue';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { api } from '../lib/api-client';
import { parseData } from '../lib/envelope';
import { readExamplesPage } from './contract';

/**
 * GET /examples, one client and one cache for the browse screen and the admin table. The request
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
