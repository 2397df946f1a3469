import type { CategoryRow } from '../catalogue/catalogue.repository';

export interface Counts {
  id: number;
  total: number;
  solved: number;
}

export interface Progress {
  total: number;
  solved: number;
  liked: number;
  /** Per category, counting its subcategories too. */
  categories: Counts[];
  subjects: Counts[];
}

/** A count of examples (or marks) of one category, its direct members only. */
export interface CategoryCount {
  category_id: number;
  n: number | string;
}

/**
 * The caller's progress from per-category counts: each count goes to its category, every
 * ancestor of it, and its subject.
 */
export function toProgress(
  categories: Pick<CategoryRow, 'id' | 'parent_id' | 'subject_id'>[],
  totals: CategoryCount[],
  solved: CategoryCount[],
  liked: CategoryCount[],
): Progress {
  const parentOf = new Map(categories.map((c) => [c.id, c.parent_id]));
  const subjectOf = new Map(categories.map((c) => [c.id, c.subject_id]));
  const byCategory = new Map(categories.map((c) => [c.id, { id: c.id, total: 0, solved: 0 }]));
  const bySubject = new Map<number, Counts>();
  const add = (categoryId: number, field: 'total' | 'solved', n: number) => {
    const subjectId = subjectOf.get(categoryId);
    if (subjectId !== undefined) {
      const s = bySubject.get(subjectId) ?? { id: subjectId, total: 0, solved: 0 };
      s[field] += n;
      bySubject.set(subjectId, s);
    }
    for (let c: number | null | undefined = categoryId; c != null; c = parentOf.get(c)) {
      const row = byCategory.get(c);
      if (row) row[field] += n;
    }
  };
  for (const r of totals) add(r.category_id, 'total', Number(r.n));
  for (const r of solved) add(r.category_id, 'solved', Number(r.n));
  const sum = (rows: CategoryCount[]) => rows.reduce((n, r) => n + Number(r.n), 0);
  return {
    total: sum(totals),
    solved: sum(solved),
    liked: sum(liked),
    // In id order, as the categories table reads them.
    categories: [...byCategory.values()].filter((c) => c.total > 0).sort((a, b) => a.id - b.id),
    subjects: [...bySubject.values()],
  };
}
