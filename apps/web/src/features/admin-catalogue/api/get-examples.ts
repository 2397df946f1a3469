import type { ExamplesFilterQuery } from '@exemplar/shared/catalogue';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { examplesQueryOptions } from '../../../api/examples';
import { useViewer } from '../../../lib/auth/use-viewer';

/** Examples per request in the admin table; 'Load more' asks for the next page by cursor. */
export const ADMIN_EXAMPLES_PAGE_SIZE = 25;

/**
 * The admin table's examples for a server-side search and filters (the API's filter model, ids as
 * strings as the selects hold them): the same client and cache as the browse screen's list.
 */
export function useAdminExamples(query: ExamplesFilterQuery) {
  const viewer = useViewer();
  // While a new search loads, the last results stay (dimmed) instead of a blank table.
  return useInfiniteQuery({
    ...examplesQueryOptions(query, viewer, ADMIN_EXAMPLES_PAGE_SIZE),
    placeholderData: keepPreviousData,
  });
}
