import { useMemo } from 'react';
import { useCategoryTree, useDifficulties, useSubjects, useTypes } from './catalogue';
import type { FilterCatalogue } from './example-filters';

export type FilterCatalogueState =
  | { status: 'pending'; catalogue: undefined; error: null }
  | { status: 'error'; catalogue: undefined; error: Error }
  | { status: 'success'; catalogue: FilterCatalogue; error: null };

/**
 * The initial data of the examples screen: subjects, category tree, difficulties and
 * types, loaded once (staleTime Infinity) and in parallel.
 */
export function useFilterCatalogue(): FilterCatalogueState {
  const subjects = useSubjects();
  const categoryTree = useCategoryTree();
  const difficulties = useDifficulties();
  const types = useTypes();

  const catalogue = useMemo<FilterCatalogue | undefined>(
    () =>
      subjects.data && categoryTree.data && difficulties.data && types.data
        ? {
            subjects: subjects.data,
            categoryTree: categoryTree.data,
            difficulties: difficulties.data,
            types: types.data,
          }
        : undefined,
    [subjects.data, categoryTree.data, difficulties.data, types.data],
  );

  const queries = [subjects, categoryTree, difficulties, types];
  const failed = queries.find((query) => query.isError && !query.data);
  if (catalogue) return { status: 'success', catalogue, error: null };
  if (failed?.error) return { status: 'error', catalogue: undefined, error: failed.error };
  return { status: 'pending', catalogue: undefined, error: null };
}
