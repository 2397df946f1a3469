import { useInfiniteQuery } from '@tanstack/react-query';
import { examplesQueryOptions as listQueryOptions } from '../../../api/examples';
import { useViewer } from '../../../lib/auth/use-viewer';
import { toExamplesQuery, type ExampleFilters } from '../../../api/example-filters';

/** Examples per request on the browse screen; 'Load more' fetches the next page. */
export const EXAMPLES_PAGE_SIZE = 20;

/** The browse list for `filters` as `viewer` (a user's id, null for a visitor) sees it. */
export function examplesQueryOptions(
  filters: ExampleFilters,
  viewer: string | null,
  startPage = 1,
) {
  const query = toExamplesQuery(filters, { signedIn: viewer !== null });
  return listQueryOptions(query, viewer, EXAMPLES_PAGE_SIZE, startPage);
}

/** The filtered list from page `startPage`. Disabled until the initial data has loaded. */
export function useExamples(
  filters: ExampleFilters,
  { enabled = true, startPage = 1 }: { enabled?: boolean; startPage?: number } = {},
) {
  const viewer = useViewer();
  return useInfiniteQuery({ ...examplesQueryOptions(filters, viewer, startPage), enabled });
}
