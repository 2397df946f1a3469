/**
 * LaTeX written without maths delimiters: the environments the splitter takes as maths when
 * written bare in prose, and the importers' checks for bare control words.
 */
import type { MathSegment } from './split-math';

/** Environments that are display maths on their own when written bare in prose. */
export const BARE_DISPLAY_ENVIRONMENTS: ReadonlySet<string> = new Set([
  'align',
  'align*',
  'alignat',
  'alignat*',
  'equation',
  'equation*',
  'gather',
  'gather*',
  'eqnarray',
  'eqnarray*',
  'multline',
  'multline*',
  'displaymath',
  'tabular',
]);

/**
 * Maths-only environments (matrices, cases, arrays): meaningless as prose, so when written bare
 * they are rendered as inline maths (e.g. an answer that is just `\begin{pmatrix}…\end{pmatrix}`).
 */
export const BARE_INLINE_ENVIRONMENTS: ReadonlySet<string> = new Set([
  'matrix',
  'pmatrix',
  'bmatrix',
  'Bmatrix',
  'vmatrix',
  'Vmatrix',
  'smallmatrix',
  'cases',
  'rcases',
  'array',
  'aligned',
  'alignedat',
  'gathered',
  'split',
]);

/** Maths delimiters or environments anywhere in the text. */
const HAS_MATH_RE = /(^|[^\\])\$|\\\(|\\\[|\\begin\{/;
/** A TeX control word such as `\frac` (not an escaped character like `\%`). */
const CONTROL_WORD_RE = /\\[a-zA-Z]+/;

/**
 * For importers: a field written as bare LaTeX with no delimiters (the MATH dataset's answers, e.g.
 * `\frac{10}{21}` or `25\pi`) is wrapped in `$…$` so it renders as maths; anything else is
 * returned unchanged.
 */
export function wrapBareLatex(text: string): string {
  const trimmed = text.trim();
  if (!trimmed || HAS_MATH_RE.test(trimmed) || !CONTROL_WORD_RE.test(trimmed)) return text;
  return `$${trimmed}$`;
}

/** True when prose outside maths still holds a TeX control word (it would show as raw source). */
export function hasBareLatex(segment: MathSegment): boolean {
  return segment.kind === 'text' && CONTROL_WORD_RE.test(segment.raw);
}
