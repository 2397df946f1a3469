import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { closerSearchWork, isBlankLineAt, type CloserSearch } from './closer-search';
import { splitMath, splitMathWith, type MathSegment } from './split-math';

// The reference the linear closer search must agree with: the first splitter's search, written
// out again here on purpose as an independent oracle (not a copy to keep in step). It scans from
// each opener on to its closer or the limit, so it is quadratic on unclosed openers. The splitter
// around it is the real one (splitMathWith), so only the searches are compared.

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

/** The first splitter's closer searches: a rescan from every opener. */
function rescanCloserSearch(text: string): CloserSearch {
  return {
    find: (close, from, limit) =>
      close === '$$'
        ? findCloser(text, from, close, limit, true, false)
        : close === '$'
          ? findCloser(text, from, close, limit, true, true)
          : findCloser(text, from, close, limit, false, false),
    endTag: (tag, from) => text.indexOf(tag, from),
  };
}

/** Splits `text` as the first splitter did, quadratic on unclosed openers. */
function quadraticSplitMath(text: string): MathSegment[] {
  return splitMathWith(text, rescanCloserSearch(text));
}

/** Hostile inputs: every opener unclosed (or, for `${`, closable only at a depth never reached). */
const HOSTILE: Record<string, (size: number) => string> = {
  '\\( repeated': (size) => '\\('.repeat(size / 2),
  '\\[ repeated': (size) => '\\['.repeat(size / 2),
  '${ repeated': (size) => '${'.repeat(size / 2),
  '$$ then \\( repeated': (size) => '$$' + 'a \\( '.repeat(size / 5),
  'unclosed \\begin{align*} repeated': (size) => '\\begin{align*} x '.repeat(size / 17),
  'unclosed \\centerline{ repeated': (size) => '\\centerline{ x '.repeat(size / 15),
  'prices: $5 and repeated': (size) => 'a $5 and '.repeat(size / 9),
  'prices before braces: $5 and { repeated': (size) => '$5 and {'.repeat(size / 8),
  'long amounts: $9,9,…,9 each repeated': (size) =>
    ('$' + '9,'.repeat(40) + '9 each ').repeat(size / 88),
  'mixed openers and prose': (size) =>
    'Let \\( x = ${\\frac{1}{2} \\[ y \\begin{gather*} so on '.repeat(size / 50),
};

/** Characters the closer searches examined while splitting `text`. */
function closerSteps(text: string): number {
  const before = closerSearchWork.steps;
  splitMath(text);
  return closerSearchWork.steps - before;
}

// Work is counted, not timed; the quadratic reference on 20 KB takes seconds on a loaded machine
// (three of these passed 5 s at a load of 7), so time is only bounded generously.
describe('splitMath on hostile input', { timeout: 60_000 }, () => {
  for (const [name, make] of Object.entries(HOSTILE)) {
    it(`searches for closers in 1 MB of ${name} at most 8 characters per input character and 8.5x the work of 125 KB (quadratic: 64x), and splits it as the reference does on 20 KB`, () => {
      const small = make(125_000);
      const large = make(1_000_000);
      const work = closerSteps(large);
      expect(work).toBeLessThanOrEqual(8 * large.length);
      expect(work / closerSteps(small)).toBeLessThan(8.5);
      const sample = make(20_000);
      expect(splitMath(sample)).toEqual(quadraticSplitMath(sample));
    });
  }

  it('splits 1 MB of unclosed \\( into one segment that keeps every opener (the quadratic splitter took minutes)', () => {
    const src = '\\('.repeat(500_000);
    const segs = splitMath(src);
    expect(segs).toHaveLength(1);
    expect(segs[0]!.unbalanced).toHaveLength(500_000);
    expect(segs[0]!.raw).toBe(src);
  });
});

const PIECES = [
  '$',
  '$$',
  '\\',
  '\\\\',
  '\\$',
  '\\(',
  '\\)',
  '\\[',
  '\\]',
  '{',
  '}',
  '\\{',
  '\n',
  '\n\n',
  '\n \t\n',
  '\r\n',
  ' ',
  'x',
  'a+b',
  '5',
  ' $',
  '$ ',
  '$5 ',
  '$12,',
  '3.50',
  ',',
  '.',
  ' and ',
  '-',
  '+',
  '^',
  '[asy]',
  '[/asy]',
  '\\begin{align*}',
  '\\end{align*}',
  '\\begin{pmatrix}',
  '\\end{pmatrix}',
  '\\begin{itemize}',
  '\\centerline{',
  '\\text{',
  '\\frac',
  '%',
  '\\%',
];

describe('splitMath agrees with the reference splitter', () => {
  it('gives identical segments for random mixes of delimiters, braces, escapes, blank lines and [asy]', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...PIECES), { maxLength: 60 }), (pieces) => {
        const text = pieces.join('');
        expect(splitMath(text)).toEqual(quadraticSplitMath(text));
      }),
      { numRuns: 5000 },
    );
  });

  it('gives identical segments for random strings over $ \\ ( ) [ ] { } and newlines', () => {
    fc.assert(
      fc.property(
        fc.string({
          unit: fc.constantFrom(
            '$',
            '\\',
            '(',
            ')',
            '[',
            ']',
            '{',
            '}',
            '\n',
            ' ',
            'a',
            'an',
            '1',
            ',',
          ),
        }),
        (text) => {
          expect(splitMath(text)).toEqual(quadraticSplitMath(text));
        },
      ),
      { numRuns: 5000 },
    );
  });

  it('gives identical segments for arbitrary unicode strings', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 80 }), (text) => {
        expect(splitMath(text)).toEqual(quadraticSplitMath(text));
      }),
      { numRuns: 1000 },
    );
  });
});
