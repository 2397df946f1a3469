// The health run's check of examples' test answers: each tried under its example's answer spec
// (set, else inferred) on the answer checker's thread, through the checker the app passes in.
import type { AnswerSpec, TriedAnswer } from '@exemplar/shared/answer-spec';
import type { HealthProblem } from '@exemplar/shared/catalogue-health';
import type { ExampleToCheck } from '../examples';
import { testAnswerProblem } from './catalogue-health.presenter';

/**
 * Tries `answers` against an example's stored answer under `spec` on the answer checker's
 * thread: each answer's outcome, in order (the editor's try of the admin form, the same checks).
 */
export type TestAnswerChecker = (input: {
  question: string;
  answer: string;
  spec: AnswerSpec;
  answers: string[];
}) => Promise<TriedAnswer[]>;

/**
 * The test-answer problems of a batch's examples: each example's test answers tried under its
 * spec, one example after another, so learners' checks on the same thread wait for one example's
 * answers at most. None without a checker.
 */
export async function testAnswerProblems(
  rows: ExampleToCheck[],
  tryAnswers: TestAnswerChecker | undefined,
): Promise<HealthProblem[]> {
  const problems: HealthProblem[] = [];
  if (!tryAnswers) return problems;
  for (const row of rows) {
    const tests = row.testAnswers;
    if (tests.length === 0) continue;
    const outcomes = await tryAnswers({
      question: row.question,
      answer: row.answer,
      spec: row.spec(),
      answers: tests.map((t) => t.answer),
    });
    const problem = testAnswerProblem(row.id, tests, outcomes);
    if (problem) problems.push(problem);
  }
  return problems;
}
