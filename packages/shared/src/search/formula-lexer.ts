import { tokenAt } from '../math/display-tokens';

/**
 * A formula's lexicon and lexer, for reading formulas by their structure (see formula-structure):
 * the tree's node, the tables of what each command means, and the tokens a formula is read from.
 */

export interface Node {
  op: string;
  kids: Node[];
  /** The number as written, for a number leaf. */
  num?: string;
  /** The subtree cut at depth 0 to 3 (computed once, see `cuts`). */
  cut?: string[];
  /** Their numbers of nodes. */
  size?: number[];
}

export const leaf = (op: string, num?: string): Node =>
  num === undefined ? { op, kids: [] } : { op, kids: [], num };
export const node = (op: string, ...kids: Node[]): Node => ({ op, kids });
/** `n` under `negs` minus signs: two cancel, as in arithmetic (`--x` is `x`). */
export const negated = (n: Node, negs: number): Node => (negs % 2 ? node('neg', n) : n);

export const RELATION_NAMES: Record<string, string> = {
  '=': '=',
  '<': '<',
  '>': '>',
  '\\lt': '<',
  '\\gt': '>',
  '\\le': '≤',
  '\\leq': '≤',
  '\\leqslant': '≤',
  '\\ge': '≥',
  '\\geq': '≥',
  '\\geqslant': '≥',
  '\\ne': '≠',
  '\\neq': '≠',
  '\\approx': '≈',
  '\\equiv': '≡',
  '\\sim': '~',
  '\\cong': '≅',
  '\\propto': '∝',
  '\\in': '∈',
  '\\subset': '⊂',
  '\\subseteq': '⊂',
  '\\to': '→',
  '\\rightarrow': '→',
  '\\mid': '|',
  '\\implies': '⇒',
  '\\Rightarrow': '⇒',
  '\\iff': '⇔',
};

export const FUNCTIONS = new Set(
  (
    'sin cos tan sec csc cot arcsin arccos arctan sinh cosh tanh ln log lg exp det gcd lcm max min ' +
    'deg arg'
  ).split(' '),
);

export const GREEK = new Set(
  (
    'alpha beta gamma delta epsilon varepsilon zeta eta theta vartheta iota kappa lambda mu nu xi ' +
    'rho varrho sigma tau upsilon phi varphi chi psi omega Gamma Delta Theta Lambda Xi Sigma Phi ' +
    'Psi Omega'
  ).split(' '),
);

/** Commands that only space, size or style: skipped. */
export const SKIPPED = new Set(
  (
    'left right big bigl bigr Big Bigl Bigr bigg biggl biggr Bigg Biggl Biggr displaystyle ' +
    'textstyle scriptstyle limits nolimits quad qquad , ; : ! > enspace thinspace middle'
  )
    .split(' ')
    .map((c) => `\\${c}`),
);

/** Commands dropped with their one argument (words, labels). */
export const DROPPED_WITH_ARG = new Set(
  ['text', 'textrm', 'textbf', 'textit', 'mbox', 'label', 'tag', 'hspace', 'color'].map(
    (c) => `\\${c}`,
  ),
);

/** Commands whose one argument stands for them (styles, accents). */
export const TRANSPARENT = new Set(
  [
    'mathrm',
    'mathbf',
    'mathit',
    'mathsf',
    'boldsymbol',
    'bm',
    'boxed',
    'vec',
    'bar',
    'hat',
    'tilde',
    'overline',
    'underline',
    'dot',
    'ddot',
  ].map((c) => `\\${c}`),
);

export const INTEGRALS = new Set(['\\int', '\\iint', '\\iiint', '\\oint']);
export const BIG_OPERATORS: Record<string, string> = { '\\sum': 'sum', '\\prod': 'prod' };
export const FRACTIONS = new Set(['\\frac', '\\dfrac', '\\tfrac', '\\cfrac']);
export const OPENERS: Record<string, string> = {
  '(': ')',
  '[': ']',
  '\\{': '\\}',
  '\\lbrace': '\\rbrace',
  '\\langle': '\\rangle',
  '\\lfloor': '\\rfloor',
  '\\lceil': '\\rceil',
};
export const BRACKET_NODES: Record<string, string> = {
  '\\lfloor': 'floor',
  '\\lceil': 'ceil',
  '\\{': 'set',
  '\\lbrace': 'set',
};
export const SUMS: Record<string, string> = { '+': '+', '-': '-', '\\pm': '±', '\\mp': '∓' };
export const PRODUCTS = new Set(['*', '\\cdot', '\\times']);
export const DIVISIONS = new Set(['/', '\\div']);

/** The most source characters of one formula read (longer is cut: a runaway paste). */
export const FORMULA_CHARS_MAX = 2_000;

/** The formula's tokens: commands, characters, numbers (digits with a decimal point) as one. */
export function lex(latex: string): string[] {
  const src = latex.slice(0, FORMULA_CHARS_MAX);
  const out: string[] = [];
  for (let i = 0; i < src.length;) {
    const ch = src[i]!;
    if (/\s/.test(ch) || ch === '~' || ch === '&') {
      i++;
      continue;
    }
    const num = /^\d+(?:\.\d+)?/.exec(src.slice(i, i + 40));
    if (num) {
      out.push(num[0]);
      i += num[0].length;
      continue;
    }
    const t = tokenAt(src, i);
    i = t.end;
    if (t.text === '\\mathrm' || t.text === '\\operatorname') {
      // `\mathrm{d}x` is a differential, `\operatorname{sgn}` a function's name: read as written.
      const m = /^\s*\{\s*([a-zA-Z]+)\s*\}/.exec(src.slice(i, i + 40));
      if (m) {
        const word = m[1]!;
        out.push(word.length > 1 ? `\\${word}` : word);
        i += m[0].length;
        continue;
      }
    }
    if (SKIPPED.has(t.text)) continue;
    out.push(t.text);
  }
  return out;
}

/** Where the parser stops a product: these end a factor run. */
export const ENDS_PRODUCT = new Set([
  ...Object.keys(SUMS),
  ...Object.keys(RELATION_NAMES),
  ...PRODUCTS,
  ...DIVISIONS,
  ...Object.values(OPENERS),
  ',',
  ';',
  '}',
  '\\\\',
  '\\end',
  '^',
  '_',
]);
