/**
 * Tokenizer for text mixed with LaTeX maths: splits a string into prose, inline maths, display
 * maths and code blocks. Framework-free; used by the web renderer and the API's import dry-run.
 *
 * Recognised:
 * - `$…$` and `\(…\)` inline; `$$…$$` and `\[…\]` display;
 * - the dollar rule (pandoc's `tex_math_dollars`): a single `$` opens maths only when a non-space
 *   follows it, and the `$` that would close it must have a non-space right before it and no digit
 *   right after it; otherwise the opening `$` is a dollar sign in prose. So "It costs $5 and $10"
 *   and "$20,000 and $30,000" stay prose, while `$x$` and `$\frac{a}{b}$` are maths. The closer is
 *   found as before (below) and then checked; when it fails, the opener is text and the scan goes
 *   on after it. `$$…$$` display maths is not subject to the rule (`$$ x $$` is display maths);
 *   `\$` is always a literal dollar;
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
 * The scan every closer search follows: from a position, a backslash and the character after it
 * are stepped over together (so `\$` and `\\` never close anything), anything else one character
 * at a time. Every search starts right after a `$`, `(` or `[` that the main loop reached, and
 * such a position lies on the scan from position 0, so all searches walk one chain: an answer
 * found from one start holds for every later start up to it, which makes the split linear.
 *
 * Closer rules (unchanged from the first splitter, which rescanned to the end of the text for
 * every unclosed opener and so took quadratic time on hostile input):
 * - `\)` and `\]`: the first one on the chain, before the next `[asy]` block;
 * - `$$`: the same, but not past a blank line (TeX forbids paragraph breaks inside maths);
 * - `$`: the first `$` outside braces opened after the opener (so `$\text{if $x$ holds}$` stays
 *   one expression), else the first `$` at any depth, before a blank line or `[asy]`.
 */
class Closers {
  private readonly n: number;
  /** Per search kind: the position last searched from and the first match found from there. */
  private readonly memo = new Map<string, { from: number; at: number }>();
  /**
   * For each position on the chain: the first `$` at or after it whose brace depth (counted from
   * that position) is <= 0, or `n` when none; -2 for positions off the chain. Built on first use.
   */
  private dollarAtDepth: Int32Array | undefined;

  constructor(private readonly text: string) {
    this.n = text.length;
  }

  /** First position >= `from` on the chain where `test` holds, or `n`; amortised O(1) per call. */
  private next(kind: string, from: number, test: (i: number) => boolean): number {
    const memo = this.memo.get(kind);
    // The answer found from an earlier position still holds for any later start up to it.
    if (memo && memo.from <= from && from <= memo.at) return memo.at;
    const { text, n } = this;
    let i = from;
    while (i < n && !test(i)) i += text.charCodeAt(i) === BACKSLASH ? 2 : 1;
    const at = Math.min(i, n);
    closerSearchWork.steps += at - from + 1;
    this.memo.set(kind, { from, at });
    return at;
  }

  private blankLine(from: number): number {
    return this.next('blank', from, (i) => this.text[i] === '\n' && isBlankLineAt(this.text, i));
  }

  /** Where the closer `close` for an opener ending just before `from` is, or -1 (see above). */
  find(close: '\\)' | '\\]' | '$$' | '$', from: number, limit: number): number {
    const { text } = this;
    if (close === '\\)' || close === '\\]') {
      const at = this.next(close, from, (i) => text.startsWith(close, i));
      return at < limit ? at : -1;
    }
    const stop = Math.min(limit, this.blankLine(from));
    if (close === '$$') {
      const at = this.next(close, from, (i) => text.startsWith('$$', i));
      return at < stop ? at : -1;
    }
    const table = (this.dollarAtDepth ??= dollarsAtDepthZero(text));
    const atDepth = from < this.n ? table[from]! : this.n;
    if (atDepth === -2) return findCloserByScan(text, from, limit); // off the chain: never expected
    if (atDepth < stop) return atDepth;
    const first = this.next('$', from, (i) => text[i] === '$');
    return first < stop ? first : -1;
  }
}

const BACKSLASH = 92;

/**
 * Characters examined while searching for closers, summed over all calls (for the tests that
 * prove the search linear: a count, unlike a time, does not depend on the machine's load).
 */
export const closerSearchWork = { steps: 0 };

/**
 * For every position p on the chain from 0: the first `$` at or after p whose brace depth counted
 * from p is <= 0 (or `text.length`). One pass: each position waits in a bucket keyed by its depth
 * from the start; a `$` at depth d answers every waiting position of depth >= d. The waiting
 * depths always form one interval (depth moves by at most one per step), so each bucket visited
 * is non-empty and the pass is linear.
 */
function dollarsAtDepthZero(text: string): Int32Array {
  const n = text.length;
  const answer = new Int32Array(n).fill(-2);
  const head = new Int32Array(2 * n + 3).fill(-1);
  const link = new Int32Array(n);
  const offset = n + 1;
  let depth = 0;
  let lo = 1; // waiting depths lo..hi; empty when lo > hi
  let hi = 0;
  let i = 0;
  closerSearchWork.steps += n;
  while (i < n) {
    answer[i] = n;
    link[i] = head[depth + offset]!;
    head[depth + offset] = i;
    if (lo > hi) lo = hi = depth;
    else if (depth > hi) hi = depth;
    else if (depth < lo) lo = depth;
    const c = text.charCodeAt(i);
    if (c === 36 /* $ */) {
      for (let d = hi; d >= depth; d--) {
        for (let p = head[d + offset]!; p >= 0; p = link[p]!) answer[p] = i;
        head[d + offset] = -1;
        closerSearchWork.steps++;
      }
      if (lo >= depth) lo = hi + 1;
      else hi = depth - 1;
      i++;
    } else if (c === BACKSLASH) i += 2;
    else {
      if (c === 123 /* { */) depth++;
      else if (c === 125 /* } */) depth--;
      i++;
    }
  }
  return answer;
}

/** The brace-aware `$` search done directly; only a safety net for a start off the chain. */
function findCloserByScan(text: string, from: number, limit: number): number {
  let depth = 0;
  let firstAnyDepth = -1;
  for (let i = from; i < limit; i++) {
    closerSearchWork.steps++;
    const ch = text[i];
    if (ch === '$') {
      if (depth <= 0) return i;
      if (firstAnyDepth < 0) firstAnyDepth = i;
    }
    if (ch === '\\') {
      i++;
      continue;
    }
    if (ch === '{') depth++;
    else if (ch === '}') depth--;
    else if (ch === '\n' && isBlankLineAt(text, i)) break;
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

/**
 * Why a `$` that could have been a maths delimiter was kept as text (by the dollar rule described
 * at the top of this file):
 * - `unclosed`: a `$` (or `$$`) that may open maths, with no closer after it;
 * - `space-after-opener`: a `$` followed by a space, with a `$` after it that would have closed it;
 * - `space-before-closer`: the `$` that would close it has a space right before it;
 * - `digit-after-closer`: the `$` that would close it has a digit right after it.
 * `at` is the position of the `$` kept as text, `closer` that of the `$` that would close it.
 */
export interface DollarNote {
  kind: 'unclosed' | 'space-after-opener' | 'space-before-closer' | 'digit-after-closer';
  at: number;
  closer?: number;
}

/** A space, tab, line break or any other Unicode white space. */
function isSpace(code: number): boolean {
  return (
    code === 32 ||
    (code >= 9 && code <= 13) ||
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

const isDigit = (code: number) => code >= 48 && code <= 57;

/**
 * Splits `text` into segments. Adjacent text pieces are merged. Never throws. When `notes` is
 * given, every `$` kept as text for a reason the author may not expect is recorded in it, in
 * order (the admin form's dollar warnings are built from them).
 */
export function splitMath(text: string, notes?: DollarNote[]): MathSegment[] {
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
  const closers = new Closers(text);
  /** Per `\\end{env}` tag: the first one at or after the position last searched from. */
  const endTags = new Map<string, { from: number; at: number }>();
  const findEndTag = (tag: string, from: number) => {
    const memo = endTags.get(tag);
    if (memo && memo.from <= from && (memo.at < 0 || from <= memo.at)) return memo.at;
    const at = text.indexOf(tag, from);
    closerSearchWork.steps += (at < 0 ? n : at) - from + 1;
    endTags.set(tag, { from, at });
    return at;
  };
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
        const end = closers.find(close, i + 2, nextAsy);
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
          const end = findEndTag(endTag, i + m[0].length);
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
        const end = closers.find('$$', i + 2, nextAsy);
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
        notes?.push({ kind: 'unclosed', at: i });
        literal('$$');
        i += 2;
        continue;
      }
      // The dollar rule (pandoc's): a `$` opens maths only when a non-space follows it, and the
      // `$` that would close it must have a non-space before it and no digit after it; otherwise
      // the opening `$` is a dollar sign, so "$5 and $10" stays prose.
      const opens = i + 1 < n && !isSpace(text.charCodeAt(i + 1));
      const end = opens || notes ? closers.find('$', i + 1, nextAsy) : -1;
      if (!opens) {
        if (end >= 0) notes?.push({ kind: 'space-after-opener', at: i, closer: end });
      } else if (end < 0) {
        unbalanced.push('$');
        notes?.push({ kind: 'unclosed', at: i });
      } else if (isSpace(text.charCodeAt(end - 1))) {
        notes?.push({ kind: 'space-before-closer', at: i, closer: end });
      } else if (isDigit(text.charCodeAt(end + 1))) {
        notes?.push({ kind: 'digit-after-closer', at: i, closer: end });
      } else {
        push('inline', text.slice(i + 1, end), text.slice(i, end + 1));
        i = end + 1;
        continue;
      }
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
