// The top level of an answer's LaTeX: a list cut at its separators outside all brackets, braces
// and environments, the bracket that closes the first, and braces round the whole of it. String
// work only (no Compute Engine).
import { readGroup } from '@exemplar/shared/math';

const OPENERS = new Set(['(', '[', '{']);
const CLOSERS = new Set([')', ']', '}']);

/**
 * `s` cut at every separator found outside all brackets and braces. Separators are literal
 * strings; a TeX command separator (`\cup`) must not be followed by a letter.
 */
export function splitTop(s: string, separators: readonly string[]): string[] {
  const parts: string[] = [];
  let depth = 0;
  let from = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (c === '\\') {
      if (s.startsWith('\\begin', i)) depth++;
      else if (s.startsWith('\\end', i)) depth--;
      else if (s[i + 1] === '{' || s[i + 1] === '}') {
        depth += s[i + 1] === '{' ? 1 : -1;
        i++;
        continue;
      }
    }
    if (depth === 0) {
      const sep = separators.find(
        (t) =>
          s.startsWith(t, i) && !(t.startsWith('\\') && /[a-zA-Z]/.test(s[i + t.length] ?? '')),
      );
      if (sep) {
        parts.push(s.slice(from, i));
        from = i + sep.length;
        i = from - 1;
        continue;
      }
    }
    if (c === '\\') {
      const m = /^\\[a-zA-Z]+/.exec(s.slice(i, i + 30));
      i += m ? m[0].length - 1 : 1;
      continue;
    }
    if (OPENERS.has(c)) depth++;
    else if (CLOSERS.has(c)) depth--;
  }
  parts.push(s.slice(from));
  return parts;
}

/** The index of the bracket that closes the one opening at 0 (any of `(`/`[` with `)`/`]`). */
export function outerClose(s: string): number {
  let depth = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (c === '\\') {
      if (s[i + 1] === '{') depth++;
      else if (s[i + 1] === '}' && --depth === 0) return i + 1;
      i++;
      continue;
    }
    if (OPENERS.has(c)) depth++;
    else if (CLOSERS.has(c) && --depth === 0) return i;
  }
  return -1;
}

/** The whole text is one group in braces (`{(2, 2)}`, `{1, 2, 3}`), which groups nothing. */
export const isOneGroup = (s: string) => s.startsWith('{') && readGroup(s, 0)?.end === s.length;
