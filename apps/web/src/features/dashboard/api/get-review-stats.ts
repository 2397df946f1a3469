import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReviewStats } from '@exemplar/shared/reviews';
import { readReviewStats } from '../../../api/contract';
import { api } from '../../../lib/api-client';
import { SESSION_QUERY_KEY } from '../../../lib/auth/session';
import { useViewer } from '../../../lib/auth/use-viewer';
import { parseData } from '../../../lib/envelope';

export const reviewStatsKeys = {
  /**
   * Under the session prefix (dropped on logout with the user's other queries), beside the
   * learner's other review queries: whatever invalidates [..., 'reviews', viewer] refreshes it.
   */
  of: (viewer: string, timeZone: string) =>
    [...SESSION_QUERY_KEY, 'reviews', viewer, 'stats', timeZone] as const,
};

/** The browser's IANA time zone, which decides where the learner's days begin and end. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

export async function getReviewStats(timeZone: string, signal?: AbortSignal): Promise<ReviewStats> {
  const body = await api.get<unknown>('/reviews/stats', { query: { tz: timeZone }, signal });
  return parseData(readReviewStats, body);
}

/**
 * The signed-in learner's review counts and days (GET /reviews/stats) in the browser's time zone;
 * idle for a visitor. Fetched afresh on each visit to the dashboard: grades given elsewhere change it.
 */
export function useReviewStats() {
  const viewer = useViewer();
  const timeZone = browserTimeZone();
  return useQuery({
    ...queryOptions({
      queryKey: reviewStatsKeys.of(viewer ?? '', timeZone),
      queryFn: ({ signal }) => getReviewStats(timeZone, signal),
    }),
    enabled: viewer !== null,
  });
}
