import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { SESSION_QUERY_KEY } from '../../../lib/auth/session';
import { useViewer } from '../../../lib/auth/use-viewer';
import { readProgress, type Progress, type ProgressCounts } from '../../../api/contract';
import { parseData } from '../../../lib/envelope';

export type { Progress, ProgressCounts } from '../../../api/contract';

export const progressKeys = {
  /** Under the session prefix: dropped on logout with the user's other queries. */
  all: () => [...SESSION_QUERY_KEY, 'progress'] as const,
  of: (viewer: string) => [...progressKeys.all(), viewer] as const,
};

export async function getProgress(signal?: AbortSignal): Promise<Progress> {
  const body = await api.get<unknown>('/me/progress', { signal });
  return parseData(readProgress, body);
}

export function progressQueryOptions(viewer: string) {
  return queryOptions({
    queryKey: progressKeys.of(viewer),
    queryFn: ({ signal }) => getProgress(signal),
    staleTime: 60_000,
  });
}

/** The signed-in user's progress; idle (no call) for a visitor. */
export function useProgress() {
  const viewer = useViewer();
  return useQuery({ ...progressQueryOptions(viewer ?? ''), enabled: viewer !== null });
}

/** Solved/total by category id (a category's counts include its subcategories). */
export function countsById(counts: readonly ProgressCounts[] | undefined) {
  return new Map((counts ?? []).map((entry) => [entry.id, entry]));
}
