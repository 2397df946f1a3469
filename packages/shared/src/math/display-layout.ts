/**
 * Steps 2 to 4 of break-display.ts: the LaTeX that measures a formula's pieces, the packing of
 * pieces onto lines no wider than a box, and the LaTeX of the packed layout.
 */
import type { DisplayParts, DisplayStatement, PieceKind } from './display-parts';

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
