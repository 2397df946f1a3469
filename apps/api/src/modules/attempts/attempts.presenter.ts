import type { CheckAnswerResult } from '@exemplar/shared/attempts';
import type { SolveHow } from '../../db/catalogue-schema';
import type { AnswerVerdict } from '../../engines/answer-check';

/** The checker's verdict as the API answers it, with the example's mark after an accepted answer. */
export const toCheckResult = (verdict: AnswerVerdict, solveMark?: SolveHow): CheckAnswerResult => ({
  correct: verdict.correct,
  ...(verdict.feedback !== undefined ? { feedback: verdict.feedback } : {}),
  ...(verdict.checkable === false ? { checkable: false as const } : {}),
  ...(solveMark !== undefined ? { solveMark } : {}),
});
