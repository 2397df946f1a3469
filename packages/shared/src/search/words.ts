import { stem } from './stem';

/**
 * Text as the search reads it: accents folded, maths source reduced to words, split into words of
 * letters and digits, little words dropped, each word stemmed. Documents and queries go through
 * the same functions, so both engines index and look up the same tokens.
 */

/** Letters without their accents, in lower case: "L'Hôpital" → "l'hopital". */
export const foldAccents = (text: string): string =>
  text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();

/** Maths commands read as the words a learner would search for. */
const COMMAND_WORDS: Record<string, string> = {
  int: 'integral',
  iint: 'integral',
  iiint: 'integral',
  oint: 'integral',
  frac: 'fraction',
  dfrac: 'fraction',
  tfrac: 'fraction',
  sqrt: 'square root',
  sin: 'sine',
  cos: 'cosine',
  tan: 'tangent',
  sec: 'secant',
  csc: 'cosecant',
  cot: 'cotangent',
  arcsin: 'inverse sine',
  arccos: 'inverse cosine',
  arctan: 'inverse tangent',
  sinh: 'hyperbolic sine',
  cosh: 'hyperbolic cosine',
  tanh: 'hyperbolic tangent',
  log: 'logarithm',
  ln: 'natural logarithm',
  lg: 'logarithm',
  exp: 'exponential',
  lim: 'limit',
  limsup: 'limit',
  liminf: 'limit',
  sum: 'sum',
  prod: 'product',
  binom: 'binomial',
  dbinom: 'binomial',
  choose: 'binomial',
  pmod: 'mod',
  bmod: 'mod',
  infty: 'infinity',
  partial: 'partial derivative',
  nabla: 'gradient',
  vec: 'vector',
  angle: 'angle',
  triangle: 'triangle',
  circ: 'degrees',
  perp: 'perpendicular',
  parallel: 'parallel',
  equiv: 'congruent',
  mid: 'divides',
  approx: 'approximately',
  sigma: 'sigma',
};

/** Commands that only lay out or style maths: no word of their own. */
const LAYOUT_COMMANDS = new Set(
  (
    'left right big bigl bigr Big Bigl Bigr displaystyle textstyle text textbf textit mathrm ' +
    'mathbf mathit mathbb mathcal operatorname begin end quad qquad cdot cdots ldots dots times ' +
    'div pm mp le leq ge geq ne neq lt gt to rightarrow leftarrow implies iff in notin subset ' +
    'subseteq cup cap setminus hline overline underline hat bar tilde dot ddot prime limits ' +
    'nolimits mathop label tag boxed color phantom hspace vspace newline displaylines aligned ' +
    'align cases array matrix pmatrix bmatrix vmatrix'
  ).split(' '),
);

/** Words too common to tell examples apart: never indexed, never searched. */
export const STOP_WORDS = new Set(
  (
    'a an and are as at be been by do does for from has have how if in into is it its of on or ' +
    'so such than that the their then there these this those to was were what when where which ' +
    'who why will with'
  ).split(' '),
);

/** Maths source as words: `\int` → "integral", `\frac` → "fraction", layout commands dropped. */
export function mathsAsWords(text: string): string {
  return text.replace(/\\([a-zA-Z]+)/g, (_, name: string) =>
    LAYOUT_COMMANDS.has(name) ? ' ' : ` ${COMMAND_WORDS[name] ?? name} `,
  );
}

/**
 * The words of a text, folded and in order, little words and single characters (a variable, a
 * digit) dropped; not yet stemmed.
 */
export function plainWords(text: string): string[] {
  const words = foldAccents(mathsAsWords(text)).match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.filter((w) => w.length > 1 && !STOP_WORDS.has(w));
}

/** The search tokens of a text: its plain words, each stemmed. */
export const searchTokens = (text: string): string[] => plainWords(text).map(stem);
