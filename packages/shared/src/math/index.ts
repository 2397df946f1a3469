export { splitMath } from './split-math';
export {
  wrapBareLatex,
  hasBareLatex,
  BARE_DISPLAY_ENVIRONMENTS,
  BARE_INLINE_ENVIRONMENTS,
} from './bare-latex';
export type { MathSegment, MathSegmentKind, DollarNote } from './split-math';
export { dollarWarnings } from './dollar-warnings';
export type { DollarWarning } from './dollar-warnings';
export {
  renderMath,
  MATH_LIMITS,
  TYPESETTER_VERSION,
  formulaKey,
  keptTypesetting,
} from './render-math';
export { formulasOf, typesetFormulas } from './typeset-formulas';
export type { Formula } from './typeset-formulas';
export type { RenderMathResult } from './render-math';
export { MATH_MACROS, normaliseLatex, readGroup } from './normalise';
export {
  renderRichText,
  richTextParts,
  cachedRichText,
  RICH_TEXT_PART_CHARS,
  escapeHtml,
  richTextCache,
  DEFAULT_ERROR_LABEL,
  RICH_TEXT_CACHE_SIZE,
} from './render-rich-text';
export type { RenderRichTextOptions } from './render-rich-text';
export { mathmlOnly } from './mathml-only';
export { checkMath } from './check-math';
export type { MathIssue, RenderVerdicts } from './check-math';
export {
  displayParts,
  measureLatex,
  widthsFromRows,
  packDisplay,
  layoutLatex,
  MAX_PIECES,
} from './break-display';
export type {
  DisplayParts,
  DisplayPiece,
  DisplayStatement,
  DisplayWidths,
  DisplayLayout,
  PieceKind,
} from './break-display';
export { inlineMathSource, latexToPlainText, mathPlainText, truncateText } from './plain-text';
export { procedureSteps, MIN_STEP_WORDS } from './steps';
export { questionKey } from './question-key';
