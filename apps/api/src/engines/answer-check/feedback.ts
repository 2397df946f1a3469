// The checker's feedback sentences (no dependencies: the API's other modules and the event loop
// use them without loading Compute Engine). Feedback is given only where the checker is certain,
// and never hints at the answer itself.
import type { AnswerForm } from '@exemplar/shared/answer-spec';

export const FEEDBACK_NOT_SIMPLIFIED = 'Your answer is equivalent but not simplified.';
export const FEEDBACK_SIGN = 'Check the sign.';
export const FEEDBACK_UNITS = 'Check the units.';
/** A right answer not in the form the question asks (`expanded`, `factorised`, …). */
export const FEEDBACK_FORM = (form: AnswerForm) =>
  `Equivalent but not in the form asked (${form}).`;
/** A list of parts that are right in another order than the stored one. */
export const FEEDBACK_ORDER = 'Your list is in another order than asked.';
/** A multiple-choice answer typed as something other than a letter the checker can compare. */
export const FEEDBACK_CHOICE_LETTER = 'Answer with the letter of the option you choose.';
