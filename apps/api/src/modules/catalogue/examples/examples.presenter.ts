import type { AnswerSpec } from '@exemplar/shared/answer-spec';
import type { Example } from '@exemplar/shared/catalogue';
import { inferAnswerSpec } from '../../../engines/answer-check';
import type { ExampleRow } from './examples.repository';
import type { ViewerMarks } from './marks.repository';
import { storedSpec, storedTestAnswers } from './stored-spec';

/** Inferred specs kept, by question and answer: the most recently inferred are kept. */
const INFERRED_KEPT = 2000;
const inferred = new Map<string, AnswerSpec>();

/**
 * `inferAnswerSpec`, kept per question and answer: it is a pure function of the two texts, and
 * takes a fraction of a millisecond per example, which a page of 100 examples would otherwise
 * spend on the event loop at every read not served from a cache.
 */
function inferKept(question: string, answer: string): AnswerSpec {
  const key = `${question}\u0000${answer}`;
  let spec = inferred.get(key);
  if (spec) {
    inferred.delete(key);
  } else {
    spec = inferAnswerSpec(question, answer);
    if (inferred.size >= INFERRED_KEPT) inferred.delete(inferred.keys().next().value!);
  }
  inferred.set(key, spec);
  return spec;
}

/**
 * The spec an example's answers are checked under: the one an editor set, else the one inferred
 * from its question and answer (ADR 042).
 */
export function effectiveSpec(r: {
  question: string;
  answer: string;
  answer_spec: string | null;
}): { spec: AnswerSpec; set: boolean } {
  const set = storedSpec(r.answer_spec);
  return set ? { spec: set, set: true } : { spec: inferKept(r.question, r.answer), set: false };
}

/**
 * `editor`: the caller may see drafts, so the example says its status, whether its answer spec
 * was set, and its test answers.
 */
export const toExample = (r: ExampleRow, { editor = false } = {}): Example => {
  const { spec, set } = effectiveSpec(r);
  return {
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
    answerSpec: spec,
    ...(editor
      ? { status: r.status, answerSpecSet: set, testAnswers: storedTestAnswers(r.test_answers) }
      : {}),
  };
};

/** A signed-in caller's copy of a visitor's row: the same example, with their own marks. */
export const withMarks = (example: Example, marks: ViewerMarks): Example => ({
  ...example,
  liked: marks.liked.has(example.id),
  solved: marks.solved.has(example.id),
  solveMark: marks.solved.get(example.id) ?? null,
  reviewDue: marks.reviewDue.get(example.id) ?? null,
});
