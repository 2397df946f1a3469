import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { closerSearchWork } from './closer-search';
import { splitMath } from './split-math';
import { dollarWarnings } from './dollar-warnings';

const summary = (text: string) =>
  dollarWarnings(text).map((w) => [w.kind, w.index, w.closer ?? null, w.line]);

describe('dollarWarnings', () => {
  it('warns once about a price sentence, naming both dollars and both fixes', () => {
    const warnings = dollarWarnings('It costs $5 and $10 in total.');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ kind: 'space-before-closer', index: 9, closer: 16 });
    expect(warnings[0]!.message).toBe(
      'The "$" before "5 and" is shown as a dollar sign, not maths: the next "$" (after "5 and ") has a space before it, and a "$" that closes maths must follow a character other than a space. If you meant maths, remove that space; if you meant dollar signs, write \\$ for each dollar sign.',
    );
  });

  it('warns about a space after the opening $: "$ x$"', () => {
    const [warning] = dollarWarnings('Let $ x$ be real.');
    expect(warning).toMatchObject({ kind: 'space-after-opener', index: 4, closer: 7 });
    expect(warning!.message).toBe(
      'The "$" before " x$ be" is shown as a dollar sign, not maths: a "$" that opens maths must be followed by a character other than a space. If you meant maths, remove the space after it; if you meant dollar signs, write \\$ for each dollar sign.',
    );
  });

  it('warns about a space before the closing $: "$x $"', () => {
    expect(summary('Let $x $ be real.')).toEqual([['space-before-closer', 4, 7, 1]]);
    expect(dollarWarnings('Let $x $ be real.')[0]!.message).toContain(
      'the next "$" (after "x ") has a space before it',
    );
  });

  it('warns about a digit right after the closing $: "$x$5" and the MATH dataset\'s "$\\$$25"', () => {
    expect(summary('then $x$5 apples')).toEqual([['digit-after-closer', 5, 7, 1]]);
    const [warning] = dollarWarnings('rents a car for $\\$$25 a day');
    expect(warning!.message).toBe(
      'The "$" before "\\$$25 a" is shown as a dollar sign, not maths: the next "$" (after "\\$") is followed by the digit "2", and a "$" that closes maths must not be followed by a digit. If you meant maths, put a space after it or the digit inside the maths; if you meant dollar signs, write \\$ for each dollar sign.',
    );
  });

  it('warns about a lone $ and a lone $$', () => {
    expect(dollarWarnings('It costs $5.')).toEqual([
      {
        kind: 'unclosed',
        index: 9,
        line: 1,
        message:
          'The "$" before "5." has no closing "$", so it is shown as a dollar sign. If you meant maths, close it with "$"; if you meant a dollar sign, write \\$.',
      },
    ]);
    expect(dollarWarnings('see $$x^2 and more')[0]!.message).toBe(
      'The "$$" before "x^2 and" has no closing "$$" in the same paragraph, so it is shown as text. Close the maths with "$$", or write \\$\\$ for two dollar signs.',
    );
  });

  it('says which line the dollar is on when the text has several', () => {
    const warnings = dollarWarnings('First $x$.\nThen $y $ and\n\n$5 only');
    expect(warnings.map((w) => [w.kind, w.line])).toEqual([
      ['space-before-closer', 2],
      ['unclosed', 4],
    ]);
    expect(warnings[0]!.message).toMatch(/^The "\$" before "y \$" on line 2 is shown/);
    expect(warnings[1]!.message).toMatch(/^The "\$" before "5 only" on line 4 has no closing/);
  });

  it('stays quiet about maths that pairs, \\$, $ in [asy] code, $ inside maths and a "$ " with nothing to pair', () => {
    for (const text of [
      '',
      'Let $x$ and $y = 2$; $$ \\sum_i i $$ holds.',
      'It costs \\$5 and \\$10, so $x = 15$.',
      '[asy]label("$A$", (0,0)); draw($ B $);[/asy] and $z$.',
      '$\\text{if $y$ holds}$',
      'pay $ 5 now',
      'a price: 5 $',
    ]) {
      expect(dollarWarnings(text), text).toEqual([]);
    }
  });

  it('gives one warning per dollar shown as text, and none for a $ named as the closer of an earlier one', () => {
    expect(summary('$5 and $10 and $20')).toEqual([
      ['space-before-closer', 0, 7, 1],
      ['unclosed', 15, null, 1],
    ]);
  });

  it('only ever points at a $ the renderer shows as text, and costs linear work on 200 KB of hostile dollars', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('$', ' ', 'x', '5', '\\', '{', '}', '\n') }),
        (text) => {
          const textRanges: Array<[number, number]> = [];
          let at = 0;
          for (const seg of splitMath(text)) {
            if (seg.kind === 'text') textRanges.push([at, at + seg.raw.length]);
            at += seg.raw.length;
          }
          for (const w of dollarWarnings(text)) {
            expect(text[w.index]).toBe('$');
            expect(textRanges.some(([from, to]) => from <= w.index && w.index < to)).toBe(true);
          }
        },
      ),
      { numRuns: 2000 },
    );
    const hostile = '$x $ {$5 '.repeat(25_000);
    const before = closerSearchWork.steps;
    const warnings = dollarWarnings(hostile);
    expect(closerSearchWork.steps - before).toBeLessThanOrEqual(8 * hostile.length);
    expect(warnings.length).toBeGreaterThan(25_000);
  });
});
