import type {
  Category,
  CategoryTreeEntry,
  CategoryTreeNode,
  Difficulty,
  Example,
  ExamplePosition,
  ExamplesPage,
  ExampleType,
  RandomExample,
  Subject,
} from '@exemplar/shared/catalogue';
import { ANSWER_FORMS, ANSWER_KINDS, CHOICE_LETTERS } from '@exemplar/shared/answer-words';
import type { CheckAnswerResult } from '@exemplar/shared/attempts';
import type {
  DayCount,
  GradeReviewResult,
  ReviewCard,
  ReviewItem,
  ReviewNext,
  ReviewsDuePage,
  ReviewStats,
  ReviewStatus,
  ReviewSuggestions,
} from '@exemplar/shared/reviews';
import {
  array,
  boolean,
  integer,
  lazy,
  literal,
  nullable,
  number,
  object,
  oneOf,
  optional,
  ShapeError,
  string,
  type Reader,
} from '../lib/json-shape';

/**
 * Readers for the catalogue and example answers, mirroring the shared zod schemas
 * (@exemplar/shared/catalogue) without their runtime: zod alone would be 25 KB of the page's first
 * download (docs/decisions/006-bundle-budget.md). Each is typed by the shared type, and
 * contract.test.ts checks that it accepts and refuses what the shared schema does.
 */

const id = integer(1);
const count = integer(0);

export const readSubject: Reader<Subject> = object({ id, name: string, description: string });

export const readDifficulty: Reader<Difficulty> = object({
  id,
  name: string,
  description: string,
  rank: integer(),
});

export const readExampleType: Reader<ExampleType> = object({
  id,
  name: string,
  description: string,
});

/** A category of the flat list (GET /categories): its subject, parent and place among siblings. */
export const readCategory: Reader<Category> = object({
  id,
  name: string,
  description: string,
  subjectId: id,
  parentId: nullable(id),
  position: integer(),
});

const readCategoryTreeNode: Reader<CategoryTreeNode> = object({
  id,
  name: string,
  description: string,
  children: array(lazy(() => readCategoryTreeNode)),
});

export const readCategoryTreeEntry: Reader<CategoryTreeEntry> = object({
  subject: readSubject,
  categories: array(readCategoryTreeNode),
});

const readKind = oneOf(...ANSWER_KINDS);
const readForm = oneOf(...ANSWER_FORMS);
const readUnit = nullable(string);
const readTolerance = nullable(number());
const readLetter = nullable(oneOf(...CHOICE_LETTERS));
const SPEC_KEYS = ['kind', 'form', 'unit', 'tolerance', 'choice'];

/**
 * An example's answer spec (AnswerSpecSchema in @exemplar/shared/answer-spec): what counts as a
 * right answer, with its defaults (form 'any', no unit, tolerance or letter) and its rules (a
 * letter for multiple choice only; nothing but the kind for an answer not checked). The kinds,
 * forms and letters come from answer-words.ts, which loads no zod.
 */
const readAnswerSpec: Reader<Example['answerSpec']> = (value, path = '') => {
  const at = (key: string) => (path ? `${path}.${key}` : key);
  // An object with a kind; the other keys may be absent (their defaults) or null.
  const { kind } = object({ kind: readKind })(value, path);
  const spec = value as Record<string, unknown>;
  const form = spec.form === undefined ? 'any' : readForm(spec.form, at('form'));
  const unit = readUnit(spec.unit ?? null, at('unit'))?.trim() ?? null;
  const tolerance = readTolerance(spec.tolerance ?? null, at('tolerance'));
  const choice = readLetter(spec.choice ?? null, at('choice'));
  if (
    Object.keys(spec).some((key) => !SPEC_KEYS.includes(key)) ||
    (unit?.length ?? 0) > 30 ||
    (tolerance ?? 1) <= 0 ||
    (kind === 'choice') !== (choice !== null) ||
    (kind === 'none' && (unit || tolerance !== null || form !== 'any'))
  ) {
    throw new ShapeError(path, 'an answer spec by its rules');
  }
  return { kind, form, unit, tolerance, choice };
};

/** One test answer (TestAnswerSchema): 1 to 500 characters once trimmed, and whether to accept it. */
const readTestAnswer = (value: unknown, path = '') => {
  const { answer, accept } = object({ answer: string, accept: boolean })(value, path);
  const trimmed = answer.trim();
  if (Object.keys(value as object).length > 2 || !trimmed || trimmed.length > 500) {
    throw new ShapeError(path, 'a test answer of 1 to 500 characters');
  }
  return { answer: trimmed, accept };
};

/** An example's test answers (TestAnswersSchema): at most 20. */
const readTestAnswers = (value: unknown, path = '') => {
  const answers = array(readTestAnswer)(value, path);
  if (answers.length > 20) throw new ShapeError(path, 'at most 20 test answers');
  return answers;
};

export const readExample: Reader<Example> = object({
  id,
  question: string,
  answer: string,
  procedure: nullable(string),
  difficultyId: id,
  typeId: id,
  categoryId: id,
  subjectId: id,
  createdAt: string,
  updatedAt: string,
  liked: optional(boolean),
  solved: optional(boolean),
  solveMark: optional(nullable(oneOf('without-help', 'with-help'))),
  reviewDue: optional(nullable(string)),
  status: optional(oneOf('draft', 'published')),
  answerSpec: readAnswerSpec,
  answerSpecSet: optional(boolean),
  testAnswers: optional(readTestAnswers),
});

export const readExamplesPage: Reader<ExamplesPage> = object({
  examples: array(readExample),
  total: count,
  nextCursor: nullable(string),
  didYouMean: optional(array(string)),
});

/** GET /examples/{id}/position: where the example stands in the filtered list. */
export const readExamplePosition: Reader<ExamplePosition> = object({
  position: nullable(integer(1)),
  total: count,
  previousId: nullable(id),
  nextId: nullable(id),
});

/** GET /examples/random: the pick and its position. */
export const readRandomExample: Reader<RandomExample> = object({
  example: readExample,
  position: readExamplePosition,
});

/**
 * `withoutHelp`: how many of the solved were solved by a checked answer before any help;
 * `mastered`: how many of the caller's examples are mastered, remembered over at least 3 weeks (in
 * review with an FSRS stability of at least MASTERY_STABILITY_DAYS, @exemplar/shared/reviews).
 */
const readCounts = object({
  id: integer(),
  total: count,
  solved: count,
  withoutHelp: count,
  mastered: count,
});
export type ProgressCounts = ReturnType<typeof readCounts>;

/**
 * GET /me/progress: solved/total overall (and how many of the solved were solved without help),
 * mastered, per category (subcategories included) and per subject.
 */
export const readProgress = object({
  total: count,
  solved: count,
  solvedWithoutHelp: count,
  liked: count,
  mastered: count,
  categories: array(readCounts),
  subjects: array(readCounts),
});
export type Progress = ReturnType<typeof readProgress>;

/**
 * POST /examples/{id}/check: the verdict, feedback when the checker is certain, `checkable: false`
 * when the example's answer cannot be checked, the new mark.
 */
export const readCheckAnswerResult: Reader<CheckAnswerResult> = object({
  correct: boolean,
  feedback: optional(string),
  checkable: optional(literal(false)),
  solveMark: optional(oneOf('without-help', 'with-help')),
});

/** A learner's review card (@exemplar/shared/reviews). */
export const readReviewCard: Reader<ReviewCard> = object({
  exampleId: id,
  due: string,
  state: oneOf('new', 'learning', 'review', 'relearning'),
  stability: number(0),
  difficulty: number(0),
  reps: count,
  lapses: count,
  lastReview: nullable(string),
});

/** The due date each grade would give. */
export const readReviewNext: Reader<ReviewNext> = object({
  again: string,
  hard: string,
  good: string,
  easy: string,
});

/** POST /reviews: the card after the grade; `repeated` when it was a retry of the same grade. */
export const readGradeReviewResult: Reader<GradeReviewResult> = object({
  review: readReviewCard,
  repeated: boolean,
});

const readReviewItem: Reader<ReviewItem> = object({
  example: readExample,
  review: readReviewCard,
  next: readReviewNext,
});

/** GET /reviews/due: the cards due now, most overdue first. */
export const readReviewsDuePage: Reader<ReviewsDuePage> = object({
  examples: array(readReviewItem),
  total: count,
  nextCursor: nullable(string),
});

const readDayCount: Reader<DayCount> = object({ date: string, count });

/** GET /reviews/stats: due counts, cards by state, grades per day and due per day. */
export const readReviewStats: Reader<ReviewStats> = object({
  dueNow: count,
  dueToday: count,
  new: count,
  learning: count,
  review: count,
  mastered: count,
  reviewsPerDay: array(readDayCount),
  duePerDay: array(readDayCount),
});

/** GET|PUT /reviews/{exampleId}: the caller's card (null when not in reviews) and the next dates. */
export const readReviewStatus: Reader<ReviewStatus> = object({
  review: nullable(readReviewCard),
  next: readReviewNext,
});

/** GET /reviews/suggestions: liked or solved-with-help examples not yet in reviews. */
export const readReviewSuggestions: Reader<ReviewSuggestions> = object({
  examples: array(readExample),
});

/** A signed-in learner's preferences (GET and PATCH /me/preferences). */
export const readPreferences = object({ tryFirst: boolean });
export type Preferences = ReturnType<typeof readPreferences>;
