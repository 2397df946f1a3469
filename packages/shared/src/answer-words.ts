/**
 * The words of an answer spec (@exemplar/shared/answer-spec: what each means), with no dependency,
 * so that the web app and the answer checker's thread use them without loading zod.
 */

export const ANSWER_KINDS = [
  'value',
  'expression',
  'equation',
  'solutions',
  'parts',
  'interval',
  'choice',
  'none',
] as const;

export const ANSWER_FORMS = ['any', 'expanded', 'factorised', 'simplified', 'exact'] as const;

/** Choice letters an example may use. */
export const CHOICE_LETTERS = ['A', 'B', 'C', 'D', 'E', 'F'] as const;

/**
 * What a learner reads about an answer that is not checked automatically (its spec's kind is
 * `none`, or its stored answer could never be typed): before typing, and as the verdict's feedback.
 */
export const NOT_CHECKED_MESSAGE =
  "This answer can't be checked automatically: compare your working with the answer.";
