import { hasBareLatex } from './bare-latex';
import { renderMath } from './render-math';
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
 * Lists what would not render cleanly in `text`: expressions KaTeX rejects and delimiters left
 * unpaired (shown as literal text). Empty list = renders cleanly. Used by the import dry-run.
 */
export function checkMath(text: string): MathIssue[] {
  const issues: MathIssue[] = [];
  for (const seg of splitMath(text)) {
    if (seg.kind === 'inline' || seg.kind === 'display') {
      const result = renderMath(seg.value, { displayMode: seg.kind === 'display' });
      if (!result.ok) issues.push({ kind: 'render', source: seg.raw, message: result.error });
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
