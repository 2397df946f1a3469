import { ExamplesPageSchema, type ExamplesPage } from '@exemplar/shared/catalogue';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';
import { parseData } from './parse-response';

/** Examples per request in the admin table; 'Load more' asks for the next page by cursor. */
export const ADMIN_EXAMPLES_PAGE_SIZE = 25;

/** Server-side search and filters of the admin examples table (ids as strings, as in selects). */
export interface AdminExamplesQuery {
  q?: string;
  subjectId?: string;
  categoryId?: string;
  difficultyId?: string;
  typeId?: string;
}

/** Only the keys that are set, so equal filter sets share one cache entry. */
export function cleanQuery(query: AdminExamplesQuery): AdminExamplesQuery {
  const result: AdminExamplesQuery = {};
  for (const [key, value] of Object.entries(query) as [keyof AdminExamplesQuery, string][]) {
    const trimmed = value?.trim();
    if (trimmed) result[key] = trimmed;
  }
  return result;
}

/** GET /examples?limit&cursor&q&subjectId&categoryId&difficultyId&typeId → one page. */
export async function getExamplesPage(
  query: AdminExamplesQuery,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<ExamplesPage> {
  const body = await api.get<unknown>('/examples', {
    query: { ...query, limit: ADMIN_EXAMPLES_PAGE_SIZE, cursor },
    signal,
  });
  return parseData(ExamplesPageSchema, body);
}

export function adminExamplesQueryOptions(query: AdminExamplesQuery) {
  const clean = cleanQuery(query);
  return infiniteQueryOptions({
    queryKey: adminKeys.examples({ ...clean }),
    queryFn: ({ pageParam, signal }) => getExamplesPage(clean, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

export function useAdminExamples(query: AdminExamplesQuery) {
  // While a new search loads, the last results stay (dimmed) instead of a blank table.
  return useInfiniteQuery({
    ...adminExamplesQueryOptions(query),
    placeholderData: keepPreviousData,
  });
}
