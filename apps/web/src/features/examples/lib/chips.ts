import { categoryName, indexCategoryTree } from '../../../lib/category-tree';
import type { ExampleFilters, FilterCatalogue, FilterKey } from '../../../api/example-filters';

export interface FilterChip {
  key: FilterKey;
  label: string;
}

/** One removable chip per active filter, in the order of the controls. */
export function activeFilterChips(
  filters: ExampleFilters,
  catalogue: FilterCatalogue,
): FilterChip[] {
  const chips: FilterChip[] = [];
  const nameOf = (items: ReadonlyArray<{ id: number; name: string }>, id: number) =>
    items.find((item) => item.id === id)?.name ?? 'Unknown';
  if (filters.subjectId !== null) {
    chips.push({
      key: 'subjectId',
      label: `Subject: ${nameOf(catalogue.subjects, filters.subjectId)}`,
    });
  }
  if (filters.categoryId !== null) {
    const index = indexCategoryTree(catalogue.categoryTree);
    chips.push({
      key: 'categoryId',
      label: `Category: ${categoryName(index, filters.categoryId)}`,
    });
  }
  if (filters.difficultyId !== null) {
    chips.push({
      key: 'difficultyId',
      label: `Difficulty: ${nameOf(catalogue.difficulties, filters.difficultyId)}`,
    });
  }
  if (filters.typeId !== null) {
    chips.push({ key: 'typeId', label: `Type: ${nameOf(catalogue.types, filters.typeId)}` });
  }
  if (filters.q.trim()) chips.push({ key: 'q', label: `Search: “${filters.q.trim()}”` });
  if (filters.liked !== null) {
    chips.push({ key: 'liked', label: filters.liked ? 'Liked Only' : 'Not Liked' });
  }
  if (filters.solved !== null) {
    chips.push({ key: 'solved', label: filters.solved ? 'Solved Only' : 'Unsolved Only' });
  }
  if (filters.withoutHelp !== null) {
    chips.push({
      key: 'withoutHelp',
      label: filters.withoutHelp ? 'Solved without help' : 'Not yet solved without help',
    });
  }
  return chips;
}
