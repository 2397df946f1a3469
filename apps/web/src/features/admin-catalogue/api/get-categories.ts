import { CategorySchema, type Category } from '@exemplar/shared/catalogue';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';
import { parseData } from './parse-response';

const CategoriesDataSchema = z.object({ categories: z.array(CategorySchema) });

/** GET /categories → every category, flat, with subjectId, parentId and position. */
export async function getCategories(signal?: AbortSignal): Promise<Category[]> {
  const body = await api.get<unknown>('/categories', { signal });
  return parseData(CategoriesDataSchema, body).categories;
}

export const categoriesQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.categories(),
    queryFn: ({ signal }) => getCategories(signal),
  });

export const useCategories = () => useQuery(categoriesQueryOptions());
