import type {
  Category,
  CategoryTreeEntry,
  Difficulty,
  ExampleType,
  Subject,
} from '@exemplar/shared/catalogue';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { api } from '../lib/api-client';
import { parseData } from '../lib/envelope';
import { array, object } from '../lib/json-shape';
import {
  readCategory,
  readCategoryTreeEntry,
  readDifficulty,
  readExampleType,
  readSubject,
} from './contract';
import { examplesKeys } from './examples';

/**
 * The catalogue's lists (subjects, categories, difficulties, types), one client and one cache
 * entry each, for the browse screens and the admin screen alike: an admin's edit reloads what
 * browsing shows, and the other way round. Zod-free (json-shape readers): /examples loads them
 * first (docs/decisions/006-bundle-budget.md).
 */
export const catalogueKeys = {
  all: ['catalogue'] as const,
  subjects: () => [...catalogueKeys.all, 'subjects'] as const,
  /** The flat list; the tree's key starts with it, so invalidating one reloads both. */
  categories: () => [...catalogueKeys.all, 'categories'] as const,
  categoryTree: () => [...catalogueKeys.categories(), 'tree'] as const,
  difficulties: () => [...catalogueKeys.all, 'difficulties'] as const,
  types: () => [...catalogueKeys.all, 'types'] as const,
};

/**
 * The catalogue changes only by a write through this app (which invalidates it, see
 * invalidateCatalogue) or by another admin: loaded once, never refetched on a timer.
 */
const CATALOGUE_STALE_TIME = Infinity;

const readSubjectsData = object({ subjects: array(readSubject) });
const readCategoriesData = object({ categories: array(readCategory) });
const readCategoryTreeData = object({ categoriesTree: array(readCategoryTreeEntry) });
const readDifficultiesData = object({ difficulties: array(readDifficulty) });
const readTypesData = object({ types: array(readExampleType) });

/** GET /subjects */
export async function getSubjects(signal?: AbortSignal): Promise<Subject[]> {
  return parseData(readSubjectsData, await api.get<unknown>('/subjects', { signal })).subjects;
}

/** GET /categories → every category, flat, with subjectId, parentId and position. */
export async function getCategories(signal?: AbortSignal): Promise<Category[]> {
  const body = await api.get<unknown>('/categories', { signal });
  return parseData(readCategoriesData, body).categories;
}

/** GET /categories/tree → per subject, its categories with their nested children. */
export async function getCategoryTree(signal?: AbortSignal): Promise<CategoryTreeEntry[]> {
  const body = await api.get<unknown>('/categories/tree', { signal });
  return parseData(readCategoryTreeData, body).categoriesTree;
}

/** GET /difficulties → easy, intermediate, hard, insane… ordered by rank (then id). */
export async function getDifficulties(signal?: AbortSignal): Promise<Difficulty[]> {
  const body = await api.get<unknown>('/difficulties', { signal });
  const { difficulties } = parseData(readDifficultiesData, body);
  return [...difficulties].sort((a, b) => a.rank - b.rank || a.id - b.id);
}

/** GET /types */
export async function getTypes(signal?: AbortSignal): Promise<ExampleType[]> {
  return parseData(readTypesData, await api.get<unknown>('/types', { signal })).types;
}

export const subjectsQueryOptions = () =>
  queryOptions({
    queryKey: catalogueKeys.subjects(),
    queryFn: ({ signal }) => getSubjects(signal),
    staleTime: CATALOGUE_STALE_TIME,
  });

export const categoriesQueryOptions = () =>
  queryOptions({
    queryKey: catalogueKeys.categories(),
    queryFn: ({ signal }) => getCategories(signal),
    staleTime: CATALOGUE_STALE_TIME,
  });

export const categoryTreeQueryOptions = () =>
  queryOptions({
    queryKey: catalogueKeys.categoryTree(),
    queryFn: ({ signal }) => getCategoryTree(signal),
    staleTime: CATALOGUE_STALE_TIME,
  });

export const difficultiesQueryOptions = () =>
  queryOptions({
    queryKey: catalogueKeys.difficulties(),
    queryFn: ({ signal }) => getDifficulties(signal),
    staleTime: CATALOGUE_STALE_TIME,
  });

export const typesQueryOptions = () =>
  queryOptions({
    queryKey: catalogueKeys.types(),
    queryFn: ({ signal }) => getTypes(signal),
    staleTime: CATALOGUE_STALE_TIME,
  });

export const useSubjects = () => useQuery(subjectsQueryOptions());
export const useCategories = () => useQuery(categoriesQueryOptions());
export const useCategoryTree = () => useQuery(categoryTreeQueryOptions());
export const useDifficulties = () => useQuery(difficultiesQueryOptions());
export const useTypes = () => useQuery(typesQueryOptions());

/**
 * After any catalogue write: every catalogue list and every example list, detail and position is
 * stale (names of subjects, categories, difficulties and types show up in example lists), on the
 * admin and browse screens alike.
 */
export function invalidateCatalogue(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: catalogueKeys.all }),
    queryClient.invalidateQueries({ queryKey: examplesKeys.all }),
  ]);
}
