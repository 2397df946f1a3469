import type { QueryClient } from '@tanstack/react-query';
import { matchAppRoute } from '@exemplar/shared/app-routes';
import {
  categoryTreeQueryOptions,
  difficultiesQueryOptions,
  subjectsQueryOptions,
  typesQueryOptions,
} from '../api/catalogue';
import {
  parseId,
  parseListPage,
  toExamplesQuery,
  type FilterCatalogue,
} from '../api/example-filters';
import { exampleQueryOptions, examplesQueryOptions } from '../api/examples';
import { filtersOfParams, normaliseSearchParams } from '../api/normalise-filters';
import { examplePositionQueryOptions } from '../features/examples/api/get-example-position';
import { EXAMPLES_PAGE_SIZE } from '../features/examples/api/get-examples';
import { relatedExamplesQueryOptions } from '../features/examples/api/get-related-examples';

/**
 * The data a server-rendered page reads, fetched into `queryClient` before its render
 * (docs/decisions/048-one-render-pass.md): with the same query options as the screens' hooks
 * (the same keys), so the first render finds every answer it asks for and is the only one. The
 * server renders for a visitor (it knows no session): the viewer is null here, as in the hooks
 * there. A failure stays in its query's state, for the page to draw as in the browser. A page
 * this does not know, or a query it leaves out, is still fetched by the render loop
 * (entry-server.tsx), at the cost of another render.
 */
export async function prefetchPageData(queryClient: QueryClient, url: string): Promise<void> {
  const { pathname, searchParams } = new URL(url, 'http://localhost');
  const match = matchAppRoute(pathname);
  if (match?.route === '/examples') {
    const catalogue = await filterCatalogue(queryClient);
    if (!catalogue) return;
    const filters = filtersOfParams(
      searchParams,
      normaliseSearchParams(searchParams, catalogue),
      false,
    );
    const query = toExamplesQuery(filters, { signedIn: false });
    await queryClient.prefetchInfiniteQuery(
      examplesQueryOptions(query, null, EXAMPLES_PAGE_SIZE, parseListPage(searchParams)),
    );
  } else if (match?.route === '/examples/:id') {
    const id = parseId(match.params.id);
    if (id === null) return;
    const example = queryClient.prefetchQuery(exampleQueryOptions(id, null, queryClient));
    const related = queryClient.prefetchQuery(relatedExamplesQueryOptions(id, null));
    const catalogue = await filterCatalogue(queryClient);
    if (catalogue) {
      const filters = filtersOfParams(
        searchParams,
        normaliseSearchParams(searchParams, catalogue),
        false,
      );
      await queryClient.prefetchQuery(examplePositionQueryOptions(id, filters, null));
    }
    await Promise.all([example, related]);
  }
}

/**
 * What the examples screens read first (useFilterCatalogue): subjects, category tree,
 * difficulties and types, fetched together; undefined when one of them failed.
 */
async function filterCatalogue(queryClient: QueryClient): Promise<FilterCatalogue | undefined> {
  const [subjects, categoryTree, difficulties, types] = [
    subjectsQueryOptions(),
    categoryTreeQueryOptions(),
    difficultiesQueryOptions(),
    typesQueryOptions(),
  ] as const;
  await Promise.all([
    queryClient.prefetchQuery(subjects),
    queryClient.prefetchQuery(categoryTree),
    queryClient.prefetchQuery(difficulties),
    queryClient.prefetchQuery(types),
  ]);
  const [s, c, d, t] = [
    queryClient.getQueryData(subjects.queryKey),
    queryClient.getQueryData(categoryTree.queryKey),
    queryClient.getQueryData(difficulties.queryKey),
    queryClient.getQueryData(types.queryKey),
  ];
  return s && c && d && t ? { subjects: s, categoryTree: c, difficulties: d, types: t } : undefined;
}
