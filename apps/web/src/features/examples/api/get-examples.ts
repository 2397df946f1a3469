import { useInfiniteQuery } from '@tanstack/react-query';
import { examplesQueryOptions } from '../../../api/examples';
import { useViewer } from '../../../lib/auth/use-viewer';
import { toExamplesQuery, type ExampleFilters } from '../../../api/example-filters';

/** Examples per request on the browse screen; 'Load more' fetches the next page. */
export const EXAMPLES_PAGE_SIZE = 20;

/**
 * The browse list for `filters` as the viewer sees it, from page `startPage`. Disabled until the
 * initial data has loaded.
 */
export function useExamples(
  filters: ExampleFilters,
  { enabled = true, startPage = 1 }: { enabled?: boolean; startPage?: number } = {},
) {
  const viewer = useViewer();
  const query = toExamplesQuery(filters, { signedIn: viewer !== null });
  return useInfiniteQuery({
    ...examplesQueryOptions(query, viewer, EXAMPLES_PAGE_SIZE, startPage),
    enabled,
  });
}
