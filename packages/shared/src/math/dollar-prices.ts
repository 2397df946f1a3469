/**
 * The price side of the dollar rule (see split-math.ts): a `$` followed by an amount that ends as
 * a price ends in prose, and a pair from such a `$` that reads as prose rather than maths.
 */
import { closerSearchWork } from './closer-search';

/** `\$` (and LaTeX's other text-mode escapes `\% \& \# \_ \{ \}`) stand for the character itself. */
export const PROSE_ESCAPES: ReadonlySet<string> = new Set(['$', '%', '&', '#', '_', '{', '}']);

/** A space, tab, line break or any other Unicode white space. */
export function isSpace(code: number): boolean {
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
const isLetter = (text: string, i: number) => {
  const code = text.charCodeAt(i);
  return (
    (code >= 65 && code <= 90) ||
    (code >= 97 && code <= 122) ||
    (code >= 0xc0 && /\p{L}/u.test(text[i]!))
  );
};

/** Punctuation that ends a price in a sentence (`$12, parking`, `($5).`), before white space. */
const CLOSING_PUNCTUATION: ReadonlySet<string> = new Set([
  ',',
  '.',
  ';',
  ':',
  '!',
  '?',
  ')',
  ']',
  "'",
  '"',
  '\u2019',
  '\u201d',
]);
/** Signs that join a price to what follows (`$5-$10`, `$5–10`, `$5/kg`). */
const JOINERS: ReadonlySet<string> = new Set(['-', '\u2013', '\u2014', '/']);
/**
 * Characters prose does not use and maths does: content holding one is maths, not prose. A
 * backslash counts unless it escapes one of PROSE_ESCAPES (`\$5` is prose).
 */
const MATH_SIGNS: ReadonlySet<string> = new Set([
  '\\',
  '{',
  '}',
  '^',
  '_',
  '=',
  '+',
  '*',
  '<',
  '>',
  '|',
  '&',
]);

/**
 * When the `$` at `at` is followed by an amount (digits, with `,` or `.` between digits: `5`,
 * `20,000`, `4.50`) that ends as a price ends in prose (white space, the end of the text, a dash or
 * `/`, or closing punctuation followed by white space or the end): where the amount ends.
 * Otherwise -1. Looks only at the amount and the punctuation after it.
 */
export function priceAt(text: string, at: number): number {
  let i = at + 1;
  const n = text.length;
  if (!isDigit(text.charCodeAt(i))) return -1;
  for (;;) {
    while (i < n && isDigit(text.charCodeAt(i))) i++;
    const sep = text[i];
    if ((sep === ',' || sep === '.') && isDigit(text.charCodeAt(i + 1))) i++;
    else break;
  }
  closerSearchWork.steps += i - at;
  const amountEnd = i;
  if (i >= n || isSpace(text.charCodeAt(i)) || JOINERS.has(text[i]!)) return amountEnd;
  while (i < n && CLOSING_PUNCTUATION.has(text[i]!)) i++;
  if (i > amountEnd && (i >= n || isSpace(text.charCodeAt(i)))) return amountEnd;
  return -1;
}

/**
 * Whether the pair from a price's `$` to the `$` at `closer` (`amountEnd` from priceAt) is a
 * price in prose rather than maths: the `$` after it is followed by a digit (the next price, as in
 * "$5 and $10" or "$5-$10"), or what lies between the amount and that `$` reads as prose (a word
 * of two letters or more and none of MATH_SIGNS, as in "costs $5 for $x$ kg"). The scan steps
 * over backslash pairs as the closer search does and stops at the first sign; no unescaped `$`
 * lies before it (a `$` inside braces follows a `{`), so no character is scanned for two openers.
 */
export function isPricePair(text: string, amountEnd: number, closer: number): boolean {
  if (isDigit(text.charCodeAt(closer + 1))) return true;
  let run = 0;
  let word = false;
  let i = amountEnd;
  while (i < closer) {
    const ch = text[i]!;
    if (ch === '\\' && PROSE_ESCAPES.has(text[i + 1] ?? '')) {
      run = 0; // `\$`, `\%`…: a character of the prose
      i += 2;
      continue;
    }
    if (MATH_SIGNS.has(ch)) break;
    run = isLetter(text, i) ? run + 1 : 0;
    if (run >= 2) word = true;
    i++;
  }
  closerSearchWork.steps += i - amountEnd + 1;
  return i === closer && word;
}
