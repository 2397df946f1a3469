import type { Category, Difficulty, ExampleType, Subject } from '@exemplar/shared/catalogue';
import { useMemo } from 'react';
import { useCategories, useDifficulties, useSubjects, useTypes } from '../../../api/catalogue';
import { arrangeCategories, type CategoryTree } from '../lib/category-tree';

export interface Lookups {
  subjects: Subject[];
  categories: Category[];
  difficulties: Difficulty[];
  types: ExampleType[];
  tree: CategoryTree;
  subjectName: (id: number | null | undefined) => string;
  difficultyName: (id: number) => string;
  typeName: (id: number) => string;
  difficultyRank: (id: number) => number;
}

export type LookupsState =
  | { status: 'pending' }
  | { status: 'error'; error: Error; retry: () => void }
  | { status: 'success'; lookups: Lookups };

/**
 * Subjects, categories, difficulties and types together: what the category and example tabs need
 * to name things and fill their choosers.
 */
export function useLookups(): LookupsState {
  const subjects = useSubjects();
  const categories = useCategories();
  const difficulties = useDifficulties();
  const types = useTypes();
  const queries = [subjects, categories, difficulties, types];

  const lookups = useMemo<Lookups | null>(() => {
    if (!subjects.data || !categories.data || !difficulties.data || !types.data) return null;
    const subjectById = new Map(subjects.data.map((s) => [s.id, s]));
    const difficultyById = new Map(difficulties.data.map((d) => [d.id, d]));
    const typeById = new Map(types.data.map((t) => [t.id, t]));
    return {
      subjects: [...subjects.data].sort((a, b) => a.name.localeCompare(b.name)),
      categories: categories.data,
      difficulties: [...difficulties.data].sort((a, b) => a.rank - b.rank || a.id - b.id),
      types: [...types.data].sort((a, b) => a.name.localeCompare(b.name)),
      tree: arrangeCategories(categories.data),
      subjectName: (id) => (id != null && subjectById.get(id)?.name) || 'Unknown',
      difficultyName: (id) => difficultyById.get(id)?.name ?? 'Unknown',
      typeName: (id) => typeById.get(id)?.name ?? 'Unknown',
      difficultyRank: (id) => difficultyById.get(id)?.rank ?? Number.MAX_SAFE_INTEGER,
    };
  }, [subjects.data, categories.data, difficulties.data, types.data]);

  if (lookups) return { status: 'success', lookups };
  const failed = queries.find((query) => query.isError);
  if (failed?.error) {
    return {
      status: 'error',
      error: failed.error,
      retry: () => {
        for (const query of queries) if (query.isError) void query.refetch();
      },
    };
  }
  return { status: 'pending' };
}
