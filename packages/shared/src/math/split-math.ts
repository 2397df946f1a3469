/**
 * Tokenizer for text mixed with LaTeX maths: splits a string into prose, inline maths, display
 * maths and code blocks. Framework-free; used by the web renderer and the API's import dry-run.
 *
 * Recognised (design.md §5):
 * - `$…$` and `\(…\)` inline; `$$…$$` and `\[…\]` display;
 * - bare display environments (`\begin{align*}…\end{align*}`, equation, gather, eqnarray, multline,
 *   tabular) outside any delimiter, kept whole as display maths; bare maths-only environments
 *   (pmatrix, cases, array…) as inline maths;
 * - `\$` is a literal dollar in prose (inside maths it stays `\$` for KaTeX); likewise `\%`, `\&`,
 *   `\#`, `\_`, `\{`, `\}` are their characters in prose;
 * - `[asy]…[/asy]` becomes a code segment and is never scanned for `$`;
 * - an opening delimiter without its closer is kept as literal text, so one stray `$` never
 *   swallows the rest of the text.
 */

export type MathSegmentKind = 'text' | 'inline' | 'display' | 'code';

export interface MathSegment {
  kind: MathSegmentKind;
  /** Prose (unescaped: `\$` already turned into `$`), maths source without delimiters, or code. */
  value: string;
  /** The exact source slice this segment came from, delimiters included. */
  raw: string;
  /** For text segments: opening delimiters found without a closer (kept as literal text). */
  unbalanced?: string[];
}

/** Environments that are display maths on their own when written bare in prose. */
export const BARE_DISPLAY_ENVIRONMENTS: ReadonlySet<string> = new Set([
  'align',
  'align*',
  'alignat',
  'alignat*',
  'equation',
  'equation*',
  'gather',
  'gather*',
  'eqnarray',
  'eqnarray*',
  'multline',
  'multline*',
  'displaymath',
  'tabular',
]);

/**
 * Maths-only environments (matrices, cases, arrays): meaningless as prose, so when written bare
 * they are rendered as inline maths (e.g. an answer that is just `\begin{pmatrix}…\end{pmatrix}`).
 */
export const BARE_INLINE_ENVIRONMENTS: ReadonlySet<string> = new Set([
  'matrix',
  'pmatrix',
  'bmatrix',
  'Bmatrix',
  'vmatrix',
  'Vmatrix',
  'smallmatrix',
  'cases',
  'rcases',
  'array',
  'aligned',
  'alignedat',
  'gathered',
  'split',
]);

/** `\$` (and LaTeX's other text-mode escapes `\% \& \# \_ \{ \}`) stand for the character itself. */
const PROSE_ESCAPES: ReadonlySet<string> = new Set(['$', '%', '&', '#', '_', '{', '}']);

const ASY_OPEN = '[asy]';
const ASY_CLOSE = '[/asy]';

/**
 * Finds the closing delimiter `close` starting at `from`, skipping backslash escapes (so `\$` and
 * `\\` never close anything). When `braceAware`, a `$` closer only counts outside braces, so
 * `$\text{if $x$ holds}$` stays one expression; if no closer is found that way, the first closer
 * at any depth is used. The search stops at `limit` (next `[asy]` block) and, when
 * `stopAtBlankLine`, at a blank line (TeX forbids paragraph breaks inside inline maths).
 */
function findCloser(
  text: string,
  from: number,
  close: string,
  limit: number,
  stopAtBlankLine: boolean,
  braceAware: boolean,
): number {
  let depth = 0;
  let firstAnyDepth = -1;
  for (let i = from; i < limit; i++) {
    const ch = text[i];
    if (text.startsWith(close, i)) {
      if (!braceAware || depth <= 0) return i;
      if (firstAnyDepth < 0) firstAnyDepth = i;
    }
    if (ch === '\\') {
      i++; // skip the escaped character (handles \$, \\, \{, \})
      continue;
    }
    if (ch === '{') depth++;
    else if (ch === '}') depth--;
    else if (stopAtBlankLine && ch === '\n' && isBlankLineAt(text, i)) break;
  }
  return firstAnyDepth;
}

/** True when the newline at `i` is followed (after spaces) by another newline. */
function isBlankLineAt(text: string, i: number): boolean {
  for (let j = i + 1; j < text.length; j++) {
    const c = text[j];
    if (c === '\n') return true;
    if (c !== ' ' && c !== '\t' && c !== '\r') return false;
  }
  return false;
}

const BEGIN_RE = /^\\begin\{([a-zA-Z]+\*?)\}/;

/** Splits `text` into segments. Adjacent text pieces are merged. Never throws. */
export function splitMath(text: string): MathSegment[] {
  const segments: MathSegment[] = [];
  let buf = ''; // pending prose (unescaped)
  let bufRaw = '';
  let unbalanced: string[] = [];

  const flush = () => {
    if (bufRaw) {
      const seg: MathSegment = { kind: 'text', value: buf, raw: bufRaw };
      if (unbalanced.length) seg.unbalanced = unbalanced;
      segments.push(seg);
    }
    buf = '';
    bufRaw = '';
    unbalanced = [];
  };
  const literal = (value: string, raw = value) => {
    buf += value;
    bufRaw += raw;
  };
  const push = (kind: MathSegmentKind, value: string, raw: string) => {
    flush();
    segments.push({ kind, value, raw });
  };

  const n = text.length;
  let nextAsy = text.indexOf(ASY_OPEN);
  if (nextAsy < 0) nextAsy = n;
  let i = 0;
  while (i < n) {
    if (i === nextAsy) {
      const end = text.indexOf(ASY_CLOSE, i + ASY_OPEN.length);
      const stop = end < 0 ? n : end;
      const code = text
        .slice(i + ASY_OPEN.length, stop)
        .replace(/^[ \t]*\r?\n/, '')
        .replace(/\r?\n[ \t]*$/, '');
      const next = end < 0 ? n : end + ASY_CLOSE.length;
      push('code', code, text.slice(i, next));
      i = next;
      nextAsy = text.indexOf(ASY_OPEN, i);
      if (nextAsy < 0) nextAsy = n;
      continue;
    }
    const ch = text[i];
    if (ch === '\\') {
      const next = text[i + 1];
      if (next !== undefined && PROSE_ESCAPES.has(next)) {
        literal(next, '\\' + next);
        i += 2;
        continue;
      }
      if (next === '(' || next === '[') {
        const close = next === '(' ? '\\)' : '\\]';
        const end = findCloser(text, i + 2, close, nextAsy, false, false);
        if (end >= 0) {
          push(next === '(' ? 'inline' : 'display', text.slice(i + 2, end), text.slice(i, end + 2));
          i = end + 2;
        } else {
          unbalanced.push('\\' + next);
          literal('\\' + next);
          i += 2;
        }
        continue;
      }
      if (next === 'b') {
        const m = BEGIN_RE.exec(text.slice(i, i + 40));
        const env = m?.[1] ?? '';
        const bareKind = BARE_DISPLAY_ENVIRONMENTS.has(env)
          ? 'display'
          : BARE_INLINE_ENVIRONMENTS.has(env)
            ? 'inline'
            : null;
        if (m && bareKind) {
          const endTag = `\\end{${m[1]}}`;
          const end = text.indexOf(endTag, i + m[0].length);
          if (end >= 0 && end < nextAsy) {
            const stop = end + endTag.length;
            push(bareKind, text.slice(i, stop), text.slice(i, stop));
            i = stop;
            continue;
          }
          unbalanced.push('\\begin{');
        }
      }
      // Any other escape is prose as written (e.g. `\%`, `\\`); keep both characters together so
      // an escaped backslash never makes the next `$` look escaped.
      literal(text.slice(i, i + 2));
      i += 2;
      continue;
    }
    if (ch === '$') {
      if (text[i + 1] === '$') {
        const end = findCloser(text, i + 2, '$$', nextAsy, true, false);
        if (end >= 0) {
          const body = text.slice(i + 2, end);
          if (body.trim()) push('display', body, text.slice(i, end + 2));
          else literal('', text.slice(i, end + 2)); // `$$$$` or `$$ $$`: nothing to show
          i = end + 2;
          continue;
        }
        // No closing `$$`: read it as an empty inline `$$` when followed by more prose, i.e. drop
        // it only if it is surely a typo; otherwise keep it visible as literal text.
        unbalanced.push('$$');
        literal('$$');
        i += 2;
        continue;
      }
      const end = findCloser(text, i + 1, '$', nextAsy, true, true);
      if (end >= 0) {
        const body = text.slice(i + 1, end);
        if (body.trim()) push('inline', body, text.slice(i, end + 1));
        else literal('', text.slice(i, end + 1));
        i = end + 1;
        continue;
      }
      unbalanced.push('$');
      literal('$');
      i += 1;
      continue;
    }
    // Plain prose: copy up to the next special character in one go.
    let j = i + 1;
    while (j < n && j !== nextAsy && text[j] !== '\\' && text[j] !== '$') j++;
    literal(text.slice(i, j));
    i = j;
  }
  flush();
  return segments;
}

/** Maths delimiters or environments anywhere in the text. */
const HAS_MATH_RE = /(^|[^\\])\$|\\\(|\\\[|\\begin\{/;
/** A TeX control word such as `\frac` (not an escaped character like `\%`). */
const CONTROL_WORD_RE = /\\[a-zA-Z]+/;

/**
 * For importers: a field written as bare LaTeX with no delimiters (the MATH dataset's answers, e.g.
 * `\frac{10}{21}` or `25\pi`) is wrapped in `$…$` so it renders as maths; anything else is
 * returned unchanged.
 */
export function wrapBareLatex(text: string): string {
  const trimmed = text.trim();
  if (!trimmed || HAS_MATH_RE.test(trimmed) || !CONTROL_WORD_RE.test(trimmed)) return text;
  return `$${trimmed}$`;
}

/** True when prose outside maths still holds a TeX control word (it would show as raw source). */
export function hasBareLatex(segment: MathSegment): boolean {
  return segment.kind === 'text' && CONTROL_WORD_RE.test(segment.raw);
}
