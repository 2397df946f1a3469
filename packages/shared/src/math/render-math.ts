import katex from 'katex';
import { MATH_MACROS, normaliseLatex } from './normalise';

export type RenderMathResult = { ok: true; html: string } | { ok: false; error: string };

/** Limits that keep hostile input cheap: sizes in em, macro expansions per expression. */
export const MATH_LIMITS = { maxSize: 20, maxExpand: 1000, maxLength: 20_000 } as const;

/**
 * Commands that need `trust`. With `trust: false` KaTeX draws them as red text without failing,
 * so they would go unnoticed; we report them as errors instead (they stay inert either way).
 */
const UNTRUSTED_RE = /\\(href|url|includegraphics|htmlClass|htmlId|htmlStyle|htmlData)(?![a-zA-Z])/;

/**
 * Renders one LaTeX expression with KaTeX. Never throws: a failure comes back as
 * `{ ok: false, error }`. KaTeX runs with `throwOnError: true` so unknown commands are caught
 * (with `false` they are drawn in red without any error class and go unnoticed), `trust: false`
 * (no links, images, classes, ids, styles or data attributes from input), bounded `maxSize` and
 * `maxExpand` (a macro bomb fails fast), and `htmlAndMathml` output for screen readers.
 */
export function renderMath(
  src: string,
  options: {
    displayMode?: boolean;
    /** 'html' leaves the MathML out (a re-layout that keeps the original's MathML). */
    output?: 'htmlAndMathml' | 'html';
  } = {},
): RenderMathResult {
  if (src.length > MATH_LIMITS.maxLength) {
    return { ok: false, error: `Expression longer than ${MATH_LIMITS.maxLength} characters` };
  }
  const untrusted = UNTRUSTED_RE.exec(src);
  if (untrusted) return { ok: false, error: `KaTeX parse error: \\${untrusted[1]} is not allowed` };
  try {
    const displayMode = options.displayMode ?? false;
    const html = katex.renderToString(normaliseLatex(src, { displayMode }), {
      displayMode,
      throwOnError: true,
      trust: false,
      strict: 'ignore',
      maxSize: MATH_LIMITS.maxSize,
      maxExpand: MATH_LIMITS.maxExpand,
      output: options.output ?? 'htmlAndMathml',
      // A fresh copy each time: \gdef in one expression must not leak into the next.
      macros: { ...MATH_MACROS },
    });
    return { ok: true, html };
  } catch (err) {
    return { ok: false, error: err instanceof Error ? err.message : String(err) };
  }
}
