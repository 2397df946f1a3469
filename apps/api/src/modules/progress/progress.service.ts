import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { notFound } from '../../lib/errors';
import * as repo from './progress.repository';

export interface Progress {
  total: number;
  solved: number;
  liked: number;
  /** Per category, counting its subcategories too. */
  categories: { id: number; total: number; solved: number }[];
  subjects: { id: number; total: number; solved: number }[];
}

export function progressService(db: Kysely<Database>, clock: () => Date = () => new Date()) {
  async function setMark(table: repo.MarkTable, userId: number, exampleId: number, on: boolean) {
    if (!(await repo.exampleExists(db, exampleId)))
      throw notFound(`Example ${exampleId} not found.`);
    if (on) await repo.mark(db, table, userId, exampleId, clock().toISOString());
    else await repo.unmark(db, table, userId, exampleId);
  }

  return {
    like: (userId: number, exampleId: number, on: boolean) =>
      setMark('likes', userId, exampleId, on),
    solve: (userId: number, exampleId: number, on: boolean) =>
      setMark('solved_marks', userId, exampleId, on),

    async progress(userId: number): Promise<Progress> {
      const [totals, solved, liked, parents] = await Promise.all([
        repo.examplesPerCategory(db),
        repo.marksPerCategory(db, 'solved_marks', userId),
        repo.marksPerCategory(db, 'likes', userId),
        repo.categoryParents(db),
      ]);
      const parentOf = new Map(parents.map((c) => [c.id, c.parent_id]));
      const subjectOf = new Map(parents.map((c) => [c.id, c.subject_id]));
      const byCategory = new Map(parents.map((c) => [c.id, { id: c.id, total: 0, solved: 0 }]));
      const bySubject = new Map<number, { id: number; total: number; solved: number }>();
      // Each count goes to its category and every ancestor.
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
      return {
        total: totals.reduce((n, r) => n + Number(r.n), 0),
        solved: solved.reduce((n, r) => n + Number(r.n), 0),
        liked: liked.reduce((n, r) => n + Number(r.n), 0),
        categories: [...byCategory.values()].filter((c) => c.total > 0),
        subjects: [...bySubject.values()],
      };
    },
  };
}
