/**
 * Where the closers of splitMath's openers are (`\)`, `\]`, `$$`, `$`, `\end{env}`), found in time
 * linear in the text however many openers stay unclosed.
 */

/** The closer searches splitMath makes; `LinearCloserSearch` is the one it uses. */
export interface CloserSearch {
  /** Where the closer `close` for an opener ending just before `from` is, before `limit`, or -1. */
  find(close: '\\)' | '\\]' | '$$' | '$', from: number, limit: number): number;
  /** The first `tag` (an `\end{env}`) at or after `from`, or -1. */
  endTag(tag: string, from: number): number;
}

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
export class LinearCloserSearch implements CloserSearch {
  private readonly n: number;
  /** Per search kind: the position last searched from and the first match found from there. */
  private readonly memo = new Map<string, { from: number; at: number }>();
  /** Per `\end{env}` tag: the position last searched from and the first tag found from there. */
  private readonly endTags = new Map<string, { from: number; at: number }>();
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

  /** The first `tag` at or after `from`, or -1: one `indexOf` per tag while the answer holds. */
  endTag(tag: string, from: number): number {
    const memo = this.endTags.get(tag);
    if (memo && memo.from <= from && (memo.at < 0 || from <= memo.at)) return memo.at;
    const at = this.text.indexOf(tag, from);
    closerSearchWork.steps += (at < 0 ? this.n : at) - from + 1;
    this.endTags.set(tag, { from, at });
    return at;
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
export function isBlankLineAt(text: string, i: number): boolean {
  for (let j = i + 1; j < text.length; j++) {
    const c = text[j];
    if (c === '\n') return true;
    if (c !== ' ' && c !== '\t' && c !== '\r') return false;
  }
  return false;
}
