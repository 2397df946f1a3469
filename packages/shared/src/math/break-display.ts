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
 *
 * Step 1 lives in display-parts.ts (with the token classes it reads in display-tokens.ts), steps
 * 2 to 4 in display-layout.ts; this module is their one entry point.
 */
export {
  MAX_PIECES,
  displayParts,
  type DisplayParts,
  type DisplayPiece,
  type DisplayStatement,
  type PieceKind,
} from './display-parts';
export {
  layoutLatex,
  measureLatex,
  packDisplay,
  widthsFromRows,
  type DisplayLayout,
  type DisplayWidths,
} from './display-layout';
export { displayPartsWork } from './display-tokens';
