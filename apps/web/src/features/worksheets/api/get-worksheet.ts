import type { ExamplesFilterQuery } from '@exemplar/shared/catalogue';
import { ReviewsDuePageSchema, type ReviewsDuePage } from '@exemplar/shared/reviews';
import { WorksheetSchema, type Worksheet } from '@exemplar/shared/worksheets';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { parseData } from '../../../lib/envelope';
import { EXAMPLES_STALE_TIME, type ViewerKey } from '../../../api/examples';

export const worksheetKeys = {
  all: ['worksheets'] as const,
  /** One sheet per caller (liked/solved filters are theirs), filters, count and seed. */
  sheet: (viewer: ViewerKey, query: ExamplesFilterQuery, count: number, seed: string) =>
    [...worksheetKeys.all, viewer, 'filters', query, count, seed] as const,
  /** The caller's reviews due now, the first `count` of them. */
  reviews: (viewer: ViewerKey, count: number) =>
    [...worksheetKeys.all, viewer, 'reviews', count] as const,
};

/** GET /examples/worksheet → `count` examples of the filtered list in the seed's order, and the list's total. */
export async function getWorksheet(
  query: ExamplesFilterQuery,
  count: number,
  seed: string,
  signal?: AbortSignal,
): Promise<Worksheet> {
  const body = await api.get<unknown>('/examples/worksheet', {
    query: { ...query, count: String(count), seed },
    signal,
  });
  return parseData(WorksheetSchema, body);
}

export const worksheetQueryOptions = (
  viewer: ViewerKey,
  query: ExamplesFilterQuery,
  count: number,
  seed: string,
) =>
  queryOptions({
    queryKey: worksheetKeys.sheet(viewer, query, count, seed),
    queryFn: ({ signal }) => getWorksheet(query, count, seed, signal),
    // The same URL draws the same sheet until the catalogue changes.
    staleTime: EXAMPLES_STALE_TIME,
  });

/** GET /reviews/due?limit=count → the signed-in caller's reviews due now, most overdue first. */
export async function getDueReviews(count: number, signal?: AbortSignal): Promise<ReviewsDuePage> {
  const body = await api.get<unknown>('/reviews/due', { query: { limit: String(count) }, signal });
  return parseData(ReviewsDuePageSchema, body);
}

export const dueReviewsQueryOptions = (viewer: ViewerKey, count: number) =>
  queryOptions({
    queryKey: worksheetKeys.reviews(viewer, count),
    queryFn: ({ signal }) => getDueReviews(count, signal),
  });
