import katex, { type KatexOptions } from 'katex';
import { MATH_MACROS, normaliseLatex } from './normalise';

export type RenderMathResult = { ok: true; html: string } | { ok: false; error: string };

/** Limits that keep hostile input cheap: sizes in em, macro expansions per expression. */
export const MATH_LIMITS = { maxSize: 20, maxExpand: 1000, maxLength: 20_000 } as const;

/**
 * Commands that need `trust`. With `trust: false` KaTeX draws them as red text without failing,
 * so they would go unnoticed; we report them as errors instead (they stay inert either way).
 */
const UNTRUSTED_RE = /\\(href|url|includegraphics|htmlClass|htmlId|htmlStyle|htmlData)(?![a-zA-Z])/;

/** Our KaTeX settings for one expression (see renderMath). */
function katexSettings(displayMode: boolean) {
  return {
    displayMode,
    throwOnError: true,
    trust: false,
    strict: 'ignore' as const,
    maxSize: MATH_LIMITS.maxSize,
    maxExpand: MATH_LIMITS.maxExpand,
    // A fresh copy each time: \gdef in one expression must not leak into the next.
    macros: { ...MATH_MACROS },
  };
}

/** Why `src` is refused before KaTeX sees it (too long, or a command that needs `trust`). */
function refusal(src: string): string | null {
  if (src.length > MATH_LIMITS.maxLength) {
    return `Expression longer than ${MATH_LIMITS.maxLength} characters`;
  }
  const untrusted = UNTRUSTED_RE.exec(src);
  return untrusted ? `KaTeX parse error: \\${untrusted[1]} is not allowed` : null;
}

/**
 * What typesetting depends on besides the LaTeX and the display mode: KaTeX's version and our own
 * settings and normalisation (bump the number after `exemplar` when changing katexSettings,
 * normaliseLatex, MATH_MACROS or anything else that changes renderMath's HTML). Formulas typeset
 * under another version are never used (docs/decisions/052-typeset-once.md).
 */
export const TYPESETTER_VERSION = `katex ${katex.version}; exemplar 1`;

/** One formula's identity for the kept typesetting: its display mode and LaTeX. */
export const formulaKey = (latex: string, displayMode: boolean) =>
  `${displayMode ? 'display' : 'inline'}\u0000${latex}`;

/** Formulas typeset before (formulaKey → HTML), used instead of KaTeX while set. */
let kept: ReadonlyMap<string, string> | null = null;
/** Formulas KaTeX typeset while `kept` was set (formulaKey → HTML). */
let fresh: Map<string, string> | null = null;

/**
 * Typesetting kept from before (a server render, docs/decisions/052-typeset-once.md): from `begin`
 * to `end`, renderMath answers a formula found in `formulas` (formulaKey → the HTML renderMath
 * gave for it under TYPESETTER_VERSION) without running KaTeX, and `end` returns the formulas it
 * typeset meanwhile, to be kept in turn. One render at a time: this is module state.
 */
export const keptTypesetting = {
  begin(formulas: ReadonlyMap<string, string>): void {
    kept = formulas;
    fresh = new Map();
  },
  end(): Map<string, string> {
    const made = fresh ?? new Map<string, string>();
    kept = null;
    fresh = null;
    return made;
  },
};

const message = (err: unknown) => (err instanceof Error ? err.message : String(err));

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
    /**
     * 'html' leaves the MathML out (a re-layout that keeps the original's MathML); 'mathml' the
     * visual layout (what `mathmlOnly` makes of the default output).
     */
    output?: 'htmlAndMathml' | 'html' | 'mathml';
  } = {},
): RenderMathResult {
  const refused = refusal(src);
  if (refused !== null) return { ok: false, error: refused };
  const displayMode = options.displayMode ?? false;
  const output = options.output ?? 'htmlAndMathml';
  const key = kept && output === 'htmlAndMathml' ? formulaKey(src, displayMode) : null;
  if (key !== null) {
    const html = kept!.get(key);
    if (html !== undefined) return { ok: true, html };
  }
  try {
    const html = katex.renderToString(normaliseLatex(src, { displayMode }), {
      ...katexSettings(displayMode),
      output,
    });
    if (key !== null) fresh?.set(key, html);
    return { ok: true, html };
  } catch (err) {
    return { ok: false, error: message(err) };
  }
}

/**
 * KaTeX's parser alone (`katex.__parse`): exported by KaTeX for tools, though left out of its type
 * declarations and marked unstable, because the shape of its tree may change between versions. Only
 * whether it throws is relied on, and the one node type `infix` (see mathError).
 */
const parseTree = (katex as unknown as { __parse: (tex: string, options: KatexOptions) => unknown })
  .__parse;

/** Characters outside the Basic Multilingual Plane (a surrogate pair in JavaScript). */
const ASTRAL_RE = /[\uD800-\uDBFF][\uDC00-\uDFFF]/;

/** Whether KaTeX's parse tree `node` holds an infix operator (`\over`, `\atop`…) left unresolved. */
function hasLooseInfix(node: unknown): boolean {
  if (Array.isArray(node)) return node.some(hasLooseInfix);
  if (node === null || typeof node !== 'object') return false;
  const record = node as Record<string, unknown>;
  if (record.type === 'infix') return true;
  for (const key in record) {
    // `loc` points back into the lexer and its input: not part of the tree.
    if (key !== 'loc' && hasLooseInfix(record[key])) return true;
  }
  return false;
}

/**
 * KaTeX's error for one expression, or null when renderMath would render it: the same refusals,
 * normalisation and settings, but only KaTeX's parse is run, not the building of its HTML, which
 * costs three to five times as much. KaTeX raises its errors for input while parsing, but for two
 * kinds, for which the expression is rendered in full: an infix operator left as the base of a
 * superscript or subscript (`\over^2`), which only the HTML builder rejects ("Got group of unknown
 * type: 'infix'"; the one difference found comparing both verdicts on 120,000 broken expressions
 * made from the MATH sample), and characters outside the Basic Multilingual Plane, which the
 * builder looks up in its fonts (from reading KaTeX's source). `math-error.test.ts` compares this
 * verdict with renderMath's on thousands of broken expressions, so a KaTeX upgrade that moves an
 * error into the builder fails it. Used by checkMath: the import's maths check, the catalogue
 * health check and the admin form.
 */
export function mathError(src: string, options: { displayMode?: boolean } = {}): string | null {
  const refused = refusal(src);
  if (refused !== null) return refused;
  const displayMode = options.displayMode ?? false;
  const rendered = () => {
    const result = renderMath(src, { displayMode, output: 'html' });
    return result.ok ? null : result.error;
  };
  if (ASTRAL_RE.test(src)) return rendered();
  let tree: unknown;
  try {
    tree = parseTree(normaliseLatex(src, { displayMode }), katexSettings(displayMode));
  } catch (err) {
    return message(err);
  }
  return hasLooseInfix(tree) ? rendered() : null;
}
