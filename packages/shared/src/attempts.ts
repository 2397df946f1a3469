import { z } from 'zod';

/**
 * Trying an example: a learner's answer checked by the server, the help they opened (steps, the
 * answer) and the marks that follow. The rules live in the API's attempts module; these are the
 * shapes both apps share.
 */

/**
 * Longest answer accepted for checking, in characters of LaTeX (the checker's parser takes about
 * 0.1-0.3 s over 500 on a loaded machine; ADR 031).
 */
export const ANSWER_MAX_LENGTH = 500;

/** POST /examples/{id}/check body: the learner's answer as LaTeX (`$…$` around it is allowed). */
export const CheckAnswerBodySchema = z
  .object({
    answer: z
      .string({ error: 'Answer is required.' })
      .trim()
      .min(1, 'Type an answer to check.')
      .max(ANSWER_MAX_LENGTH, `Answer must be at most ${ANSWER_MAX_LENGTH} characters.`),
  })
  .strict();
export type CheckAnswerBody = z.infer<typeof CheckAnswerBodySchema>;

/**
 * POST /examples/{id}/check answer. `feedback` only where the checker is certain (an equivalent
 * answer that is not simplified, a sign away from right, …). `checkable: false` when the
 * example's answer cannot be checked automatically (a proof, or notation the checker does not
 * read): nothing was compared or recorded, and `feedback` says to compare with the answer.
 * `solveMark`, for a signed-in caller whose answer was accepted, is the example's mark after this
 * attempt (it never goes from 'without-help' to 'with-help'); absent for visitors and for wrong
 * answers.
 */
export const CheckAnswerResultSchema = z.object({
  correct: z.boolean(),
  feedback: z.string().optional(),
  checkable: z.literal(false).optional(),
  solveMark: z.enum(['without-help', 'with-help']).optional(),
});
export type CheckAnswerResult = z.infer<typeof CheckAnswerResultSchema>;

/** What a learner opened: the next step of the procedure, or the answer itself. */
export const HelpKindSchema = z.enum(['step', 'answer']);
export type HelpKind = z.infer<typeof HelpKindSchema>;

/** POST /examples/{id}/help body (signed-in learners): recorded so a later accepted answer counts as helped. */
export const HelpBodySchema = z.object({ kind: HelpKindSchema }).strict();
export type HelpBody = z.infer<typeof HelpBodySchema>;
