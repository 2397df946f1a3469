import type { FilterCatalogue, ExampleFilters } from '../../../api/example-filters';
import { indexCategoryTree } from '../../../lib/category-tree';
import type { WorksheetSource } from './worksheet-params';

const capitalised = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);

const FLAG_WORDS = {
  liked: ['Liked', 'Not liked'],
  solved: ['Solved', 'Unsolved'],
  withoutHelp: ['Solved without help', 'Not solved without help'],
} as const;

/** '1 question' / '10 questions'. */
export const questionCount = (n: number) => `${n} ${n === 1 ? 'question' : 'questions'}`;

/**
 * The title a worksheet gets unless one is typed: what the filters choose, in the list's order of
 * filters (subject, category, difficulty, type, search, the learner's own), joined by ' · ', then
 * the number of questions: 'Algebra · Quadratics · Hard — 10 questions'. Without filters,
 * 'Worked examples'; for today's reviews, "Today's reviews".
 */
export function defaultWorksheetTitle(
  filters: ExampleFilters,
  catalogue: FilterCatalogue | undefined,
  { count, source }: { count: number; source: WorksheetSource },
): string {
  const tail = ` — ${questionCount(count)}`;
  if (source === 'reviews') return `Today's reviews${tail}`;
  const named = <T extends { id: number; name: string }>(
    items: readonly T[] | undefined,
    id: number | null,
  ) => (id === null ? undefined : items?.find((item) => item.id === id)?.name);
  const category =
    filters.categoryId === null || !catalogue
      ? undefined
      : indexCategoryTree(catalogue.categoryTree).get(filters.categoryId);
  const parts = [
    // A category chosen alone still names its subject.
    named(catalogue?.subjects, filters.subjectId) ?? category?.subject.name,
    category?.node.name,
    named(catalogue?.difficulties, filters.difficultyId),
    named(catalogue?.types, filters.typeId),
    filters.q ? `“${filters.q}”` : undefined,
    ...(['liked', 'solved', 'withoutHelp'] as const).map((key) =>
      filters[key] === null ? undefined : FLAG_WORDS[key][filters[key] ? 0 : 1],
    ),
  ].filter((part): part is string => Boolean(part));
  return `${parts.length ? parts.map(capitalised).join(' · ') : 'Worked examples'}${tail}`;
}
