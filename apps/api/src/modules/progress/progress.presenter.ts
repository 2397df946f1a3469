import type { CategoryRow } from '../catalogue/taxonomy';

export interface Counts {
  id: number;
  total: number;
  solved: number;
  /** Solved by a checked answer before opening any help. */
  withoutHelp: number;
  /** In the caller's reviews and mastered: in review with a stability of at least MASTERY_STABILITY_DAYS (remembered over at least 3 weeks). */
  mastered: number;
}

export interface Progress {
  total: number;
  solved: number;
  /** Examples solved by a checked answer before opening any help. */
  solvedWithoutHelp: number;
  liked: number;
  /** Examples mastered: in review with a stability of at least MASTERY_STABILITY_DAYS (remembered over at least 3 weeks). */
  mastered: number;
  /** Per category, counting its subcategories too. */
  categories: Counts[];
  subjects: Counts[];
}

/** A count of examples (or marks) of one category, its direct members only. */
export interface CategoryCount {
  category_id: number;
  n: number | string;
}

/** The per-category counts the progress is made of (direct members only). */
export interface CategoryCounts {
  totals: CategoryCount[];
  solved: CategoryCount[];
  withoutHelp: CategoryCount[];
  liked: CategoryCount[];
  mastered: CategoryCount[];
}

type CountedField = 'total' | 'solved' | 'withoutHelp' | 'mastered';

/**
 * The caller's progress from per-category counts: each count goes to its category, every
 * ancestor of it, and its subject.
 */
export function toProgress(
  categories: Pick<CategoryRow, 'id' | 'parent_id' | 'subject_id'>[],
  counts: CategoryCounts,
): Progress {
  const parentOf = new Map(categories.map((c) => [c.id, c.parent_id]));
  const subjectOf = new Map(categories.map((c) => [c.id, c.subject_id]));
  const zero = (id: number): Counts => ({
    id,
    total: 0,
    solved: 0,
    withoutHelp: 0,
    mastered: 0,
  });
  const byCategory = new Map(categories.map((c) => [c.id, zero(c.id)]));
  const bySubject = new Map<number, Counts>();
  const add = (categoryId: number, field: CountedField, n: number) => {
    const subjectId = subjectOf.get(categoryId);
    if (subjectId !== undefined) {
      const s = bySubject.get(subjectId) ?? zero(subjectId);
      s[field] += n;
      bySubject.set(subjectId, s);
    }
    for (let c: number | null | undefined = categoryId; c != null; c = parentOf.get(c)) {
      const row = byCategory.get(c);
      if (row) row[field] += n;
    }
  };
  for (const r of counts.totals) add(r.category_id, 'total', Number(r.n));
  for (const r of counts.solved) add(r.category_id, 'solved', Number(r.n));
  for (const r of counts.withoutHelp) add(r.category_id, 'withoutHelp', Number(r.n));
  for (const r of counts.mastered) add(r.category_id, 'mastered', Number(r.n));
  const sum = (rows: CategoryCount[]) => rows.reduce((n, r) => n + Number(r.n), 0);
  return {
    total: sum(counts.totals),
    solved: sum(counts.solved),
    solvedWithoutHelp: sum(counts.withoutHelp),
    liked: sum(counts.liked),
    mastered: sum(counts.mastered),
    // In id order, as the categories table reads them.
    categories: [...byCategory.values()].filter((c) => c.total > 0).sort((a, b) => a.id - b.id),
    subjects: [...bySubject.values()],
  };
}
