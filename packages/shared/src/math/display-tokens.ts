/**
 * The vocabulary break-display.ts reads a display formula with: which tokens are relations,
 * arrows, operators, brackets and separators, which make a rewrite unsafe, and the scanner's
 * token and separator readers.
 */

export const RELATIONS = new Set([
  '=',
  '<',
  '>',
  '\\lt',
  '\\gt',
  '\\le',
  '\\leq',
  '\\ge',
  '\\geq',
  '\\leqslant',
  '\\geqslant',
  '\\ne',
  '\\neq',
  '\\approx',
  '\\equiv',
  '\\sim',
  '\\simeq',
  '\\cong',
  '\\propto',
  '\\doteq',
  '\\coloneqq',
  '\\eqqcolon',
  '\\ll',
  '\\gg',
  '\\asymp',
  '\\triangleq',
  '\\in',
  '\\notin',
  '\\subset',
  '\\subseteq',
  '\\supset',
  '\\supseteq',
]);

export const ARROWS = new Set([
  '\\implies',
  '\\impliedby',
  '\\iff',
  '\\Rightarrow',
  '\\Leftarrow',
  '\\Leftrightarrow',
  '\\Longrightarrow',
  '\\Longleftarrow',
  '\\Longleftrightarrow',
  '\\longrightarrow',
  '\\rightarrow',
  '\\leftrightarrow',
  '\\to',
  '\\mapsto',
  '\\longmapsto',
  '\\therefore',
  '\\because',
]);

/** Products: a cut before one splits a term, so it comes after every other cut. */
export const PRODUCTS = new Set(['*', '\\times', '\\cdot', '\\div']);

export const OPERATORS = new Set([
  ...PRODUCTS,
  '+',
  '-',
  '\\pm',
  '\\mp',
  '\\cup',
  '\\cap',
  '\\setminus',
  '\\oplus',
  '\\otimes',
  '\\wedge',
  '\\vee',
  '\\land',
  '\\lor',
]);

/** Wide spaces that separate statements (`a = 1 \quad b = 2`). */
export const STATEMENT_SPACES = new Set(['\\quad', '\\qquad']);
/** Thin spaces that may follow a separating comma (`x = 4,\ y = 2`). */
export const SMALL_SPACES = new Set([
  '\\ ',
  '\\,',
  '\\;',
  '\\:',
  '\\>',
  '~',
  '\\enspace',
  '\\thinspace',
]);

export const OPENERS = new Set([
  '(',
  '[',
  '\\{',
  '\\langle',
  '\\lvert',
  '\\lVert',
  '\\lfloor',
  '\\lceil',
]);
export const CLOSERS = new Set([
  ')',
  ']',
  '\\}',
  '\\rangle',
  '\\rvert',
  '\\rVert',
  '\\rfloor',
  '\\rceil',
]);
export const SIZED_OPEN = /^\\(?:left|bigl|Bigl|biggl|Biggl)$/;
export const SIZED_CLOSE = /^\\(?:right|bigr|Bigr|biggr|Biggr)$/;

/** Anywhere in the formula, these make a rewrite unsafe. */
export const FORBIDDEN = new Set([
  '\\tag',
  '\\label',
  '\\def',
  '\\gdef',
  '\\edef',
  '\\xdef',
  '\\let',
  '\\global',
  '\\newcommand',
  '\\renewcommand',
  '\\providecommand',
]);

/** At the top level, these change what follows them, so cutting after them would change meaning. */
export const TOP_FORBIDDEN = new Set([
  '\\over',
  '\\atop',
  '\\choose',
  '\\above',
  '\\brace',
  '\\brack',
  '\\textstyle',
  '\\scriptstyle',
  '\\scriptscriptstyle',
  '\\color',
  '\\rm',
  '\\bf',
  '\\it',
  '\\sf',
  '\\tt',
  '\\cal',
  '\\tiny',
  '\\scriptsize',
  '\\footnotesize',
  '\\small',
  '\\normalsize',
  '\\large',
  '\\Large',
  '\\LARGE',
  '\\huge',
  '\\Huge',
]);

export interface Token {
  text: string;
  start: number;
  end: number;
}

let work = 0;

/**
 * Characters the scanner has looked at since the last reset (for the linearity tests: a count
 * does not depend on the machine's load as a timing would).
 */
export const displayPartsWork = {
  reset: () => void (work = 0),
  /** Counts `n` characters looked at by a caller of tokenAt (the spaces it steps over). */
  add: (n: number) => void (work += n),
  get count() {
    return work;
  },
};

/** The next token at `i`: a control word, a control symbol, or one character. */
export function tokenAt(src: string, i: number): Token {
  if (src[i] !== '\\') {
    work++;
    return { text: src[i]!, start: i, end: i + 1 };
  }
  let j = i + 1;
  if (j < src.length && /[a-zA-Z]/.test(src[j]!)) {
    while (j < src.length && /[a-zA-Z]/.test(src[j]!)) j++;
    work += j - i;
    return { text: src.slice(i, j), start: i, end: j };
  }
  work += 2;
  return {
    text: src.slice(i, Math.min(j + 1, src.length)),
    start: i,
    end: Math.min(j + 1, src.length),
  };
}

/** The end of a `\\text{…}` group at `j` (its `{`), or -1. */
function groupEnd(latex: string, j: number): number {
  let depth = 0;
  for (let m = j; m < latex.length; m++) {
    work++;
    if (latex[m] === '\\') m++;
    else if (latex[m] === '{') depth++;
    else if (latex[m] === '}' && --depth === 0) return m + 1;
  }
  return -1;
}

const TEXT_WORDS = new Set(['\\text', '\\textrm', '\\mbox']);

/**
 * A separator starting at `from` (a comma, a semicolon or a wide space): the run of commas,
 * spaces and text words that follows. `hard` when it holds a wide space; the previous part ends
 * after its last comma or word (a word between two spaces, `\\quad\\text{or}\\quad`, stays with
 * the part before), the next part starts after the run.
 */
export function separatorRun(
  latex: string,
  from: number,
): { at: number; endPrevious: number; hard: boolean } | null {
  let j = from;
  let endPrevious = from;
  let hard = false;
  for (;;) {
    while (j < latex.length && /\s/.test(latex[j]!)) j++;
    if (j >= latex.length) break;
    const tok = tokenAt(latex, j);
    const t = tok.text;
    if (t === ',' || t === ';') {
      endPrevious = tok.end;
      j = tok.end;
    } else if (STATEMENT_SPACES.has(t)) {
      hard = true;
      j = tok.end;
    } else if (t === '\\hspace') {
      let k = tok.end;
      while (k < latex.length && /\s/.test(latex[k]!)) k++;
      const close = latex[k] === '{' ? groupEnd(latex, k) : -1;
      if (close < 0) return null;
      hard = true;
      j = close;
    } else if (SMALL_SPACES.has(t)) {
      j = tok.end;
    } else if (TEXT_WORDS.has(t) && j > from) {
      let k = tok.end;
      while (k < latex.length && /\s/.test(latex[k]!)) k++;
      const close = latex[k] === '{' ? groupEnd(latex, k) : -1;
      if (close < 0) return null;
      let after = close;
      while (after < latex.length && /\s/.test(latex[after]!)) after++;
      const next = after < latex.length ? tokenAt(latex, after).text : '';
      if (!STATEMENT_SPACES.has(next) && !SMALL_SPACES.has(next)) break;
      endPrevious = close;
      j = close;
    } else break;
  }
  return { at: j, endPrevious, hard };
}
