// A maths teacher's verdicts on notations and equivalences, asserted through checkAnswer: each
// rule of the addendum to docs/decisions/031-answer-checking.md, with the answers it must refuse.
import { describe, expect, it } from 'vitest';
import { checkAnswer, FEEDBACK_SIGN } from './check-answer';

const check = (expected: string, given: string, question = '') =>
  checkAnswer({ question, expected, given });
/** Accepted as right (a verdict, correct). */
const accepted = (expected: string, given: string, question?: string) => {
  const outcome = check(expected, given, question);
  return outcome.kind === 'verdict' && outcome.verdict.correct;
};
/** Given a verdict (read and compared), and that verdict is "not right". */
const refusedAsWrong = (expected: string, given: string, question?: string) => {
  const outcome = check(expected, given, question);
  return outcome.kind === 'verdict' && !outcome.verdict.correct;
};

type Case = [expected: string, given: string];

describe('answer checker: notation', () => {
  it.each<Case>([
    ['$x < 3$', 'x\\lt 3'],
    ['$x > 3$', 'x\\gt 3'],
    ['$x \\le 3$', 'x<=3'],
    ['$x \\ge 3$', 'x>=3'],
    ['$x \\ne 3$', 'x!=3'],
    ['$x \\ne 3$', 'x != 3'],
    ['$x \\ne 3$', 'x ≠ 3'],
    ['$x \\le 3$', 'x ≤ 3'],
    ['$x \\ge 3$', 'x ≥ 3'],
    ['$x \\le 3$', 'x \\leqslant 3'],
    ['$x \\ge 3$', 'x \\geqslant 3'],
  ])('reads relations as typed: %s for %s', (e, g) => expect(accepted(e, g)).toBe(true));

  it('reads ! then = after a letter as a factorial only when the stored answer has one', () => {
    expect(accepted('$n! = 120$', 'n!=120')).toBe(true);
    expect(accepted('$n!=120$', 'n! = 120')).toBe(true);
    expect(refusedAsWrong('$n! = 120$', 'n!=121')).toBe(true);
    // No factorial stored: "not equal", so x ≠ 3 and not x! = 3.
    expect(accepted('$x \\neq 3$', 'x!=3')).toBe(true);
    expect(refusedAsWrong('$x \\neq 4$', 'x!=3')).toBe(true);
    // After a digit it is always a factorial: 3! = 6.
    expect(accepted('$6$', '3!')).toBe(true);
  });

  it.each<Case>([
    ['$\\$1000.99$', '\\$1,000.99'],
    ['$\\$1000.99$', '1,000.99\\$'],
    ['$\\$1,000.99$', '\\$1000.99'],
    ['$1,000.99$', '\\$1,000.99'],
  ])('reads an amount of money with thousands separators: %s for %s', (e, g) =>
    expect(accepted(e, g)).toBe(true),
  );
  it('refuses another amount of money', () =>
    expect(refusedAsWrong('$\\$1000.99$', '\\$1,000.98')).toBe(true));

  const matrix = '$\\begin{pmatrix}1&2\\\\3&4\\end{pmatrix}$';
  it.each([
    '\\left[\\begin{array}{cc}1&2\\\\3&4\\end{array}\\right]',
    '\\begin{bmatrix}1&2\\\\3&4\\end{bmatrix}',
    '\\begin{pmatrix}1 & 2 \\\\ 3 & 4\\end{pmatrix}',
  ])('accepts the matrix written %s', (g) => expect(accepted(matrix, g)).toBe(true));
  it('refuses another matrix, and the matrix plus 1', () => {
    expect(refusedAsWrong(matrix, '\\left[\\begin{array}{cc}1&2\\\\3&5\\end{array}\\right]')).toBe(
      true,
    );
    expect(accepted(matrix, '\\begin{pmatrix}1&2\\\\3&4\\end{pmatrix}+1')).toBe(false);
    expect(
      accepted(
        '$\\begin{bmatrix}1&2\\\\3&4\\end{bmatrix}$',
        '\\begin{pmatrix}1&2\\\\3&4\\end{pmatrix}',
      ),
    ).toBe(true);
  });

  it('accepts a line as y = mx + c for ax + by + c = 0, and the other way round', () => {
    expect(accepted('$2x + 3y - 6 = 0$', 'y = -\\frac{2}{3}x + 2')).toBe(true);
    expect(accepted('$y = -\\frac{2}{3}x + 2$', '2x+3y-6=0')).toBe(true);
    expect(accepted('$2x+4y-3=0$', 'y=-\\frac{1}{2}x+\\frac{3}{4}')).toBe(true);
    expect(refusedAsWrong('$2x + 3y - 6 = 0$', 'y = -\\frac{2}{3}x + 3')).toBe(true);
    expect(refusedAsWrong('$2x + 3y - 6 = 0$', 'y = \\frac{2}{3}x + 2')).toBe(true);
  });

  it('accepts a tuple of variables given values as the tuple or the values one by one', () => {
    expect(accepted('$(p,q)=(3,2)$', '(3,2)')).toBe(true);
    expect(accepted('$(p,q)=(3,2)$', 'p=3, q=2')).toBe(true);
    expect(accepted('$(p,q)=(3,2)$', 'q=2, p=3')).toBe(true);
    expect(refusedAsWrong('$(p,q)=(3,2)$', '(2,3)')).toBe(true);
    expect(refusedAsWrong('$(p,q)=(3,2)$', 'p=2, q=3')).toBe(true);
    // Two solutions, each named (x, y): the pairs in any order.
    const two = '$(x, y) = (1, 1)$ and $(x, y) = (2, 3)$';
    expect(accepted(two, '(2, 3), (1, 1)')).toBe(true);
    expect(accepted(two, '(x,y)=(1,1), (x,y)=(2,3)')).toBe(true);
    expect(refusedAsWrong(two, '(1, 1), (3, 2)')).toBe(true);
    expect(refusedAsWrong(two, '(1, 1)')).toBe(true);
  });

  it('accepts a named ratio as the ratio, in its order', () => {
    expect(accepted('$V_1:V_2=11:21$', '11:21')).toBe(true);
    expect(accepted('$V_{1}:V_{2}=11:21$', '11 : 21')).toBe(true);
    expect(refusedAsWrong('$V_1:V_2=11:21$', '21:11')).toBe(true);
  });

  it('accepts a named length as its value', () => {
    expect(accepted('$|AB|=1$', '1')).toBe(true);
    expect(refusedAsWrong('$|AB|=1$', '2')).toBe(true);
    // |x| = 3 is an equation in x (x = ±3), not a quantity named |x|.
    expect(refusedAsWrong('$|x|=3$', '3')).toBe(true);
  });

  it('reads a double inequality as an interval, and the other way round', () => {
    const solve = 'Solve $x^2 - 5x - 14 \\le 0$.';
    expect(accepted('$-2 \\le x \\le 7$', 'x \\in [-2,7]')).toBe(true);
    expect(accepted('$-2 \\le x \\le 7$', '[-2,7]')).toBe(true);
    expect(accepted('$x \\in [-2,7]$', '-2\\le x\\le 7')).toBe(true);
    expect(accepted('$[-2,7]$', '-2\\le x\\le 7', solve)).toBe(true);
    expect(accepted('$-2 < x \\le 7$', '(-2,7]')).toBe(true);
    expect(accepted('$7 \\ge x \\ge -2$', '[-2,7]')).toBe(true);
    expect(refusedAsWrong('$-2 \\le x \\le 7$', '[-2,7)')).toBe(true);
    // Every spelling of the signs, `\leqslant` as `\le`; a wrong end or sign is still wrong.
    expect(accepted('$1 < x \\le 5$', '1 < x \\leqslant 5')).toBe(true);
    expect(accepted('$1 < x \\leqslant 5$', '1 < x \\le 5')).toBe(true);
    expect(refusedAsWrong('$1 < x \\le 5$', '1 < x \\leqslant 6')).toBe(true);
    expect(refusedAsWrong('$1 < x \\le 5$', '1 \\le x \\leqslant 5')).toBe(true);
    expect(refusedAsWrong('$-2 \\le x \\le 7$', '(-2,7)')).toBe(true);
  });

  it('accepts numbered roots as a solution set, in any order', () => {
    expect(accepted('$x_1=2, x_2=3$', '2, 3')).toBe(true);
    expect(accepted('$x_1=2, x_2=3$', '3, 2')).toBe(true);
    expect(accepted('$x_1=2, x_2=3$', 'x=3, x=2')).toBe(true);
    expect(refusedAsWrong('$x_1=2, x_2=3$', '2, 4')).toBe(true);
    expect(refusedAsWrong('$x_1=2, x_2=3$', '2')).toBe(true);
    // A sequence's terms keep their order: a_1 and a_2 are not roots.
    expect(accepted('$a_1=2, a_2=3$', '3, 2')).toBe(false);
    // Named roots of an equation in x, in the question: still roots.
    const roots = 'Find the roots $x_1$ and $x_2$ of $x^2 - 5x + 6 = 0$.';
    expect(accepted('$x_1=2, x_2=3$', '3, 2', roots)).toBe(true);
  });

  it('holds numbered unknowns of a system, named so in the question, to their names', () => {
    const system = 'Solve $x_1 + x_2 = 5$, $x_{1} - x_{2} = -1$.';
    const stored = '$x_1=2, x_2=3$';
    expect(accepted(stored, 'x_1=2, x_2=3', system)).toBe(true);
    expect(accepted(stored, 'x_2=3, x_1=2', system)).toBe(true);
    expect(accepted(stored, 'x_1=3, x_2=2', system)).toBe(false);
    expect(accepted(stored, '3, 2', system)).toBe(false);
    expect(accepted(stored, '2, 3', system)).toBe(false);
  });

  it('accepts any letter for a constant of integration where the stored answer adds + C', () => {
    const stored = '$\\frac{x^2}{2} + C$';
    expect(accepted(stored, '\\frac{x^2}{2}+K')).toBe(true);
    expect(accepted(stored, '\\frac{x^2}{2}+A')).toBe(true);
    expect(accepted(stored, '\\frac{x^2}{2}+c')).toBe(true);
    expect(accepted(stored, 'C+\\frac{x^2}{2}')).toBe(true);
    expect(refusedAsWrong(stored, '\\frac{x^2}{2}')).toBe(true);
    expect(refusedAsWrong(stored, '\\frac{x^2}{2}+Kx')).toBe(true);
    expect(refusedAsWrong(stored, '\\frac{x^3}{2}+K')).toBe(true);
    // No constant stored: another letter is another expression.
    expect(refusedAsWrong('$x^2 + a$', 'x^2 + b')).toBe(true);
  });
});

describe('answer checker: equivalence of equations, inequalities and values', () => {
  it('compares an equation as an equation when both sides have variables', () => {
    expect(accepted('$y = 1 - x$', 'x + y = 1')).toBe(true);
    expect(accepted('$x + y = 1$', 'y = 1 - x')).toBe(true);
    expect(accepted('$x = y$', 'y = x')).toBe(true);
    expect(accepted('$34x+45y-20z+100=0$', '-34x-45y+20z-100=0')).toBe(true);
    expect(refusedAsWrong('$y = 1 - x$', 'y = 1 + x')).toBe(true);
    expect(refusedAsWrong('$x = y$', 'x = 2y')).toBe(true);
  });

  it('refuses an identity for a variable given a value', () => {
    expect(refusedAsWrong('$x = 1$', '1 = 1')).toBe(true);
    expect(accepted('$x = 1$', 'x = 1')).toBe(true);
    // Working written out stays accepted: equal numbers in turn are the last one.
    expect(accepted('$\\frac{1}{2}$', '\\frac{2}{4} = \\frac{1}{2}')).toBe(true);
  });

  it('compares inequalities as relations', () => {
    expect(accepted('$x > 1$', '2 < 2x')).toBe(true);
    expect(accepted('$x > 1$', '1 < x')).toBe(true);
    expect(accepted('$x < 1$', '-x > -1')).toBe(true);
    expect(accepted('$x \\le 5$', '5 \\ge x')).toBe(true);
    expect(accepted('$x \\ne 1$', '1 \\ne x')).toBe(true);
    expect(refusedAsWrong('$x > 1$', 'x < 1')).toBe(true);
    expect(refusedAsWrong('$x > 1$', '-2 < -2x')).toBe(true);
    expect(refusedAsWrong('$x > 1$', 'x \\ge 1')).toBe(true);
    expect(refusedAsWrong('$x > 1$', 'x > 2')).toBe(true);
  });

  it('compares tiny numbers relatively', () => {
    expect(refusedAsWrong('$10^{-33}$', '1.06\\times10^{-33}')).toBe(true);
    expect(accepted('$10^{-33}$', '1\\times10^{-33}')).toBe(true);
    expect(accepted('$1.06 \\times 10^{-33}$', '1.06\\cdot 10^{-33}')).toBe(true);
    expect(refusedAsWrong('$2 \\times 10^{-40}$', '3\\times10^{-40}')).toBe(true);
  });

  it('samples negative values where the domain allows', () => {
    expect(refusedAsWrong('$\\sqrt{x^2}$', 'x')).toBe(true);
    expect(accepted('$\\sqrt{x^2}$', '|x|')).toBe(true);
    expect(refusedAsWrong('$|x|$', 'x')).toBe(true);
    expect(accepted('$x$', '(\\sqrt{x})^2')).toBe(true);
    expect(accepted('$\\sqrt{x}\\sqrt{y}$', '\\sqrt{xy}')).toBe(true);
    expect(accepted('$2\\ln x$', '\\ln(x^2)')).toBe(true);
  });

  it('accepts √−1 for i, without a sign hint', () => {
    const outcome = check('$i$', '\\sqrt{-1}');
    expect(outcome).toMatchObject({ kind: 'verdict', verdict: { correct: true } });
    expect(check('$-i$', '\\sqrt{-1}')).toMatchObject({
      kind: 'verdict',
      verdict: { correct: false, feedback: FEEDBACK_SIGN },
    });
  });

  it('compares factorials of a variable by value at whole numbers', () => {
    expect(accepted('$(n+1)!$', '(n+1)n!')).toBe(true);
    expect(accepted('$\\frac{(n+1)!}{n!}$', 'n+1')).toBe(true);
    expect(refusedAsWrong('$(n+1)!$', 'n!')).toBe(true);
    expect(refusedAsWrong('$(n+1)!$', 'n \\cdot n!')).toBe(true);
  });

  it('accepts a set with a repeated element as the set', () => {
    expect(accepted('$\\{1,2\\}$', '\\{1,1,2\\}')).toBe(true);
    expect(accepted('$\\{1,2\\}$', '\\{2,1,\\frac{2}{2}\\}')).toBe(true);
    expect(refusedAsWrong('$\\{1,2\\}$', '\\{1,1,3\\}')).toBe(true);
    expect(refusedAsWrong('$\\{1,2\\}$', '\\{1,2,3\\}')).toBe(true);
  });
});

describe('answer checker: messages in plain words', () => {
  it.each([
    '\\operatorname{foo}(x',
    '\\foo',
    '\\textcolor{red}{1}',
    '\\lbrace 1\\rbrace',
    '\\cancel{x}',
    '\\int x\\,dx',
    '\\mathbb{R}',
    '\\begin{cases}x\\end{cases}',
    '\\begin{array}{cc}1&2\\end{array}',
    '\\frac{}{2}',
    '\\sqrt{}',
    'x^',
    '\\text{hello}',
    '\\binom{5}{2}',
    'a<b<c<d',
    '\\\\',
    '\\overline{AB}',
    '\\operatorname{\\mathrm{xyz}}',
  ])('says what is wrong with %s without TeX', (given) => {
    const outcome = check('$3$', given);
    const message = outcome.kind === 'refused' ? outcome.message : (outcome.verdict.feedback ?? '');
    expect(message).not.toMatch(/\\|operatorname|command|latex|textcolor|lbrace|mathbb/i);
  });
});

describe('answer checker: right answers typed as the maths field writes them', () => {
  it('reads a unit the maths field writes with its space inside (`\\mathrm{~m}`)', () => {
    expect(accepted('$12$ m', '12\\mathrm{~m}')).toBe(true);
    expect(accepted('$12$ m', '12\\operatorname{m}')).toBe(true);
    expect(
      accepted('At $t = 2$ s, at a height of $21.6$ m', '2\\mathrm{~s},21.6\\mathrm{~m}'),
    ).toBe(true);
    expect(refusedAsWrong('$12$ m', '12\\mathrm{~kg}')).toBe(true);
    expect(refusedAsWrong('$12$ m', '13\\mathrm{~m}')).toBe(true);
  });

  it('reads a unit after a number times π', () => {
    const stored = '$W = 490\\,000\\pi \\text{ J} \\approx 1.54 \\times 10^6 \\text{ J}$';
    expect(accepted(stored, '490000\\pi J')).toBe(true);
    expect(accepted(stored, '490000\\pi\\mathrm{~J}')).toBe(true);
    expect(refusedAsWrong(stored, '490000\\pi kg')).toBe(true);
    expect(refusedAsWrong(stored, '49000\\pi J')).toBe(true);
  });
});

describe('answer checker: "and" typed as text between parts', () => {
  const tickets = '$22$ adult tickets and $18$ child tickets';
  it.each([
    [tickets, '22\\text{ and }18'],
    [tickets, '22\\text{ adults and }18\\text{ children}'],
    ['$a^2 + b^2 + c^2 = -2$ and $a^3 + b^3 + c^3 = 5$', '-2\\text{ and }5'],
    ['$\\gcd(252, 198) = 18$ and $\\operatorname{lcm}(252, 198) = 2772$', '18\\text{ and }2772'],
    ['$8$ pens and $4$ notebooks', '8\\text{ pens and }4\\text{ notebooks}'],
    ['$8$ pens and $4$ notebooks', '8\\text{ and }4'],
  ])('joins the parts of %s in %s', (e, g) => expect(accepted(e, g)).toBe(true));
  it('still refuses wrong parts, and parts in another order than asked', () => {
    expect(refusedAsWrong(tickets, '22\\text{ and }19')).toBe(true);
    expect(refusedAsWrong(tickets, '18\\text{ adults and }22\\text{ children}')).toBe(true);
    expect(refusedAsWrong('$8$ pens and $4$ notebooks', '8\\text{ pens }4')).toBe(true);
  });
});

describe("answer checker: a function's bare argument ends at a product sign", () => {
  const stored = '$\\dfrac{\\pi \\ln 2}{8} \\approx 0.2722$';
  it('reads \\ln2\\cdot\\pi as (ln 2)·π', () => {
    expect(accepted(stored, '\\frac{\\ln2\\cdot\\pi}{8}')).toBe(true);
    expect(accepted(stored, '\\frac{\\ln2\\times\\pi}{8}')).toBe(true);
    expect(accepted('$\\sin(x)\\cos(x)$', '\\sin x\\cdot\\cos x')).toBe(true);
    expect(refusedAsWrong(stored, '\\frac{\\ln3\\cdot\\pi}{8}')).toBe(true);
    expect(refusedAsWrong(stored, '\\frac{\\ln(2\\pi)}{8}')).toBe(true);
    // A degree sign's product is still the angle's: sin 60° = √3/2.
    expect(accepted('$\\frac{\\sqrt3}{2}$', '\\sin 60^\\circ')).toBe(true);
  });
});

describe('answer checker: a per cent is a hundredth, an angle without a unit is in radians', () => {
  it('accepts a per cent for a proportion and a proportion for a per cent', () => {
    expect(accepted('$\\frac{1}{4}$', '25\\%')).toBe(true);
    expect(accepted('(B) $68\\%$', '0.68')).toBe(true);
    expect(accepted('$\\frac{19}{118} \\approx 0.161$, only about $16\\%$', '16.1\\%')).toBe(true);
    // The number of per cent without its sign is still right (a unit left out).
    expect(accepted('$68\\%$', '68')).toBe(true);
    expect(refusedAsWrong('$\\frac{1}{4}$', '26\\%')).toBe(true);
    expect(refusedAsWrong('$\\frac{1}{4}$', '0.25\\%')).toBe(true);
    expect(refusedAsWrong('$68\\%$', '0.67')).toBe(true);
  });

  it('accepts an angle in radians for one in degrees, unless the question names the unit', () => {
    const question =
      'A triangle has sides of lengths $5$, $7$ and $8$. Find the angle opposite $7$.';
    expect(accepted('$60^\\circ$', '\\frac{\\pi}{3}', question)).toBe(true);
    expect(accepted('$\\frac{\\pi}{3}$', '60^\\circ', question)).toBe(true);
    expect(refusedAsWrong('$60^\\circ$', '\\frac{\\pi}{4}', question)).toBe(true);
    expect(refusedAsWrong('$60^\\circ$', '\\frac{\\pi}{6}', question)).toBe(true);
    const convert = 'Convert $225^\\circ$ to radians.';
    expect(refusedAsWrong('$\\frac{5\\pi}{4}$', '225^\\circ', convert)).toBe(true);
    expect(refusedAsWrong('$60^\\circ$', '\\frac{\\pi}{3}', 'Give the angle in degrees.')).toBe(
      true,
    );
  });
});

describe('answer checker: a time of day, and a choice answered with its word', () => {
  const bus = 'At 8:36 a.m., $36$ minutes later';
  it('reads h:mm as a time of day where the stored words write one', () => {
    expect(accepted(bus, '8:36')).toBe(true);
    expect(accepted(bus, '8:36\\text{ a.m.}')).toBe(true);
    expect(accepted(bus, '36')).toBe(true);
    expect(refusedAsWrong(bus, '8:48')).toBe(true);
    expect(refusedAsWrong(bus, '8:36\\text{ p.m.}')).toBe(true);
    // In maths it is still a ratio.
    expect(refusedAsWrong('$3:4$', '4:3')).toBe(true);
  });

  it("accepts the chosen option's word, in any case", () => {
    const question = 'What day will it be?\n\n(A) Monday\n(B) Wednesday\n(C) Thursday';
    expect(accepted('(C) Thursday', '\\text{Thursday}', question)).toBe(true);
    expect(accepted('(C) Thursday', '\\text{thursday}', question)).toBe(true);
    expect(accepted('(C) Thursday', 'C', question)).toBe(true);
    expect(refusedAsWrong('(C) Thursday', '\\text{Wednesday}', question)).toBe(true);
  });
});

describe('answer checker: a per cent typed for a stored number of per cent', () => {
  it('accepts 25% for a stored 25 where the question asks for a per cent', () => {
    const question = 'What percentage of the students passed?';
    expect(accepted('$25$', '25\\%', question)).toBe(true);
    expect(accepted('$25$', '25', question)).toBe(true);
    expect(refusedAsWrong('$25$', '26\\%', question)).toBe(true);
    // Without a per cent in the question, 25% is a quarter.
    expect(refusedAsWrong('$25$', '25\\%', 'How many students passed?')).toBe(true);
  });
});
