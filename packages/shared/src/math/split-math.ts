/**
 * Tokenizer for text mixed with LaTeX maths: splits a string into prose, inline maths, display
 * maths and code blocks. Framework-free; used by the web renderer and the API's import dry-run.
 *
 * Recognised:
 * - `$…$` and `\(…\)` inline; `$$…$$` and `\[…\]` display;
 * - the dollar rule: `$…$` pairs as TeX pairs it (spaces inside the delimiters are allowed,
 *   `$ x $` and `$\$35$` are maths, a digit may follow the closer), except when the `$` starts a
 *   price in prose: it is followed by an amount (`5`, `20,000`, `4.50`) that ends as prose does
 *   (white space, punctuation then white space, a dash or `/`, the end: `priceAt`), and either
 *   the `$` that would close it is followed by a digit (the next price: "$5 and $10", "$5-$10")
 *   or the text between the amount and it reads as prose (a word, no TeX sign: "costs $5 for
 *   $x$ kg"; `isPricePair`). Such a `$` is a dollar sign and the scan goes on after it, so
 *   "It costs $5 and $10 in total." has no maths. `$$…$$` display maths is not subject to the
 *   rule; `\$` is always a literal dollar;
 * - bare display environments (`\begin{align*}…\end{align*}`, equation, gather, eqnarray, multline,
 *   tabular) outside any delimiter, kept whole as display maths; bare maths-only environments
 *   (pmatrix, cases, array…) as inline maths; a bare plain-TeX `\centerline{…}` (prose with `$…$`,
 *   closed before the next blank line) likewise as display maths, which the normaliser centres;
 * - `\$` is a literal dollar in prose (inside maths it stays `\$` for KaTeX); likewise `\%`, `\&`,
 *   `\#`, `\_`, `\{`, `\}` are their characters in prose;
 * - `[asy]…[/asy]` becomes a code segment and is never scanned for `$`;
 * - an opening delimiter without its closer is kept as literal text, so one stray `$` never
 *   swallows the rest of the text.
 */

import { BARE_DISPLAY_ENVIRONMENTS, BARE_INLINE_ENVIRONMENTS } from './bare-latex';
import {
  LinearCloserSearch,
  closerSearchWork,
  isBlankLineAt,
  type CloserSearch,
} from './closer-search';
import { isPricePair, isSpace, priceAt, PROSE_ESCAPES } from './dollar-prices';

export { isPricePair, priceAt } from './dollar-prices';

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

const ASY_OPEN = '[asy]';
const ASY_CLOSE = '[/asy]';
const BEGIN_RE = /^\\begin\{([a-zA-Z]+\*?)\}/;
const CENTERLINE = '\\centerline';

/**
 * For a bare `\centerline` whose name ends at `from`: where its `{…}` argument ends (just after the
 * `}`), or, when it has none (another command, no `{`, or no `}` before a blank line or `limit`),
 * `-1 - stop` where `stop` is where the search ended. Backslash pairs are stepped over together.
 */
function centerlineEnd(text: string, from: number, limit: number): number {
  let i = from;
  if (/[a-zA-Z]/.test(text[i] ?? '')) return -1 - i;
  while (i < limit && (text[i] === ' ' || text[i] === '\t')) i++;
  if (text[i] !== '{') return -1 - i;
  let depth = 0;
  const start = i;
  for (; i < limit; i++) {
    const ch = text[i];
    if (ch === '\\') i++;
    else if (ch === '{') depth++;
    else if (ch === '}' && --depth === 0) break;
    else if (ch === '\n' && isBlankLineAt(text, i)) break;
  }
  closerSearchWork.steps += i - start + 1;
  return i < limit && text[i] === '}' ? i + 1 : -1 - i;
}

/**
 * A `$` (or `$$`) shown as text although it looks like a maths delimiter: one that may open maths
 * (followed by a character other than white space, and not a price) with no `$` after it to close
 * it. `at` is its position.
 */
export interface DollarNote {
  kind: 'unclosed';
  at: number;
}

/**
 * Splits `text` into segments. Adjacent text pieces are merged. Never throws. When `notes` is
 * given, every `$` kept as text for a reason the author may not expect is recorded in it, in
 * order (the admin form's dollar warnings are built from them).
 */
export function splitMath(text: string, notes?: DollarNote[]): MathSegment[] {
  return splitMathWith(text, new LinearCloserSearch(text), notes);
}

/**
 * splitMath with the closers found by `closers` (the tests compare the linear search with a
 * plain rescan through it).
 */
export function splitMathWith(
  text: string,
  closers: CloserSearch,
  notes?: DollarNote[],
): MathSegment[] {
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
  // A `\centerline` before this has no group closed in its paragraph: none after it up to here
  // is searched again (a TeX error anyway; keeps the split linear).
  let centerlineFailed = -1;
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
          const end = closers.endTag(endTag, i + m[0].length);
          if (end >= 0 && end < nextAsy) {
            const stop = end + endTag.length;
            push(bareKind, text.slice(i, stop), text.slice(i, stop));
            i = stop;
            continue;
          }
          unbalanced.push('\\begin{');
        }
      }
      if (next === 'c' && i >= centerlineFailed && text.startsWith(CENTERLINE, i)) {
        const end = centerlineEnd(text, i + CENTERLINE.length, nextAsy);
        if (end > 0) {
          push('display', text.slice(i, end), text.slice(i, end));
          i = end;
          continue;
        }
        centerlineFailed = -1 - end;
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
      // The dollar rule (see the top of this file): TeX's pairing, except that a pair opened by a
      // price is not maths; the opener is then a dollar sign and the scan goes on after it.
      const end = closers.find('$', i + 1, nextAsy);
      const price = priceAt(text, i);
      if (end >= 0 && !(price >= 0 && isPricePair(text, price, end))) {
        push('inline', text.slice(i + 1, end), text.slice(i, end + 1));
        i = end + 1;
        continue;
      }
      if (end < 0 && price < 0 && i + 1 < n && !isSpace(text.charCodeAt(i + 1))) {
        unbalanced.push('$');
        notes?.push({ kind: 'unclosed', at: i });
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
