import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { adoptDollarRule } from './adopt-dollar-rule';
import { dollarWarnings } from './dollar-warnings';
import { splitMath } from './split-math';

const inline = (text: string) =>
  splitMath(text)
    .filter((s) => s.kind === 'inline')
    .map((s) => s.value);

describe('adoptDollarRule (texts written for TeX, e.g. the MATH dataset)', () => {
  it('drops the spaces inside $ … $ so the maths renders: "$ u= -3$", "$x_1>x_2. $", "$ 99 $"', () => {
    expect(adoptDollarRule('so $ u= -3$.  Then')).toBe('so $u= -3$.  Then');
    expect(adoptDollarRule('where $x_1>x_2. $ It follows')).toBe('where $x_1>x_2.$ It follows');
    expect(adoptDollarRule('The number $ 99 $, for example')).toBe('The number $99$, for example');
    expect(inline(adoptDollarRule('Let $ a$, $ b$, and $c $ be real.'))).toEqual(['a', 'b', 'c']);
  });

  it('turns the MATH dataset\'s "$\\$$25" (a dollar sign as maths before an amount) into \\$25', () => {
    const text = 'Ivan rents a car for $\\$$25 a day and $\\$$0.20 a mile.';
    const adopted = adoptDollarRule(text);
    expect(adopted).toBe('Ivan rents a car for \\$25 a day and \\$0.20 a mile.');
    expect(splitMath(adopted)).toEqual([
      { kind: 'text', value: 'Ivan rents a car for $25 a day and $0.20 a mile.', raw: adopted },
    ]);
    // Before: the rule paired the wrong dollars and set "10,000 is made … pay 6" as maths.
    const bond = 'An investment of $\\$$10,000 is made that will pay 6$\\%$ interest.';
    expect(inline(bond)).toEqual(['10,000 is made that will pay 6']);
    expect(inline(adoptDollarRule(bond))).toEqual(['\\%']);
  });

  it('leaves text that already follows the rule unchanged, and "$x$5", which no spacing can keep', () => {
    for (const text of [
      '',
      'Let $x$ and $$ y $$ hold; it costs \\$5.',
      'It costs $5 and $10 in total.',
      'pay $ 5 now',
      'then $x$5 apples',
      '$x\\ $ and more',
    ]) {
      expect(adoptDollarRule(text), text).toBe(text);
    }
  });

  it('is idempotent on random TeX-style text (a second call changes nothing) and leaves no dollar warning in "$ x $"', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('$', ' ', 'x', '+', '\n', '{', '}', 'word '), { maxLength: 30 }),
        (pieces) => {
          const adopted = adoptDollarRule(pieces.join(''));
          expect(adoptDollarRule(adopted)).toBe(adopted);
        },
      ),
      { numRuns: 2000 },
    );
    expect(dollarWarnings(adoptDollarRule('Let $ x $ and $y $ and $ z$ be.'))).toEqual([]);
  });
});
