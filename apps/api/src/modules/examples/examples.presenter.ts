import type { Example } from '@exemplar/shared/catalogue';
import type { ExampleRow } from './examples.repository';
import type { ViewerMarks } from './marks.repository';

/** `editor`: the caller may see drafts, so the example says its status. */
export const toExample = (r: ExampleRow, { editor = false } = {}): Example => ({
  id: r.id,
  question: r.question,
  answer: r.answer,
  procedure: r.procedure,
  difficultyId: r.difficulty_id,
  typeId: r.type_id,
  categoryId: r.category_id,
  subjectId: r.subject_id,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
  // SQLite answers exists() with 0/1, PostgreSQL with a boolean.
  ...(r.liked !== undefined
    ? {
        liked: Boolean(r.liked),
        solved: Boolean(r.solved),
        solveMark: r.solve_mark ?? null,
        reviewDue: r.review_due ?? null,
      }
    : {}),
  ...(editor ? { status: r.status } : {}),
});

/** A signed-in caller's copy of a visitor's row: the same example, with their own marks. */
export const withMarks = (example: Example, marks: ViewerMarks): Example => ({
  ...example,
  liked: marks.liked.has(example.id),
  solved: marks.solved.has(example.id),
  solveMark: marks.solved.get(example.id) ?? null,
  reviewDue: marks.reviewDue.get(example.id) ?? null,
});
