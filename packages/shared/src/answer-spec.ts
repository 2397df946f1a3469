import { z } from 'zod';
import { ANSWER_MAX_LENGTH } from './attempts';
import { ANSWER_FORMS, ANSWER_KINDS, CHOICE_LETTERS, NOT_CHECKED_MESSAGE } from './answer-words';

export { ANSWER_FORMS, ANSWER_KINDS, CHOICE_LETTERS, NOT_CHECKED_MESSAGE };

/**
 * An example's answer spec: what counts as a right answer, the way WeBWorK's answer evaluators,
 * Numbas' marking settings and STACK's answer tests describe it. An example without one set by an
 * editor has one inferred from its stored answer and question (the API's answer checker); the
 * rules are in docs/decisions/041-answer-specs.md.
 */

/**
 * - `value`: one number or quantity (`18`, `0.75 m/s`).
 * - `expression`: an expression equal to the stored one (`2x^3 + 5x^2 - 14x + 3`).
 * - `equation`: an equation or relation equivalent to the stored one (`y = x + 1`, `2x - 3y = 9`).
 * - `solutions`: a set of values or solutions in any order (`x = 2 or x = 3`, `{1, 2}`).
 * - `parts`: an ordered list of parts, each labelled or in the stored order (mean, median, mode).
 * - `interval`: an interval or inequality (`k < -2 or k > 6`, `[-2, 7]`).
 * - `choice`: multiple choice: the letter, or the chosen option's value.
 * - `none`: not checked automatically (a proof, a description): the learner compares by hand.
 */
export const AnswerKindSchema = z.enum(ANSWER_KINDS, {
  error: `Answer kind must be one of: ${ANSWER_KINDS.join(', ')}.`,
});
export type AnswerKind = z.infer<typeof AnswerKindSchema>;

/**
 * The form an answer must be in when the question asks for one: `any` (equivalence is enough),
 * `expanded` (a sum of terms, no bracket left to multiply out), `factorised` (a product of factors),
 * `simplified` (fractions in lowest terms, no square factor under a root), `exact` (no decimal
 * approximation).
 */
export const AnswerFormSchema = z.enum(ANSWER_FORMS, {
  error: `Answer form must be one of: ${ANSWER_FORMS.join(', ')}.`,
});
export type AnswerForm = z.infer<typeof AnswerFormSchema>;

export const AnswerSpecSchema = z
  .object({
    kind: AnswerKindSchema,
    form: AnswerFormSchema.default('any'),
    /**
     * The answer's unit as typed (`m`, `m/s`, `cm^2`, `km/h`), or null for none. An answer in
     * another unit of the same dimension is converted (`1200 cm` for `12 m`); another dimension
     * is refused with "Check the units.".
     */
    unit: z
      .string({ error: 'Unit must be text.' })
      .trim()
      .max(30, 'Unit must be at most 30 characters.')
      .nullable()
      .default(null),
    /**
     * Absolute tolerance for an approximate value (`0.005` accepts 2.58 for 2.581), or null for
     * exact comparison. Only for an answer that is an approximation.
     */
    tolerance: z
      .number({ error: 'Tolerance must be a number.' })
      .positive('Tolerance must be greater than 0.')
      .finite()
      .nullable()
      .default(null),
    /** For `choice`: the letter of the right option (its value is the stored answer's maths). */
    choice: z
      .enum(CHOICE_LETTERS, { error: `Choice must be one of: ${CHOICE_LETTERS.join(', ')}.` })
      .nullable()
      .default(null),
  })
  .strict()
  .superRefine((spec, ctx) => {
    if (spec.kind === 'choice' && !spec.choice) {
      ctx.addIssue({
        code: 'custom',
        path: ['choice'],
        message: 'A multiple-choice answer needs its letter.',
      });
    }
    if (spec.kind !== 'choice' && spec.choice) {
      ctx.addIssue({
        code: 'custom',
        path: ['choice'],
        message: 'Only a multiple-choice answer has a letter.',
      });
    }
    if (spec.kind === 'none' && (spec.unit || spec.tolerance !== null || spec.form !== 'any')) {
      ctx.addIssue({
        code: 'custom',
        path: ['kind'],
        message: 'An answer that is not checked has no form, unit or tolerance.',
      });
    }
  });
export type AnswerSpec = z.output<typeof AnswerSpecSchema>;
export type AnswerSpecInput = z.input<typeof AnswerSpecSchema>;

/** Most test answers an example may keep. */
export const MAX_TEST_ANSWERS = 20;

/** A test answer an editor keeps: an answer the checker must accept (`accept: true`) or refuse. */
export const TestAnswerSchema = z
  .object({
    answer: z
      .string({ error: 'A test answer must be text.' })
      .trim()
      .min(1, 'A test answer cannot be empty.')
      .max(ANSWER_MAX_LENGTH, `A test answer must be at most ${ANSWER_MAX_LENGTH} characters.`),
    accept: z.boolean({
      error: 'Say whether the test answer must be accepted (true) or refused (false).',
    }),
  })
  .strict();
export type TestAnswer = z.infer<typeof TestAnswerSchema>;

export const TestAnswersSchema = z
  .array(TestAnswerSchema)
  .max(MAX_TEST_ANSWERS, `An example keeps at most ${MAX_TEST_ANSWERS} test answers.`);

/**
 * "We read your answer as …": POST /examples/{id}/read answer. `reading` is the answer as the
 * checker reads it, as LaTeX to typeset (`e^{2} x` for a typed `e^2x`); `problem` instead, in plain
 * words, when a part cannot be read (no verdict is given before a check either way).
 */
export const AnswerReadingSchema = z.union([
  z.object({ reading: z.string() }).strict(),
  z.object({ problem: z.string() }).strict(),
]);
export type AnswerReading = z.infer<typeof AnswerReadingSchema>;

/**
 * POST /admin/answer-check/try body: an editor's answers checked against a stored answer under a
 * spec (the example form's unsaved fields), before saving.
 */
export const TryAnswersBodySchema = z
  .object({
    question: z.string({ error: 'Question must be text.' }).max(20_000),
    answer: z
      .string({ error: 'Answer must be text.' })
      .trim()
      .min(1, 'Answer is required.')
      .max(20_000),
    answerSpec: AnswerSpecSchema.nullable(),
    answers: z
      .array(TestAnswerSchema.shape.answer)
      .min(1, 'Type an answer to try.')
      .max(MAX_TEST_ANSWERS, `Try at most ${MAX_TEST_ANSWERS} answers at a time.`),
  })
  .strict();
export type TryAnswersBody = z.infer<typeof TryAnswersBodySchema>;

/** One tried answer's outcome: a verdict (with feedback) or the message a learner would read. */
export const TriedAnswerSchema = z.union([
  z.object({
    answer: z.string(),
    correct: z.boolean(),
    feedback: z.string().optional(),
    checkable: z.literal(false).optional(),
  }),
  z.object({ answer: z.string(), refused: z.string() }),
]);
export type TriedAnswer = z.infer<typeof TriedAnswerSchema>;

/** POST /admin/answer-check/try answer: the spec used (the one given, else inferred) and each outcome. */
export const TryAnswersResultSchema = z.object({
  answerSpec: AnswerSpecSchema,
  inferred: z.boolean(),
  results: z.array(TriedAnswerSchema),
});
export type TryAnswersResult = z.infer<typeof TryAnswersResultSchema>;
