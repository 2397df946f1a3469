import { describe, expect, it } from 'vitest';
import { procedureSteps } from './steps';

describe('procedureSteps', () => {
  it('gives no step for an empty or blank procedure', () => {
    expect(procedureSteps('')).toEqual([]);
    expect(procedureSteps('  \n\n ')).toEqual([]);
  });

  it('gives one step per paragraph of a procedure written in paragraphs, sentences kept together', () => {
    expect(
      procedureSteps(
        'Subtract $4$ from both sides. That leaves $x/3 = 6$.\n\n  Multiply by $3$ to get $x = 18$.\n',
      ),
    ).toEqual([
      'Subtract $4$ from both sides. That leaves $x/3 = 6$.',
      'Multiply by $3$ to get $x = 18$.',
    ]);
  });

  it('keeps a short paragraph as its own step, unlike a short sentence', () => {
    expect(procedureSteps('Then\n$$x = 18$$\n\nCheck: $18 = 18$.')).toEqual([
      'Then\n$$x = 18$$',
      'Check: $18 = 18$.',
    ]);
  });

  it('splits a one-paragraph procedure at sentence ends, before a capital or maths', () => {
    expect(
      procedureSteps(
        'Let the numbers be $x$ and $y$. We have $x+y=31$ and $x-y=3$! $2x=34$ gives the larger one.',
      ),
    ).toEqual([
      'Let the numbers be $x$ and $y$.',
      'We have $x+y=31$ and $x-y=3$!',
      '$2x=34$ gives the larger one.',
    ]);
  });

  it('never cuts inside maths, even at a full stop and a capital within it', () => {
    const text =
      'First we note $x = 1. Y = 2$ in one formula. Then \\[a = b. C = d\\] is shown. And \\(p. Q\\) too. Finally $$u. V$$ closes it.';
    expect(procedureSteps(text)).toEqual([
      'First we note $x = 1. Y = 2$ in one formula.',
      'Then \\[a = b. C = d\\] is shown.',
      'And \\(p. Q\\) too.',
      'Finally $$u. V$$ closes it.',
    ]);
  });

  it('keeps a bare environment and an [asy] figure whole', () => {
    const text =
      'Expand both sides. \\begin{align*}\na &= b. \\\\\nC &= d.\n\\end{align*} Now compare the terms. [asy]\ndraw((0,0)--(1,1)); label("A. B", (0,0));\n[/asy] The figure shows it.';
    const steps = procedureSteps(text);
    expect(steps.join(' ')).toContain('\\begin{align*}\na &= b. \\\\\nC &= d.\n\\end{align*}');
    expect(steps.some((s) => s.includes('label("A. B", (0,0));'))).toBe(true);
    expect(
      steps.every(
        (s) => (s.match(/\[asy\]/g) ?? []).length === (s.match(/\[\/asy\]/g) ?? []).length,
      ),
    ).toBe(true);
  });

  it('does not split after e.g., i.e., Mr., Eq., a decimal or a lower-case word', () => {
    expect(
      procedureSteps(
        'Pick a small value, e.g. $x = 2$, and check it. The rate is 3.5 per hour, i.e. Twice the old one. Mr. Smith uses Eq. 3 here. He then stops. and goes on in lower case.',
      ),
    ).toEqual([
      'Pick a small value, e.g. $x = 2$, and check it.',
      'The rate is 3.5 per hour, i.e. Twice the old one.',
      'Mr. Smith uses Eq. 3 here.',
      'He then stops. and goes on in lower case.',
    ]);
  });

  it('splits after display maths that ends a line when the next line opens with a capital', () => {
    expect(
      procedureSteps(
        'First subtract $4$ from both sides:\n$$\\frac{x}{3} = 6$$\nThen multiply both sides by $3$:\n$$x = 18$$\nso the answer is $18$.',
      ),
    ).toEqual([
      'First subtract $4$ from both sides:\n$$\\frac{x}{3} = 6$$',
      'Then multiply both sides by $3$:\n$$x = 18$$\nso the answer is $18$.',
    ]);
  });

  it('splits where display maths runs straight into a capitalised word, as the MATH corpus writes', () => {
    expect(
      procedureSteps(
        'Expand the product once:\\begin{align*}\n(x+2)(x+5) &= x(x+2) + 5(x+2)\n\\end{align*}We expand again and collect terms: $$x^2 + 7x + 10.$$Note that the sum is $7$ here.',
      ),
    ).toEqual([
      'Expand the product once:\\begin{align*}\n(x+2)(x+5) &= x(x+2) + 5(x+2)\n\\end{align*}',
      'We expand again and collect terms: $$x^2 + 7x + 10.$$',
      'Note that the sum is $7$ here.',
    ]);
  });

  it('splits into sentences when the paragraphs are only a sentence and the formula it introduces', () => {
    expect(
      procedureSteps(
        'Let $j$ be the age. The system is\n\n\\begin{align*}\nj &= d - 24\n\\end{align*}We eliminate $d$ to get $j = 22$.',
      ),
    ).toEqual([
      'Let $j$ be the age.',
      'The system is\n\n\\begin{align*}\nj &= d - 24\n\\end{align*}',
      'We eliminate $d$ to get $j = 22$.',
    ]);
  });

  it('splits after display maths ending in a full stop, but not after \\right. before a bracket', () => {
    expect(
      procedureSteps(
        'The sum is $$s = 10.$$ (Half of it is five.) We get $$\\left\\{ x \\right.$$ (Which is odd) here.',
      ),
    ).toEqual([
      'The sum is $$s = 10.$$',
      '(Half of it is five.)',
      'We get $$\\left\\{ x \\right.$$ (Which is odd) here.',
    ]);
  });

  it('joins a one-word sentence to the step before it, and a short first sentence to the one after', () => {
    expect(procedureSteps('Simplify. We add the two numbers to get $7$. Done.')).toEqual([
      'Simplify. We add the two numbers to get $7$. Done.',
    ]);
    expect(procedureSteps('$g(8) = 31$. Thus $f(31) = 146$. So we are done.')).toEqual([
      '$g(8) = 31$. Thus $f(31) = 146$.',
      'So we are done.',
    ]);
    expect(procedureSteps('We add the two numbers to get $7$. So $x = 7$.')).toEqual([
      'We add the two numbers to get $7$.',
      'So $x = 7$.',
    ]);
  });

  it('keeps a formula in a paragraph of its own with the sentence introducing it', () => {
    expect(
      procedureSteps(
        'By the distance formula,\n\n$$AB = \\sqrt{3^2 + 4^2} = 5$$\n\nSo the side is five units long.',
      ),
    ).toEqual([
      'By the distance formula,\n\n$$AB = \\sqrt{3^2 + 4^2} = 5$$',
      'So the side is five units long.',
    ]);
    expect(
      procedureSteps(
        'We know the sides are three and four.\n\n$$AB = 5$$\n\nSo the side is five units long.',
      ),
    ).toEqual([
      'We know the sides are three and four.\n\n$$AB = 5$$',
      'So the side is five units long.',
    ]);
  });

  it('does not split at a dollar amount read as prose', () => {
    expect(procedureSteps('It costs $5. Then it costs $10 more. So we pay the total.')).toEqual([
      'It costs $5.',
      'Then it costs $10 more.',
      'So we pay the total.',
    ]);
  });
});
