// What a learner is told when their answer cannot be read: plain sentences that name the part
// they could not read as they typed it ("or", "∫", "&"), never a TeX command, a brace or the
// parser's own words. No dependencies but the list of relation signs: the text checks use these on
// the event loop.
import { RELATIONS } from './inequality-signs';

/** How a learner sees a command the maths field or their keyboard wrote. */
const SPOKEN: Record<string, string> = {
  lor: 'or',
  vee: 'or',
  land: 'and',
  wedge: 'and',
  lnot: 'not',
  neg: 'not',
  int: '∫',
  iint: '∬',
  oint: '∮',
  sum: 'Σ',
  prod: '∏',
  lim: 'lim',
  to: '→',
  rightarrow: '→',
  Rightarrow: '⇒',
  implies: '⇒',
  iff: '⇔',
  infty: '∞',
  partial: '∂',
  nabla: '∇',
  ldots: '…',
  cdots: '…',
  dots: '…',
  angle: '∠',
  triangle: '△',
  perp: '⊥',
  parallel: '∥',
  equiv: '≡',
  pmod: 'mod',
  bmod: 'mod',
  mod: 'mod',
  binom: 'a binomial coefficient',
  choose: 'choose',
  mid: '|',
  vert: '|',
  cap: '∩',
  cup: '∪',
  subset: '⊂',
  subseteq: '⊆',
  forall: '∀',
  exists: '∃',
  notin: '∉',
  setminus: '∖',
  mathbb: 'a blackboard letter',
  vec: 'an arrow over a letter',
  overline: 'a bar over a letter',
  bar: 'a bar over a letter',
  hat: 'a hat over a letter',
  prime: '′',
  times: '×',
  cdot: '·',
  div: '÷',
  pm: '±',
  mp: '∓',
  circ: '°',
  degree: '°',
  approx: '≈',
  pi: 'π',
  theta: 'θ',
  emptyset: '∅',
  varnothing: '∅',
  in: '∈',
  sqrt: '√',
  langle: '⟨',
  rangle: '⟩',
  ...Object.fromEntries(RELATIONS.flatMap((r) => r.commands.map((c) => [c, r.shown]))),
  lbrace: '{',
  rbrace: '}',
  textcolor: 'a colour',
  color: 'a colour',
  cancel: 'a crossed-out part',
  Box: '□',
  square: '□',
  alpha: 'α',
  beta: 'β',
  gamma: 'γ',
  delta: 'δ',
  epsilon: 'ε',
  lambda: 'λ',
  mu: 'μ',
  sigma: 'σ',
  phi: 'φ',
  omega: 'ω',
};

/** A TeX command (`\lor`, `\\`) as the learner typed it: `or`, a line break. */
export function spokenCommand(command: string): string {
  const name = command.replace(/^\\/, '');
  if (name === '\\' || name === '') return 'a line break';
  return SPOKEN[name] ?? name;
}

/**
 * Some LaTeX as a learner would read it on their screen: commands as their symbols or words,
 * words in `\text{…}` / `\operatorname{…}` as the words, `\frac{a}{b}` as a/b, braces gone.
 * Empty when nothing visible is left.
 */
export function asTyped(latex: string): string {
  let s = latex;
  for (let i = 0; i < 4; i++) {
    s = s
      .replace(/\\[dtc]?frac\s*\{([^{}]*)\}\s*\{([^{}]*)\}/g, '$1/$2')
      .replace(
        /\\(?:operatorname|text|textrm|textnormal|mbox|mathrm|mathbf|mathit|mathsf|textbf|textit)\s*\{([^{}]*)\}/g,
        '$1',
      );
  }
  s = s
    .replace(/\\\\/g, ' ')
    .replace(/\\([{}$%&#_])/g, '$1')
    .replace(/\\(?:left|right|displaystyle)(?![a-zA-Z])/g, '')
    .replace(/\\[,;:! ]/g, ' ')
    .replace(/\\([a-zA-Z]+)/g, (_, name: string) => SPOKEN[name] ?? name)
    .replace(/[\\{}]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return s;
}

/** Longest part of an answer quoted back to a learner. */
const MAX_QUOTE = 24;

/** "We couldn’t read "or" in your answer." with advice; the plain sentence when nothing is left. */
export function couldNotRead(typed: string, advice = READ_ADVICE): string {
  const quote = asTyped(typed);
  if (!quote || quote.length > MAX_QUOTE) return `We couldn’t read your answer: ${advice}.`;
  return `We couldn’t read “${quote}” in your answer: ${advice}.`;
}

/** The sentence for a clause of what is wrong (`part of it is missing`). */
export const notReadable = (clause: string) => `We couldn’t read your answer: ${clause}.`;

export const READ_ADVICE = 'write your answer with numbers, letters and maths symbols';
export const BRACKETS_CLAUSE = 'check that every bracket you open is closed';
export const MISSING_CLAUSE = 'part of it is missing';
export const WORDS_CLAUSE = 'it has words we do not know; leave out any words except units';
export const CANNOT_COMPARE_CLAUSE = 'part of it is not something we can work out';
export const LINE_BREAK_CLAUSE = 'it has a line break; write it on one line';
