import 'katex/dist/katex.min.css';
import './math-text.css';
import { renderRichText } from '@exemplar/shared/math';
import { memo, useMemo, type CSSProperties } from 'react';

export interface MathTextProps {
  /** Text with `$inline$`, `$$display$$`, `\(…\)`, `\[…\]`, bare environments and `[asy]` blocks. */
  text: string;
  /** Marker after an expression that fails: '(LaTeX Error)' (default, example lists) or 'Error'. */
  errorLabel?: string;
  /** Rendered as a `div` (default, block content) or a `span` (inside a line). */
  inline?: boolean;
  className?: string;
  style?: CSSProperties;
}

/**
 * The one maths renderer (design.md §5). The HTML comes from `renderRichText`, which escapes all
 * prose and code and runs KaTeX with `trust: false`, so it is safe to insert as HTML. Rendering is
 * memoised (per component and in a shared LRU), so re-renders never re-typeset unchanged text.
 */
export const MathText = memo(function MathText({
  text,
  errorLabel,
  inline = false,
  className,
  style,
}: MathTextProps) {
  const html = useMemo(() => renderRichText(text, { errorLabel }), [text, errorLabel]);
  const Tag = inline ? 'span' : 'div';
  return (
    <Tag
      className={className ? `math-text ${className}` : 'math-text'}
      style={style}
      // Safe: see renderRichText — everything outside KaTeX output is HTML-escaped.
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
});
