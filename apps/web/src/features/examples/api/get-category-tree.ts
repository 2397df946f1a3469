import type { CategoryTreeEntry } from '@exemplar/shared/catalogue';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { array, object } from '../../../lib/json-shape';
import { readCategoryTreeEntry } from './contract';
import { parseData } from './parse-response';

const readCategoryTreeData = object({ categoriesTree: array(readCategoryTreeEntry) });

/** GET /categories/tree → per subject, its categories with their nested children. */
export async function getCategoryTree(signal?: AbortSignal): Promise<CategoryTreeEntry[]> {
  const body = await api.get<unknown>('/categories/tree', { signal });
  return parseData(readCategoryTreeData, body).categoriesTree;
}

/** Initial data of the examples screen: loaded once. */
export function categoryTreeQueryOptions() {
  return queryOptions({
    queryKey: ['catalogue', 'categories', 'tree'],
    queryFn: ({ signal }) => getCategoryTree(signal),
    staleTime: Infinity,
  });
}

export function useCategoryTree() {
  return useQuery(categoryTreeQueryOptions());
}
