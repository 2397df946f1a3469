/** What KaTeX's `htmlAndMathml` output puts around a formula's MathML (hidden, for screen readers). */
const MATHML_OPEN = '<span class="katex-mathml">';
const MATH_CLOSE = '</math>';
const SPAN_CLOSE = '</span>';
/** What KaTeX puts around the visual layout of a formula (hidden from screen readers). */
const LAYOUT_OPEN = '<span class="katex-html" aria-hidden="true">';
const SPAN_TAG = /<span[\s>]|<\/span>/g;

/**
 * `html` (renderRichText's output) with each formula drawn by its MathML alone: KaTeX's visual
 * layout (`katex-html`, most of the markup, hidden from screen readers) is left out and the MathML
 * (`katex-mathml`, visually hidden beside it) is unwrapped to be what shows, as KaTeX's own
 * `output: 'mathml'` writes a formula: `<span class="katex"><math>…</math></span>`. Browsers draw
 * MathML themselves; screen readers read the same MathML as before. Everything else (prose, code,
 * error marks, display wrappers) is kept as it is; markup not of KaTeX's shape is left unchanged.
 */
export function mathmlOnly(html: string): string {
  let out = '';
  let at = 0;
  for (;;) {
    const open = html.indexOf(MATHML_OPEN, at);
    if (open < 0) break;
    const mathEnd = html.indexOf(MATH_CLOSE, open);
    if (mathEnd < 0) break;
    const afterMath = mathEnd + MATH_CLOSE.length;
    const layout = afterMath + SPAN_CLOSE.length;
    if (!html.startsWith(SPAN_CLOSE + LAYOUT_OPEN, afterMath)) break;
    const layoutEnd = spanEnd(html, layout);
    if (layoutEnd < 0) break;
    out += html.slice(at, open) + html.slice(open + MATHML_OPEN.length, afterMath);
    at = layoutEnd;
  }
  return out + html.slice(at);
}

/** The index just past the `</span>` that closes the span opening at `start`; -1 if none does. */
function spanEnd(html: string, start: number): number {
  SPAN_TAG.lastIndex = start;
  let depth = 0;
  for (let tag = SPAN_TAG.exec(html); tag; tag = SPAN_TAG.exec(html)) {
    depth += tag[0] === SPAN_CLOSE ? -1 : 1;
    if (depth === 0) return tag.index + tag[0].length;
  }
  return -1;
}
