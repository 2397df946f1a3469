import { hasBareLatex } from './bare-latex';
import { mathError } from './render-math';
import { splitMath } from './split-math';

export interface MathIssue {
  /**
   * `render`: KaTeX refused the expression; `unbalanced`: a delimiter without its closer;
   * `bare-latex`: a TeX command outside maths (shown as raw source — wrap it in `$…$`).
   */
  kind: 'render' | 'unbalanced' | 'bare-latex';
  /** The expression as written (delimiters included), or the unpaired delimiter. */
  source: string;
  message: string;
}

/**
 * What KaTeX said of expressions already checked, keyed by mode and expression (null: it renders).
 * A catalogue repeats many expressions (`$x$`, `$\frac{1}{2}$`), so a caller checking many texts
 * keeps one and renders each expression once. The caller bounds its size.
 */
export type RenderVerdicts = Map<string, string | null>;

/** The renderer's error for one expression, or null when it renders. */
function renderError(value: string, displayMode: boolean, verdicts?: RenderVerdicts) {
  const key = (displayMode ? 'D' : 'I') + value;
  const known = verdicts?.get(key);
  if (known !== undefined) return known;
  // KaTeX's parse, not its whole render: the same verdict at a fraction of the cost (mathError).
  const error = mathError(value, { displayMode });
  verdicts?.set(key, error);
  return error;
}

/**
 * Lists what would not render cleanly in `text`: expressions KaTeX rejects, TeX commands left in
 * prose and delimiters left unpaired (shown as literal text). Empty list = renders cleanly. Used
 * by the import dry-run and the catalogue health check.
 */
export function checkMath(text: string, verdicts?: RenderVerdicts): MathIssue[] {
  const issues: MathIssue[] = [];
  for (const seg of splitMath(text)) {
    if (seg.kind === 'inline' || seg.kind === 'display') {
      const error = renderError(seg.value, seg.kind === 'display', verdicts);
      if (error !== null) issues.push({ kind: 'render', source: seg.raw, message: error });
    } else if (seg.kind === 'text') {
      if (hasBareLatex(seg)) {
        const word = /\\[a-zA-Z]+/.exec(seg.raw)?.[0] ?? '\\';
        issues.push({
          kind: 'bare-latex',
          source: word,
          message: `${word} outside maths is shown as written; put the expression between $ signs`,
        });
      }
      for (const delimiter of seg.unbalanced ?? []) {
        issues.push({
          kind: 'unbalanced',
          source: delimiter,
          message: `Opening ${delimiter} without a matching closing delimiter`,
        });
      }
    }
  }
  return issues;
}
