import type { ReviewStats, ReviewStatus } from '@exemplar/shared/reviews';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { api } from '../lib/api-client';
import { SESSION_QUERY_KEY } from '../lib/auth/session';
import { useViewer } from '../lib/auth/use-viewer';
import { parseData } from '../lib/envelope';
import { readReviewStats, readReviewStatus } from './contract';
import { examplesKeys } from './examples';

/**
 * The learner's reviews (GET /reviews/stats, PUT|DELETE /reviews/{exampleId}), shared by the
 * navbar's count, the review page and the examples' 'Add to reviews'. Every key sits under the
 * session prefix: logging out drops them with the user's other queries.
 */
export const reviewsKeys = {
  all: () => [...SESSION_QUERY_KEY, 'reviews'] as const,
  of: (viewer: string) => [...reviewsKeys.all(), viewer] as const,
  stats: (viewer: string, tz: string) => [...reviewsKeys.of(viewer), 'stats', tz] as const,
  due: (viewer: string) => [...reviewsKeys.of(viewer), 'due'] as const,
  suggestions: (viewer: string) => [...reviewsKeys.of(viewer), 'suggestions'] as const,
};

/** The browser's IANA time zone, which decides where the learner's "today" ends. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

export async function getReviewStats(tz: string, signal?: AbortSignal): Promise<ReviewStats> {
  const body = await api.get<unknown>('/reviews/stats', { query: { tz }, signal });
  return parseData(readReviewStats, body);
}

export function reviewStatsQueryOptions(viewer: string, tz: string) {
  return queryOptions({
    queryKey: reviewsKeys.stats(viewer, tz),
    queryFn: ({ signal }) => getReviewStats(tz, signal),
    staleTime: 60_000,
    // Cards fall due as time passes: the count in the navbar follows within a few minutes.
    refetchInterval: 5 * 60_000,
  });
}

/** The signed-in learner's review counts in the browser's time zone; idle (no call) for a visitor. */
export function useReviewStats() {
  const viewer = useViewer();
  return useQuery({
    ...reviewStatsQueryOptions(viewer ?? '', browserTimeZone()),
    enabled: viewer !== null,
  });
}

/** PUT /reviews/{exampleId}: adds the example to the caller's reviews (idempotent). */
export async function addToReviews(exampleId: number): Promise<ReviewStatus> {
  const body = await api.put<unknown>(`/reviews/${exampleId}`);
  return parseData(readReviewStatus, body);
}

/** DELETE /reviews/{exampleId}: takes the example out of the caller's reviews, its schedule with it. */
export async function removeFromReviews(exampleId: number): Promise<void> {
  await api.delete<unknown>(`/reviews/${exampleId}`);
}

/**
 * After the caller's reviews changed (a card added, removed or graded): the counts are fetched
 * again where shown (the navbar), the suggestions and the queue go stale, and so do the examples
 * cached with their `reviewDue` (reloaded when next shown) unless `examplesPatched` (the examples
 * feature's own toggle patches them in place).
 */
export function invalidateAfterReviewsChange(
  queryClient: QueryClient,
  viewer: string,
  { examplesPatched = false }: { examplesPatched?: boolean } = {},
) {
  void queryClient.invalidateQueries({ queryKey: [...reviewsKeys.of(viewer), 'stats'] });
  void queryClient.invalidateQueries({
    queryKey: reviewsKeys.suggestions(viewer),
    refetchType: 'none',
  });
  void queryClient.invalidateQueries({ queryKey: reviewsKeys.due(viewer), refetchType: 'none' });
  if (!examplesPatched) {
    void queryClient.invalidateQueries({ queryKey: examplesKeys.all, refetchType: 'none' });
  }
}
