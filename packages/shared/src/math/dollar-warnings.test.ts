import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { closerSearchWork } from './closer-search';
import { splitMath } from './split-math';
import { dollarWarnings } from './dollar-warnings';

const summary = (text: string) => dollarWarnings(text).map((w) => [w.kind, w.index, w.line]);

describe('dollarWarnings', () => {
  it('warns about a $ that never closes, saying what to write', () => {
    expect(dollarWarnings('Let $x be real.')).toEqual([
      {
        kind: 'unclosed',
        index: 4,
        line: 1,
        message:
          'The "$" before "x be" has no closing "$", so it is shown as a dollar sign. If you meant maths, close it with "$"; if you meant a dollar sign, write \\$.',
      },
    ]);
    expect(dollarWarnings('see $$x^2 and more')[0]!.message).toBe(
      'The "$$" before "x^2 and" has no closing "$$" in the same paragraph, so it is shown as text. Close the maths with "$$", or write \\$\\$ for two dollar signs.',
    );
  });

  it('says which line the dollar is on when the text has several', () => {
    const warnings = dollarWarnings('First $x$.\nThen $y and\n\n$z only');
    expect(warnings.map((w) => [w.kind, w.line])).toEqual([
      ['unclosed', 2],
      ['unclosed', 4],
    ]);
    expect(warnings[0]!.message).toMatch(/^The "\$" before "y and" on line 2 has no closing/);
    expect(warnings[1]!.message).toMatch(/^The "\$" before "z only" on line 4 has no closing/);
  });

  it('stays quiet about maths written as TeX writes it: "$ x $", "$x_1>x_2. $", "$\\$35$", "$x$5"', () => {
    for (const text of [
      'Let $ x $ be real.',
      'Let $ a$, $ b$, and $c $ be real.',
      'so $x_1>x_2. $ It follows',
      'rents a car for $\\$35$ a day',
      'rents a car for $\\$$25 a day',
      'then $x$5 apples',
    ]) {
      expect(dollarWarnings(text), text).toEqual([]);
    }
  });

  it('stays quiet about prices: paired, in ranges, next to maths, or alone', () => {
    for (const text of [
      'It costs $5 and $10 in total.',
      '$20,000 and $30,000',
      'tickets at $12, parking $5',
      'between $3 and $4 each',
      'costs $5 for $x$ kg',
      'It costs $5.',
      'Shirts cost $5-$10.',
    ]) {
      expect(dollarWarnings(text), text).toEqual([]);
    }
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

  it('gives one warning per unclosed dollar', () => {
    expect(summary('$x$ and $y')).toEqual([['unclosed', 8, 1]]);
    // TeX pairs "$a $" as maths; only the last one is left without a closer.
    expect(summary('$a $b $c')).toEqual([['unclosed', 6, 1]]);
    expect(summary('$$x and $y')).toEqual([
      ['unclosed', 0, 1],
      ['unclosed', 8, 1],
    ]);
  });

  it('only ever points at a $ the renderer shows as text, and costs linear work on 200 KB of hostile dollars', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('$', ' ', 'x', '5', ',', 'and', '\\', '{', '}', '\n') }),
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
    const hostile = '{$5 and $x '.repeat(20_000);
    const before = closerSearchWork.steps;
    const warnings = dollarWarnings(hostile);
    expect(closerSearchWork.steps - before).toBeLessThanOrEqual(8 * hostile.length);
    expect(warnings).toHaveLength(1);
  });
});
