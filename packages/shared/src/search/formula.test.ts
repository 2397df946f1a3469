import { describe, expect, it } from 'vitest';
import {
  formulaIndexTokens,
  formulaNumbers,
  formulaQuery,
  formulaStructure,
  formulaStructureTokens,
  splitQueryMaths,
} from './formula';

const shapes = (latex: string) => formulaStructure(latex).map((t) => t.shape);
const same = (a: string, b: string) =>
  expect(formulaStructureTokens(a).sort(), `${a} / ${b}`).toEqual(formulaStructureTokens(b).sort());
const shared = (a: string, b: string) => {
  const mine = new Set(formulaStructureTokens(b));
  return formulaStructureTokens(a).filter((t) => mine.has(t)).length;
};

describe('formula structure tokens', () => {
  it('reads variables as v and numbers as n, keeping operators and functions', () => {
    expect(shapes('x^2-5x+6')).toEqual([
      '+(*,*,n)',
      '+(*(n,pow),*(n,v),n)',
      '+(*(n,pow(v,n)),*(n,v),n)',
      '*(n,pow)',
      '*(n,pow(v,n))',
      'pow(v,n)',
      '*(n,v)',
    ]);
    expect(shapes(String.raw`\int x e^{3x}\,dx`)).toContain('int(*(pow(e,*),v),dv)');
    expect(shapes(String.raw`\frac{a}{b}`)).toEqual(['frac(v,v)']);
  });

  it('gives renamed variables and other numbers the same tokens', () => {
    same(String.raw`\int x e^{3x}dx`, String.raw`\displaystyle \int t\, e^{2t}\,\mathrm{d}t`);
    same('x^2-7x+12', 'y^2 - 5y + 6');
    same('6 - 5x + x^2', 'x^2-5x+6'); // sums and products in any order
    same('x^2-3x-10', 'x^2+5x+6'); // a number's sign is the number's
    same('x^2 + x + 1', '2x^2 - 4x - 3'); // so is a coefficient of 1 or -1
    same(String.raw`\frac{a}{b}`, String.raw`\dfrac{p}{q}`);
    same(String.raw`\sin^2\theta + \cos^2\theta = 1`, String.raw`\sin^2 x+\cos^2 x=1`);
    same(String.raw`\lim_{x\to 0}\frac{\sin 3x}{x}`, String.raw`\lim_{t \to 0} \frac{\sin 5t}{t}`);
    same(String.raw`\sqrt{a^2+b^2}`, String.raw`\sqrt{x^{2}+y^{2}}`);
    same(String.raw`\frac{d}{dx}\left(x^2\sin x\right)`, String.raw`\frac{d}{dt}[t^3 \sin t]`);
    same(String.raw`\sum_{k=1}^{n} k^2`, String.raw`\sum_{i=0}^{m} i^{3}`);
    same('x_1 + x_2', 'a + b');
  });

  it('gives a different structure other tokens', () => {
    expect(formulaStructureTokens(String.raw`\int x e^{2x}dx`)).not.toEqual(
      formulaStructureTokens(String.raw`\int x \sin x\,dx`),
    );
    expect(shared(String.raw`\int x e^{2x}dx`, String.raw`\int x^2 e^{x}dx`)).toBeGreaterThan(0);
    // Only the small piece they share (a number times a variable).
    expect(shared(String.raw`\int x e^{2x}dx`, 'x^2-5x+6')).toBe(1);
    expect(shared(String.raw`\int x e^{2x}dx`, String.raw`\sqrt{\ln y}`)).toBe(0);
    expect(shared('x^2-5x+6', String.raw`\sqrt{\ln y}`)).toBe(0);
    expect(formulaStructureTokens(String.raw`\sin x`)).not.toEqual(
      formulaStructureTokens(String.raw`\cos x`),
    );
    expect(formulaStructureTokens('a/b')).toEqual(formulaStructureTokens(String.raw`\frac{a}{b}`));
  });

  it('weighs bigger subtrees more and has none for a lone variable or number', () => {
    const weights = formulaStructure('x^2-5x+6').map((t) => t.weight);
    expect(Math.max(...weights)).toBe(10);
    expect(Math.min(...weights)).toBe(3);
    expect(formulaStructure('x')).toEqual([]);
    expect(formulaStructure('42')).toEqual([]);
    expect(formulaQuery(['x', '7'])).toBeUndefined();
  });

  it('keeps the numbers apart for ties and never throws on broken source', () => {
    expect(formulaNumbers('x^2-5x+6').sort()).toEqual(['#2', '#5', '#6']);
    for (const broken of ['\\frac{', '}}{{', '\\int', '|x', '\\left( x', '^^__', '\\sqrt[', '']) {
      expect(() => formulaStructure(broken)).not.toThrow();
    }
  });

  it('reads hostile nesting (thousands of braces, brackets, roots, signs) without exhausting the stack', () => {
    const n = 20_000;
    const hostile = [
      `${'{'.repeat(n)}x${'}'.repeat(n)}`,
      `${'\\left('.repeat(n)}x`,
      '\\sqrt{'.repeat(n) + 'x',
      'x^{'.repeat(n) + '2',
      '\\mathrm'.repeat(n) + 'x',
      '\\frac'.repeat(n) + '12',
      '-'.repeat(n) + 'x',
      '|'.repeat(n),
    ];
    for (const src of hostile) {
      expect(() =>
        formulaIndexTokens({ question: `$${src}$`, answer: '', procedure: null }),
      ).not.toThrow();
      expect(() => formulaQuery([src])).not.toThrow();
    }
    // Real nesting is still read: a fraction inside a root inside a power keeps its structure.
    expect(formulaStructure('(\\sqrt{\\frac{1}{x}})^2')).toEqual(
      formulaStructure('(\\sqrt{\\frac{3}{y}})^5'),
    );
    // A run of minus signs in an exponent reads as arithmetic does: two cancel.
    expect(formulaStructure('x^---2')).toEqual(formulaStructure('x^-2'));
    expect(formulaStructure('x^--2')).toEqual(formulaStructure('x^2'));
  });

  it("indexes an example's formulas, from its question on, with their numbers", () => {
    const tokens = formulaIndexTokens({
      question: String.raw`Find $\int x e^{2x}\,dx$.`,
      answer: String.raw`$\left(\frac{x}{2}-\frac14\right)e^{2x}+C$`,
      procedure: null,
    });
    for (const t of formulaStructureTokens(String.raw`\int x e^{3x}dx`))
      expect(tokens).toContain(t);
    expect(tokens).toContain('#2');
    expect(
      formulaIndexTokens({ question: 'No maths here', answer: '12', procedure: null }),
    ).toEqual([]);
  });
});

describe('splitQueryMaths', () => {
  it('takes the maths in dollars, the rest as words', () => {
    expect(splitQueryMaths(String.raw`$\int x e^{3x}dx$ by parts`)).toEqual({
      words: 'by parts',
      formulas: [String.raw`\int x e^{3x}dx`],
    });
  });

  it('finds maths typed without dollars', () => {
    expect(splitQueryMaths('x^2-7x+12')).toEqual({ words: '', formulas: ['x^2-7x+12'] });
    expect(splitQueryMaths('solve x^2 - 7x + 12 = 0')).toEqual({
      words: 'solve',
      formulas: ['x^2 - 7x + 12 = 0'],
    });
    expect(splitQueryMaths(String.raw`\frac{a}{b}`).formulas).toEqual([String.raw`\frac{a}{b}`]);
    expect(splitQueryMaths('integral of x^2 sin x')).toEqual({
      words: 'integral of',
      formulas: [String.raw`x^2 \sin x`],
    });
  });

  it('leaves a word of letters and digits mixed (a code, a tag) as a word', () => {
    expect(splitQueryMaths('quokkamx0j7igo')).toEqual({ words: 'quokkamx0j7igo', formulas: [] });
    expect(splitQueryMaths('tag2026b circle').formulas).toEqual([]);
    expect(splitQueryMaths('3xy + x2').formulas).toEqual(['3xy + x2']);
  });

  it('leaves words, hyphenated words and lone numbers as words', () => {
    expect(splitQueryMaths('am-gm inequality')).toEqual({
      words: 'am-gm inequality',
      formulas: [],
    });
    expect(splitQueryMaths('pythagoras')).toEqual({ words: 'pythagoras', formulas: [] });
    expect(splitQueryMaths('chapter 12')).toEqual({ words: 'chapter 12', formulas: [] });
  });
});
