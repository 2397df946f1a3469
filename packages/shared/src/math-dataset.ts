// Entry point `@exemplar/shared/math-dataset`: how an answer of the MATH dataset is stored, read by
// the catalogue import and by the answer checker's corpus measurement. No dependency.

/**
 * MATH answers are bare expressions: they are maths, so they are rendered as maths, wrapped in
 * `$…$` (trimmed). An answer that already holds a `$`, a blank one or one that is not text is
 * kept as written: the renderer reads `$…$` as TeX does (docs/decisions/039-dollars-as-tex-reads-them.md).
 */
export const mathDatasetAnswer = (answer: unknown) =>
  typeof answer === 'string' && answer.trim() && !answer.includes('$')
    ? `$${answer.trim()}$`
    : answer;
