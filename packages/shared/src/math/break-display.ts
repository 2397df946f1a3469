/**
 * Line breaking for display maths that is wider than its box (a phone), in the spirit of MathJax's
 * automatic line breaking, as pure LaTeX rewriting so that a browser or a server can use it:
 *
 * 1. `displayParts(latex)` reads the formula once, left to right, and cuts it at its top level
 *    only (never inside braces, brackets, `\left…\right` or environments) into statements (parts
 *    separated by `\quad`, `\qquad`, or a comma or semicolon between two parts that each hold a
 *    relation), and each statement into its left-hand side and pieces that start at a relation
 *    (`=`, `\le`, `\approx`…), an arrow (`\implies`, `\iff`, `\to`…) or a binary operator (`+`,
 *    `-`, `\cdot`…). It answers null when the formula must not be rewritten (already laid out with
 *    `\\` or `&`, `\tag`, `\over`, a comment, a definition, a style switch at top level, or
 *    nothing to cut).
 * 2. `measureLatex(parts)` is one `aligned` block with every piece on its own row, so a renderer
 *    can measure the width of each piece in one go.
 * 3. `packDisplay(parts, widths, maxWidth)` packs pieces greedily onto lines, preferring to break
 *    before an arrow, then a relation, then an operator, in two layouts: aligned on the first
 *    relation of each statement, or hanging (first line flush left, the rest indented) when the
 *    left-hand side is too wide for that. Of the layouts that fit it answers the one with fewer
 *    lines (aligned on a tie), else the narrower.
 * 4. `layoutLatex(parts, layout)` writes that layout as an `aligned` block.
 *
 * Every function is linear in the length of the formula (packing is bounded by MAX_PIECES).
 */

/** What a piece starts with; cuts are preferred in this order. */
export type PieceKind = 'arrow' | 'relation' | 'operator' | 'product';

export interface DisplayPiece {
  kind: PieceKind;
  /** LaTeX of the piece, starting with its relation, arrow or operator. */
  latex: string;
}

export interface DisplayStatement {
  /** LaTeX before the first piece (may be empty: a formula can start with `=`). */
  lhs: string;
  pieces: DisplayPiece[];
}

export interface DisplayParts {
  statements: DisplayStatement[];
}

/** More break points than this and the formula is left alone (it is a wall, not a line). */
export const MAX_PIECES = 200;

const RELATIONS = new Set([
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

const ARROWS = new Set([
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
const PRODUCTS = new Set(['*', '\\times', '\\cdot', '\\div']);

const OPERATORS = new Set([
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
const STATEMENT_SPACES = new Set(['\\quad', '\\qquad']);
/** Thin spaces that may follow a separating comma (`x = 4,\ y = 2`). */
const SMALL_SPACES = new Set(['\\ ', '\\,', '\\;', '\\:', '\\>', '~', '\\enspace', '\\thinspace']);

const OPENERS = new Set(['(', '[', '\\{', '\\langle', '\\lvert', '\\lVert', '\\lfloor', '\\lceil']);
const CLOSERS = new Set([')', ']', '\\}', '\\rangle', '\\rvert', '\\rVert', '\\rfloor', '\\rceil']);
const SIZED_OPEN = /^\\(?:left|bigl|Bigl|biggl|Biggl)$/;
const SIZED_CLOSE = /^\\(?:right|bigr|Bigr|biggr|Biggr)$/;

/** Anywhere in the formula, these make a rewrite unsafe. */
const FORBIDDEN = new Set([
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
const TOP_FORBIDDEN = new Set([
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

interface Token {
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
  get count() {
    return work;
  },
};

/** The next token at `i`: a control word, a control symbol, or one character. */
function tokenAt(src: string, i: number): Token {
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

/** Where a cut may go, found in the scan. */
interface Cut {
  /** 'statement': hard (a wide space); 'comma': soft (merged away unless both sides relate). */
  kind: PieceKind | 'statement' | 'comma';
  /** Source index where the next part starts. */
  at: number;
  /** For statement and comma cuts: where the previous part ends (spaces after it are dropped). */
  endPrevious: number;
}

type TopClass = 'none' | 'ord' | 'rel' | 'bin' | 'open' | 'punct' | 'script';

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
function separatorRun(
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

/**
 * Cuts a display formula at its top level (see the file comment). Null when it must not or
 * cannot be rewritten, or when it has no cut at all.
 */
export function displayParts(latex: string): DisplayParts | null {
  const cuts: Cut[] = [];
  let braces = 0;
  let brackets = 0;
  let envs = 0;
  let last: TopClass = 'none';
  /** A relation or arrow cut just made: a relation right after it joins it (`:=`, `\le=`). */
  let relStart = -1;
  let i = 0;
  const top = () => braces === 0 && brackets === 0 && envs === 0;
  while (i < latex.length) {
    const ch = latex[i]!;
    if (/\s/.test(ch)) {
      work++;
      i++;
      continue;
    }
    const tok = tokenAt(latex, i);
    const t = tok.text;
    i = tok.end;
    // Only a relation right after a relation joins it (`\le =`); anything between ends that.
    const afterRelation = relStart >= 0;
    relStart = -1;
    if (t === '%') return null;
    if (FORBIDDEN.has(t)) return null;
    if (t === '\\begin' || t === '\\end') {
      // Skip the environment's name group with the brace counter.
      envs += t === '\\begin' ? 1 : -1;
      if (envs < 0) return null;
      if (envs === 0) last = 'ord';
      continue;
    }
    if (t === '{') {
      braces++;
      continue;
    }
    if (t === '}') {
      braces--;
      if (braces < 0) return null;
      if (top()) last = 'ord';
      continue;
    }
    if (braces > 0 || envs > 0) continue;
    if (SIZED_OPEN.test(t) || SIZED_CLOSE.test(t)) {
      // The delimiter after \left, \bigl… belongs to it.
      let j = i;
      while (j < latex.length && /\s/.test(latex[j]!)) j++;
      if (j < latex.length) i = tokenAt(latex, j).end;
      if (SIZED_OPEN.test(t)) brackets++;
      else brackets = Math.max(0, brackets - 1);
      if (brackets === 0) last = 'ord';
      continue;
    }
    if (t === '\\middle') {
      let j = i;
      while (j < latex.length && /\s/.test(latex[j]!)) j++;
      if (j < latex.length) i = tokenAt(latex, j).end;
      continue;
    }
    if (OPENERS.has(t)) {
      brackets++;
      continue;
    }
    if (CLOSERS.has(t)) {
      brackets = Math.max(0, brackets - 1);
      if (brackets === 0) last = 'ord';
      continue;
    }
    if (brackets > 0) continue;
    // Top level from here on.
    if (t === '\\\\' || t === '&' || t === '\\cr' || t === '\\newline') return null;
    if (TOP_FORBIDDEN.has(t)) return null;
    if (t === '^' || t === '_') {
      last = 'script';
      continue;
    }
    if (last === 'script') {
      // An unbraced script argument (`10^\circ`, `x^-`): part of what came before.
      last = 'ord';
      continue;
    }
    const isRel = RELATIONS.has(t) || ARROWS.has(t);
    if (t === '\\not' || isRel) {
      const kind: PieceKind = ARROWS.has(t) ? 'arrow' : 'relation';
      if (afterRelation) {
        // `\le =`, `\not =`: one relation, cut once before its first part.
        const prev = cuts[cuts.length - 1]!;
        if (kind === 'arrow') prev.kind = 'arrow';
      } else {
        let at = tok.start;
        // `:=` is one relation: cut before the colon.
        if (t === '=' && latex[at - 1] === ':' && last === 'punct') at -= 1;
        cuts.push({ kind, at, endPrevious: at });
        if (cuts.length > MAX_PIECES) return null;
      }
      relStart = tok.start;
      last = 'rel';
      continue;
    }
    if (SMALL_SPACES.has(t) || t === '\\!') continue;
    if (OPERATORS.has(t)) {
      // Binary only after an ordinary atom; `= -2`, `(-1` and a leading `-` are unary.
      if (last === 'ord') {
        const kind = PRODUCTS.has(t) ? 'product' : 'operator';
        cuts.push({ kind, at: tok.start, endPrevious: tok.start });
        if (cuts.length > MAX_PIECES) return null;
      }
      last = 'bin';
      continue;
    }
    if (t === ',' || t === ';' || STATEMENT_SPACES.has(t) || t === '\\hspace') {
      const run = separatorRun(latex, tok.start);
      if (!run) return null;
      if (run.at < latex.length) {
        cuts.push({
          kind: run.hard ? 'statement' : 'comma',
          at: run.at,
          endPrevious: run.endPrevious,
        });
      }
      i = run.at;
      last = 'punct';
      continue;
    }
    if (t === ':') {
      last = 'punct';
      continue;
    }
    last = 'ord';
  }
  if (braces !== 0 || envs !== 0) return null;
  if (cuts.length === 0 || cuts.length > MAX_PIECES) return null;
  return assemble(latex, cuts);
}

/** Builds statements from the cuts: comma parts without a relation join their neighbour. */
function assemble(latex: string, cuts: Cut[]): DisplayParts | null {
  interface Chunk {
    from: number;
    to: number;
    pieces: Cut[];
    hard: boolean; // starts after a statement cut
    related: boolean;
  }
  const chunks: Chunk[] = [];
  let current: Chunk = { from: 0, to: latex.length, pieces: [], hard: true, related: false };
  for (const cut of cuts) {
    if (cut.kind === 'statement' || cut.kind === 'comma') {
      current.to = cut.endPrevious;
      chunks.push(current);
      current = {
        from: cut.at,
        to: latex.length,
        pieces: [],
        hard: cut.kind === 'statement',
        related: false,
      };
    } else {
      current.pieces.push(cut);
      if (cut.kind === 'arrow' || cut.kind === 'relation') current.related = true;
    }
  }
  chunks.push(current);
  // A comma part without a relation joins the part before it (`x = 1, 2, 3`), and a relation
  // after a relation-less part joins it too (`a_1, a_2 = 0`): only related parts stand alone.
  const merged: Chunk[] = [];
  for (const chunk of chunks) {
    const prev = merged[merged.length - 1];
    if (prev && !chunk.hard && (!chunk.related || !prev.related)) {
      prev.to = chunk.to;
      prev.pieces.push(...chunk.pieces);
      prev.related ||= chunk.related;
    } else merged.push(chunk);
  }
  const statements: DisplayStatement[] = [];
  for (const chunk of merged) {
    // The left-hand side ends at the first relation or arrow; without one, at the first operator.
    const firstRel = chunk.pieces.findIndex((p) => p.kind === 'arrow' || p.kind === 'relation');
    const usable = chunk.pieces.filter((p, k) => firstRel < 0 || k >= firstRel);
    const bounds = usable.map((p) => p.at).filter((at) => at > chunk.from && at < chunk.to);
    const lhs = latex.slice(chunk.from, bounds[0] ?? chunk.to).trim();
    const pieces: DisplayPiece[] = [];
    bounds.forEach((at, k) => {
      const cut = usable.find((p) => p.at === at)!;
      const text = latex.slice(at, bounds[k + 1] ?? chunk.to).trim();
      if (text) pieces.push({ kind: cut.kind as PieceKind, latex: text });
    });
    if (lhs || pieces.length) statements.push({ lhs, pieces });
  }
  const total = statements.reduce((n, s) => n + s.pieces.length, 0) + statements.length - 1;
  return total > 0 ? { statements } : null;
}

/** Measured widths (any unit) of the parts of a formula, in the order measureLatex lays out. */
export interface DisplayWidths {
  /** Width of `\qquad` (the hanging indent; an operator continuation adds half of it). */
  indent: number;
  /** Per statement: the left-hand side, then each piece. */
  statements: number[][];
}

/**
 * One `aligned` block with a `\qquad` row first, then per statement its left-hand side and each
 * piece on a row of its own, all left-aligned: the rows' widths are a DisplayWidths.
 */
export function measureLatex(parts: DisplayParts): string {
  const rows = ['\\qquad'];
  for (const s of parts.statements) {
    rows.push(s.lhs);
    for (const p of s.pieces) rows.push(p.latex);
  }
  return `\\begin{aligned}${rows.map((r) => `&${r}`).join('\\\\')}\\end{aligned}`;
}

/** Reads measureLatex's row widths back into a DisplayWidths (null when the count is wrong). */
export function widthsFromRows(parts: DisplayParts, rows: number[]): DisplayWidths | null {
  const expected = 1 + parts.statements.reduce((n, s) => n + 1 + s.pieces.length, 0);
  if (rows.length !== expected) return null;
  let k = 1;
  return {
    indent: rows[0]!,
    statements: parts.statements.map((s) => rows.slice(k, (k += 1 + s.pieces.length))),
  };
}

export interface DisplayLayout {
  /** aligned: on each statement's first relation; hanging: flush left, continuations indented. */
  mode: 'aligned' | 'hanging';
  /** Per statement, the indices (1-based into [lhs, ...pieces]) of items that start a new line. */
  breaks: number[][];
  /** Estimated width of the layout (sum of measured widths). */
  width: number;
}

const PRIORITY: Record<PieceKind, number> = { arrow: 4, relation: 3, operator: 2, product: 1 };

/** A line that starts with an operator continues a term: it is indented a further `\quad`. */
const continuesTerm = (kind: PieceKind) => kind === 'operator' || kind === 'product';

/** Greedy packing of one statement; `first` is the width before item 1 on the first line. */
function packStatement(
  s: DisplayStatement,
  w: number[],
  first: number,
  continuation: (kind: PieceKind) => number,
  budget: number,
  minBreak: number,
): { breaks: number[]; width: number } {
  const breaks: number[] = [];
  const n = s.pieces.length;
  let lineStart = 0; // item index: 0 is the lhs
  let base = first;
  let sum = 0;
  let widest = 0;
  const lineWidth = (from: number, to: number, b: number) => {
    let total = b;
    for (let k = from; k <= to; k++) total += w[k]!;
    return total;
  };
  for (let item = 1; item <= n; item++) {
    sum = lineWidth(lineStart === 0 ? 1 : lineStart, item, base);
    while (sum > budget) {
      // Best cut in (lineStart, item]: highest priority, then latest.
      let best = -1;
      for (let k = Math.max(lineStart + 1, minBreak); k <= item; k++) {
        if (best < 0 || PRIORITY[s.pieces[k - 1]!.kind] >= PRIORITY[s.pieces[best - 1]!.kind])
          best = k;
      }
      if (best < 0 || best <= lineStart) break;
      widest = Math.max(widest, lineWidth(lineStart === 0 ? 1 : lineStart, best - 1, base));
      breaks.push(best);
      lineStart = best;
      base = continuation(s.pieces[best - 1]!.kind);
      sum = lineWidth(best, item, base);
    }
  }
  widest = Math.max(widest, lineWidth(lineStart === 0 ? 1 : lineStart, n, base));
  return { breaks, width: widest };
}

/**
 * Packs the formula into lines no wider than `maxWidth` where it can: tries the aligned layout,
 * then the hanging one, and answers the first that fits, else the narrower.
 */
export function packDisplay(
  parts: DisplayParts,
  widths: DisplayWidths,
  maxWidth: number,
): DisplayLayout {
  const quad = widths.indent / 2;
  // Aligned: column 1 holds every statement's lhs (right-aligned), column 2 the rest.
  const col1 = Math.max(
    0,
    ...parts.statements.map((s, k) => (s.pieces.length ? widths.statements[k]![0]! : 0)),
  );
  const aligned: DisplayLayout = { mode: 'aligned', breaks: [], width: 0 };
  parts.statements.forEach((s, k) => {
    const w = widths.statements[k]!;
    if (!s.pieces.length) {
      aligned.breaks.push([]);
      aligned.width = Math.max(aligned.width, col1 + w[0]!);
      return;
    }
    const packed = packStatement(
      s,
      w,
      col1,
      (kind) => col1 + (continuesTerm(kind) ? quad : 0),
      maxWidth,
      2,
    );
    aligned.breaks.push(packed.breaks);
    aligned.width = Math.max(aligned.width, packed.width);
  });
  const hanging: DisplayLayout = { mode: 'hanging', breaks: [], width: 0 };
  parts.statements.forEach((s, k) => {
    const w = widths.statements[k]!;
    const packed = packStatement(
      s,
      w,
      w[0]!,
      (kind) => widths.indent + (continuesTerm(kind) ? quad : 0),
      maxWidth,
      1,
    );
    hanging.breaks.push(packed.breaks);
    hanging.width = Math.max(hanging.width, packed.width, w[0]!);
  });
  const lines = (layout: DisplayLayout) => layout.breaks.reduce((n, b) => n + 1 + b.length, 0);
  const alignedFits = aligned.width <= maxWidth;
  const hangingFits = hanging.width <= maxWidth;
  if (alignedFits && hangingFits) return lines(hanging) < lines(aligned) ? hanging : aligned;
  if (alignedFits || hangingFits) return alignedFits ? aligned : hanging;
  return hanging.width < aligned.width ? hanging : aligned;
}

/** The LaTeX of a layout: one `aligned` block, a row per line. */
export function layoutLatex(parts: DisplayParts, layout: DisplayLayout): string {
  const rows: string[] = [];
  parts.statements.forEach((s, k) => {
    const breaks = new Set(layout.breaks[k] ?? []);
    const aligned = layout.mode === 'aligned' && s.pieces.length > 0;
    let row = aligned ? `${s.lhs}&` : `&${s.lhs}`;
    s.pieces.forEach((p, index) => {
      const item = index + 1;
      if (breaks.has(item)) {
        rows.push(row);
        const indent =
          (layout.mode === 'hanging' ? '\\qquad ' : '') + (continuesTerm(p.kind) ? '\\quad ' : '');
        row = `&${indent}`;
      } else if (row.length > 1 && !row.endsWith('&')) row += ' ';
      row += p.latex;
    });
    rows.push(row);
  });
  return `\\begin{aligned}${rows.join('\\\\')}\\end{aligned}`;
}
