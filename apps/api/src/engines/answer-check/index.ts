// The answer checker's public face: what other modules use. Everything else in this folder is its
// inside (docs/decisions/031-answer-checking.md, 041-answer-specs.md). Nothing here loads Compute
// Engine: that happens on the checker's thread only.
export {
  ANSWER_CHECK_TIMEOUT_MS,
  AnswerCheckPool,
  CHECKER_BUSY,
  MAX_CHECKS_IN_FLIGHT_PER_CLIENT,
  TOO_MANY_AT_ONCE,
  TOOK_TOO_LONG,
  type AnswerCheckInput,
  type AnswerReading,
  type AnswerVerdict,
} from './answer-check.pool';
export {
  FEEDBACK_CHOICE_LETTER,
  FEEDBACK_FORM,
  FEEDBACK_NOT_SIMPLIFIED,
  FEEDBACK_ORDER,
  FEEDBACK_SIGN,
  FEEDBACK_UNITS,
} from './feedback';
export { FEEDBACK_UNCHECKABLE, MAX_ANSWER_CHARS } from './guards';
export { inferAnswerSpec } from './infer-spec';
export { tryAnswers } from './try-answers';
