// An example's answer spec and test answers as the examples and example_versions tables keep them
// (JSON text, migration 013; ADR 042): the one place that writes and reads those columns' text.
import {
  AnswerSpecSchema,
  TestAnswersSchema,
  type AnswerSpec,
  type AnswerSpecInput,
  type TestAnswer,
} from '@exemplar/shared/answer-spec';

/**
 * The column's text of a spec as set (null: none set, the spec is inferred when read), with its
 * defaults filled in.
 */
export const specColumn = (spec: AnswerSpecInput | null | undefined): string | null =>
  spec ? JSON.stringify(AnswerSpecSchema.parse(spec)) : null;

/** The column's text of test answers ('[]' for none). */
export const testAnswersColumn = (answers: TestAnswer[] | undefined): string =>
  JSON.stringify(TestAnswersSchema.parse(answers ?? []));

const readJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

/**
 * The spec an editor set, from its column (null: none set). Text that no longer reads as a spec
 * (written by hand into the database) counts as none set: the spec is inferred, never a 500.
 */
export function storedSpec(text: string | null | undefined): AnswerSpec | null {
  if (text === null || text === undefined) return null;
  const parsed = AnswerSpecSchema.safeParse(readJson(text));
  return parsed.success ? parsed.data : null;
}

/** The test answers from their column (none when it does not read as a list of them). */
export function storedTestAnswers(text: string | null | undefined): TestAnswer[] {
  if (!text) return [];
  const parsed = TestAnswersSchema.safeParse(readJson(text));
  return parsed.success ? parsed.data : [];
}
