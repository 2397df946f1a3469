import { describe, expect, it } from 'vitest';
import { ANSWER_MAX_LENGTH } from '@exemplar/shared/attempts';
import {
  checkAnswer,
  FEEDBACK_NOT_SIMPLIFIED,
  FEEDBACK_SIGN,
  FEEDBACK_UNITS,
} from './check-answer';
import { FEEDBACK_ORDER } from './feedback';
import { FEEDBACK_UNCHECKABLE, MAX_ANSWER_CHARS } from './guards';

const SOLVE_X = 'Solve for $x$: $3x - 4 = 50$.';

/** The checker's outcome for a learner's answer to a stored one. */
const check = (expected: string, given: string, question = SOLVE_X) =>
  checkAnswer({ question, expected, given });
const verdictOf = (expected: string, given: string, question?: string) => {
  const outcome = check(expected, given, question);
  if (outcome.kind !== 'verdict') throw new Error(`refused: ${outcome.message}`);
  return outcome.verdict;
};
const accepted = (expected: string, given: string, question?: string) =>
  verdictOf(expected, given, question).correct;
const refusal = (given: string, expected = '$3$') => {
  const outcome = check(expected, given);
  return outcome.kind === 'refused' ? outcome.message : undefined;
};

describe('answer checker: equivalence', () => {
  it.each([
    ['$18$', '18'],
    ['$18$', '$18$'],
    ['$18$', '\\(18\\)'],
    ['$-14$', '-14'],
    ['$\\boxed{3}$', '3'],
  ])('accepts an integer written alike: %s vs %s', (e, g) => expect(accepted(e, g)).toBe(true));

  it('refuses a different integer', () => {
    expect(accepted('$18$', '19')).toBe(false);
    expect(accepted('$18$', '1.8')).toBe(false);
  });

  it.each([
    ['$\\frac{1}{2}$', '0.5'],
    ['$\\frac{1}{2}$', '\\dfrac{1}{2}'],
    ['$\\frac{1}{2}$', '1/2'],
    ['$-\\frac13$', '\\frac{-1}{3}'],
    ['$8.75$', '\\frac{35}{4}'],
    ['$0.5$', '\\frac{1}{2}'],
  ])('accepts a fraction and its decimal or other notation: %s vs %s', (e, g) =>
    expect(accepted(e, g)).toBe(true),
  );

  it('refuses a decimal that only approximates a fraction', () => {
    expect(accepted('$\\frac{1}{3}$', '0.333')).toBe(false);
    expect(accepted('$\\pi$', '3.14159')).toBe(false);
  });

  it.each([
    ['$2\\sqrt{3}$', '\\sqrt{3} \\cdot 2'],
    ['$2\\sqrt{3}$', '2\\sqrt3'],
    ['$\\sqrt[3]{2}$', '2^{1/3}'],
    ['$16\\pi$', '\\pi \\times 16'],
    ['$400 - 100\\pi$', '-100\\pi + 400'],
    ['$-4-6i$', '-6i - 4'],
  ])('accepts radicals, pi and complex numbers in another order or notation: %s vs %s', (e, g) =>
    expect(accepted(e, g)).toBe(true),
  );

  it('accepts an expression in a variable rewritten, refuses a different one', () => {
    expect(accepted('$x^3 - 6x^2 + 64$', '64 - 6x^2 + x^3')).toBe(true);
    expect(accepted('$(x+1)^2$', 'x^2 + 2x + 1')).toBe(true);
    expect(
      accepted('$\\left(\\frac{x}{2} - \\frac{1}{4}\\right)e^{2x}$', '\\frac{(2x-1)e^{2x}}{4}'),
    ).toBe(true);
    expect(accepted('$x^3 - 6x^2 + 64$', '64 - 6x^2 + x^2')).toBe(false);
    expect(accepted('$x^2$', 'y^2')).toBe(false);
  });

  it('accepts `x = 3` for a stored `3` when the question asks for x, and `3` for a stored `x = 3`', () => {
    expect(accepted('$3$', 'x = 3')).toBe(true);
    expect(accepted('$x = 18$', '18')).toBe(true);
    expect(accepted('$x = 18$', 'x=18')).toBe(true);
    expect(accepted('$3$', 'y = 3')).toBe(false); // the question has no y
    expect(accepted('$x = 18$', 'y = 18', 'Solve for $x$ and $y$.')).toBe(false);
  });

  it('compares equations that are not a variable = value by the difference of their sides', () => {
    expect(accepted('$x^2 + y^2 = 4$', '2x^2 + 2y^2 - 8 = 0')).toBe(true);
    expect(accepted('$x^2 + y^2 = 4$', 'x^2 + y^2 = 5')).toBe(false);
  });

  it('keeps the order of a tuple', () => {
    expect(accepted('$(1,2)$', '\\left(1, 2\\right)')).toBe(true);
    expect(accepted('$(1,2)$', '(2,1)')).toBe(false);
    expect(
      accepted('$\\left( \\frac{\\pi}{12}, \\frac{5 \\pi}{12} \\right)$', '(\\pi/12, 5\\pi/12)'),
    ).toBe(true);
  });

  it('keeps the bracket types of an interval', () => {
    expect(accepted('$[-1, 3)$', '[-1,3)')).toBe(true);
    expect(accepted('$[-1, 3)$', '(-1,3)')).toBe(false);
    expect(accepted('$[-1, 3)$', '[-1,3]')).toBe(false);
    expect(accepted('$(-\\infty,-3) \\cup [0,\\infty)$', '[0,\\infty) \\cup (-\\infty,-3)')).toBe(
      true,
    );
    expect(accepted('$(-\\infty,-3) \\cup [0,\\infty)$', '(-\\infty,-3] \\cup [0,\\infty)')).toBe(
      false,
    );
  });

  it('accepts a set of solutions in any order and any of its notations', () => {
    for (const given of [
      '-3, 2',
      '2, -3',
      'x=-3 \\text{ or } x=2',
      'x = 2 or x = -3',
      '\\{-3, 2\\}',
    ]) {
      expect(accepted('$x=2$ or $x=-3$', given), given).toBe(true);
    }
    expect(accepted('$\\{1, 2\\}$', '2,1')).toBe(true);
    expect(accepted('$x=2$ or $x=-3$', '2')).toBe(false);
    expect(accepted('$x=2$ or $x=-3$', '2, 3')).toBe(false);
    expect(
      accepted(
        '$x = \\frac{2 \\pm \\sqrt{10}}{2}$',
        '1 - \\frac{\\sqrt{10}}{2}, 1 + \\frac{\\sqrt{10}}{2}',
      ),
    ).toBe(true);
  });

  it('takes a system by its variables, or as a tuple in the stored order; bare values in any order are not accepted', () => {
    expect(accepted('$x = 4,\\ y = 2$', 'y = 2, x = 4')).toBe(true);
    expect(accepted('$x = 4,\\ y = 2$', '(4, 2)')).toBe(true);
    expect(accepted('$x = 4,\\ y = 2$', '(2, 4)')).toBe(false);
    expect(accepted('$x = 4,\\ y = 2$', '4, 2')).toBe(false);
  });

  it('compares inequalities by their relation and sides, either way round', () => {
    expect(accepted('$k < -2$ or $k > 6$', '6 < k \\text{ or } k < -2')).toBe(true);
    expect(accepted('$k < -2$ or $k > 6$', 'k \\le -2, k > 6')).toBe(false);
  });

  it('compares matrices entry by entry', () => {
    const m = '$\\begin{pmatrix} \\frac{3}{5} & \\frac{1}{5} \\\\ 1 & 0 \\end{pmatrix}$';
    expect(accepted(m, '\\begin{pmatrix} 0.6 & 0.2 \\\\ 1 & 0 \\end{pmatrix}')).toBe(true);
    expect(accepted(m, '\\begin{pmatrix} 0.2 & 0.6 \\\\ 1 & 0 \\end{pmatrix}')).toBe(false);
  });

  it('accepts an answer with its unit left out: dollars, per cent, degrees and words', () => {
    expect(accepted('$\\$ 5$', '5')).toBe(true);
    expect(accepted('$\\$2.75$', '\\$2.75')).toBe(true);
    expect(accepted('$5 \\text{ cm}$', '5')).toBe(true);
    expect(accepted('$5 \\text{ cm}$', '5\\text{ cm}')).toBe(true);
    expect(accepted('$7$ months', '7')).toBe(true);
    expect(accepted('$30^\\circ$', '30')).toBe(true);
    expect(accepted('$70^\\circ$', '70^{\\circ}')).toBe(true);
    expect(accepted('$25\\%$', '25')).toBe(true);
    expect(accepted('$30^\\circ$', '31')).toBe(false);
    expect(accepted('$12\\,\\mathrm{m}$', '12')).toBe(true);
    expect(accepted('$\\mathrm{e}^2$', 'e^2')).toBe(true);
  });

  it('reads thousands separators written for TeX', () => {
    expect(accepted('$10,\\!000$', '10000')).toBe(true);
    expect(accepted('$10{,}000$', '10,000')).toBe(true);
  });

  it('tells apart large integers that doubles would round together', () => {
    expect(accepted('$12345678901234567890$', '12345678901234567890')).toBe(true);
    expect(accepted('$12345678901234567890$', '12345678901234567891')).toBe(false);
  });

  it('reads TeX shorthand arguments: \\frac13, \\frac 3{16}, \\frac{1}2, \\sqrt2', () => {
    expect(accepted('$\\frac13$', '\\frac{1}{3}')).toBe(true);
    expect(accepted('$\\frac 3{16}$', '0.1875')).toBe(true);
    expect(accepted('$-\\frac{1}2$', '-0.5')).toBe(true);
    expect(accepted('$7\\sqrt2$', '\\sqrt{98}')).toBe(true);
    expect(accepted('$\\frac13$', '\\frac{1}{4}')).toBe(false);
  });

  it('reads a whole number right before a fraction as a mixed number', () => {
    expect(accepted('$2\\frac{1}{2}$', '2.5')).toBe(true);
    expect(accepted('$2\\frac{1}{2}$', '\\frac{5}{2}')).toBe(true);
    expect(accepted('$2\\frac{1}{2}$', '1')).toBe(false);
    expect(accepted('$x^2\\frac{1}{2}$', '\\frac{x^2}{2}')).toBe(true); // after an exponent: a product
  });

  it('keeps the terms of a ratio in order', () => {
    expect(accepted('$1:4$', '1 : 4')).toBe(true);
    expect(accepted('$1:4$', '4:1')).toBe(false);
  });

  it('reads maths segments separated by words as the parts of a list, never as a product', () => {
    const stored = '$22$ adult tickets and $18$ child tickets';
    expect(accepted(stored, '22, 18')).toBe(true);
    expect(accepted(stored, '396')).toBe(false);
  });

  it('reads bold maths as maths and a list written with words', () => {
    expect(accepted('$\\mathbf{2340}$', '2340')).toBe(true);
    expect(accepted('$2, 3, \\text{ and } 4$', '4, 3, 2')).toBe(true);
  });

  it('tells apart tiny values that differ (no absolute tolerance except against an exact 0)', () => {
    expect(accepted('$\\frac{1}{2^{98}}$', '\\frac{2}{2^{98}}')).toBe(false);
    expect(accepted('$0$', '\\sin(\\pi)')).toBe(true);
  });

  it('reads pi and sqrt typed without backslashes', () => {
    expect(accepted('$2\\pi$', '2pi')).toBe(true);
    expect(accepted('$\\sqrt{2}$', 'sqrt(2)')).toBe(true);
    expect(accepted('$\\sqrt{2}$', 'sqrt(3)')).toBe(false);
  });

  it('reads degrees as an angle inside a trigonometric answer, as a unit elsewhere', () => {
    expect(accepted('$\\frac{\\sqrt{3}}{2}$', '\\sin 60^\\circ')).toBe(true);
    expect(accepted('$\\frac{\\sqrt{3}}{2}$', '\\sin 60')).toBe(false);
    expect(accepted('$60^\\circ$', '60')).toBe(true);
  });

  it('reads a choice label as its letter', () => {
    expect(accepted('$\\text{(A)}$', 'A')).toBe(true);
    expect(accepted('$\\text{(A)}$', 'B')).toBe(false);
    expect(accepted('$\\text{C}$', '\\text{(C)}')).toBe(true);
  });
});

describe('answer checker: approximations', () => {
  it('accepts the exact value of `A \\approx B`, and B as written, but not another rounding', () => {
    const stored = '$\\dfrac{\\pi \\ln 2}{8} \\approx 0.2722$';
    expect(accepted(stored, '\\frac{\\pi\\ln2}{8}')).toBe(true);
    expect(accepted(stored, '0.2722')).toBe(true);
    expect(accepted(stored, '\\frac{\\pi\\ln2}{8}\\approx0.2722')).toBe(true);
    expect(accepted(stored, '0.27')).toBe(false);
    expect(accepted(stored, '0.2723')).toBe(false);
    // Without an approximation in the stored answer, a decimal is still not the exact answer.
    expect(accepted('$\\frac{1}{3}$', '0.333')).toBe(false);
  });

  it('takes a solution written again as an approximation as one solution, not two', () => {
    const stored =
      '$x = \\dfrac{2 \\pm \\sqrt{10}}{2}$, that is, $x \\approx 2.581$ or $x \\approx -0.581$';
    expect(accepted(stored, 'x=\\frac{2\\pm\\sqrt{10}}{2}')).toBe(true);
    expect(accepted(stored, '1-\\frac{\\sqrt{10}}{2}, 1+\\frac{\\sqrt{10}}{2}')).toBe(true);
    expect(accepted(stored, '2.581, -0.581')).toBe(true);
    expect(accepted(stored, '2.58, -0.58')).toBe(false);
    expect(accepted(stored, 'x=\\frac{2+\\sqrt{10}}{2}')).toBe(false); // one of the two
    // An approximation of nothing else in the answer stays a part of its own.
    expect(accepted('$x = 2$ and $y \\approx 0.5$', 'x = 2, y = 0.5')).toBe(true);
  });

  it('reads an approximation with a power of ten and a unit, converted like any other unit', () => {
    const stored = '$W = 490\\,000\\pi \\text{ J} \\approx 1.54 \\times 10^6 \\text{ J}$';
    expect(accepted(stored, '490000\\pi')).toBe(true);
    expect(accepted(stored, '1.54\\times10^6')).toBe(true);
    expect(accepted(stored, '1540\\text{ kJ}')).toBe(true);
    expect(accepted(stored, '1.55\\times10^6')).toBe(false);
  });

  it('reads \\gcd and lcm, and a gcd written equal to its value as that value', () => {
    const stored = '$\\gcd(252, 198) = 18$ and $\\operatorname{lcm}(252, 198) = 2772$';
    expect(accepted(stored, '18, 2772')).toBe(true);
    // Labelled parts: in the stored order (see the answer spec tests).
    expect(verdictOf(stored, '2772, 18')).toEqual({ correct: false, feedback: FEEDBACK_ORDER });
    expect(accepted(stored, '18, 2770')).toBe(false);
    expect(accepted('$18$', '\\gcd(252, 198)')).toBe(true);
  });

  it('reads equal numbers written in turn as the last one: 3744/2598960 = 6/4165', () => {
    const stored = '$\\frac{3744}{2\\,598\\,960} = \\frac{6}{4165} \\approx 0.00144$';
    expect(accepted(stored, '\\frac{6}{4165}')).toBe(true);
    expect(accepted(stored, '0.00144')).toBe(true);
    expect(verdictOf(stored, '\\frac{3744}{2598960}')).toEqual({
      correct: true,
      feedback: FEEDBACK_NOT_SIMPLIFIED,
    });
    // Numbers that are not equal are an equation, which a number does not answer.
    expect(accepted('$1 = 2$', '2')).toBe(false);
  });
});

describe('answer checker: stored answers a learner could never type', () => {
  const proof =
    'If $p_1, \\ldots, p_n$ were all the primes, then $p_1 p_2 \\cdots p_n + 1$ would have a prime factor outside the list.';
  const uncheckable = { correct: false, checkable: false, feedback: FEEDBACK_UNCHECKABLE };

  it('are not checked: whatever the learner types, even what the checker would refuse', () => {
    expect(verdictOf(proof, '2')).toEqual(uncheckable);
    expect(verdictOf(proof, 'p_1 p_2 \\cdots p_n + 1')).toEqual(uncheckable);
    expect(verdictOf('$\\angle ABC = 90^\\circ$', '90')).toEqual(uncheckable);
    expect(verdictOf('$\\binom{5}{2}$', '10')).toEqual(uncheckable);
    // A blank answer is still asked for first.
    expect(refusal('  ', proof)).toBe('Type your answer before checking it.');
  });

  it('does not take in stored answers the parser alone cannot read: those are compared as text', () => {
    expect(verdictOf('$\\text{Tuesday}$', '\\text{Tuesday}')).toEqual({ correct: true });
    expect(verdictOf('$3120_4$', '3120_4')).toEqual({ correct: true });
    expect(verdictOf('$3120_4$', '3121_4')).toEqual({ correct: false });
  });
});

describe('answer checker: units', () => {
  it('reads a unit with its power as a unit, never as a power of the number', () => {
    // Before units were read, `44\text{ m}^2` was 44² = 1936: the right answer 44 was refused.
    expect(accepted('$44\\text{ m}^2$', '44')).toBe(true);
    expect(accepted('$44\\text{ m}^2$', '1936')).toBe(false);
    expect(accepted('$2400 \\mbox{ cm}^2$', '2400')).toBe(true);
    expect(accepted('$128\\text{ cm}^{3}$', '128')).toBe(true);
    expect(accepted('$6\\mathrm{m}^2$', '6\\mathrm{m}^2')).toBe(true);
    // A word the units table does not know takes its power with it too.
    expect(accepted('$9 \\text{ sq units}^2$', '9')).toBe(true);
  });

  it('says "Check the units." for the right number in a unit of another size or quantity', () => {
    const units = { correct: false, feedback: FEEDBACK_UNITS };
    expect(verdictOf('$5 \\text{ cm}$', '5 \\text{ m}')).toEqual(units);
    expect(verdictOf('$44\\text{ m}^2$', '44\\text{ m}')).toEqual(units);
    expect(verdictOf('$44\\text{ m}^2$', '44\\text{ kg}')).toEqual(units);
    expect(verdictOf('$3 \\text{ hours}$', '3\\text{ min}')).toEqual(units);
    // A wrong number in another unit is simply wrong.
    expect(verdictOf('$5 \\text{ cm}$', '6 \\text{ m}')).toEqual({ correct: false });
  });

  it('accepts the same quantity in another unit, converted', () => {
    expect(accepted('$5 \\text{ m}$', '500 \\text{ cm}')).toBe(true);
    expect(accepted('$5 \\text{ m}$', '0.005 \\text{ km}')).toBe(true);
    expect(accepted('$44\\text{ m}^2$', '440000\\text{ cm}^2')).toBe(true);
    expect(accepted('$2 \\text{ hours}$', '120 \\text{ minutes}')).toBe(true);
    expect(accepted('$1 \\text{ ft}$', '12 \\text{ inches}')).toBe(true);
    expect(accepted('$3 \\text{ square feet}$', '432\\text{ in}^2')).toBe(true);
    expect(accepted('$1 \\text{ L}$', '1000\\text{ mL}')).toBe(true);
    expect(accepted('$1000 \\text{ cm}^3$', '1 \\text{ litre}')).toBe(true);
    expect(accepted('$60^\\circ$', '\\frac{\\pi}{3} \\text{ radians}')).toBe(true);
    expect(accepted('$\\$2.50$', '250 \\text{ cents}')).toBe(true);
    expect(accepted('$2 \\text{ years}$', '24 \\text{ months}')).toBe(true);
    // Spelled as words, in either case, singular or plural.
    expect(accepted('$7 \\text{ Metres}$', '7\\text{ m}')).toBe(true);
  });

  it('reads a unit typed without \\text after a number when the stored answer has a unit', () => {
    expect(accepted('$44\\text{ m}^2$', '44m^2')).toBe(true);
    expect(accepted('$44\\text{ m}^2$', '44 m^{2}')).toBe(true);
    expect(accepted('$5 \\text{ m}$', '500cm')).toBe(true);
    expect(accepted('$5 \\text{ m}$', '500 cm')).toBe(true);
    expect(verdictOf('$5 \\text{ m}$', '5 kg')).toEqual({
      correct: false,
      feedback: FEEDBACK_UNITS,
    });
    expect(verdictOf('$5 \\text{ cm}$', '5m')).toEqual({
      correct: false,
      feedback: FEEDBACK_UNITS,
    });
    expect(accepted('$x = 5 \\text{ cm}$', 'x = 5 cm')).toBe(true);
    // Without a unit in the stored answer, a letter after a number is a variable.
    expect(accepted('$5$', '5m')).toBe(false);
    expect(accepted('$5m$', '5m')).toBe(true);
  });

  it('reads units as the maths field types them: \\operatorname{\\mathrm{…}}, \\min, \\degree, words', () => {
    // What MathLive 0.111 makes of keys typed after a number (seen in Chromium).
    expect(accepted('$4 \\text{ feet}$', '4\\operatorname{\\mathrm{ft}}')).toBe(true);
    expect(accepted('$48 \\text{ inches}$', '4\\operatorname{\\mathrm{ft}}')).toBe(true);
    expect(accepted('$128\\text{ cm}^3$', '128\\operatorname{\\mathrm{cm}}^3')).toBe(true);
    expect(verdictOf('$128\\text{ cm}^3$', '128\\operatorname{\\mathrm{cm}}^2')).toEqual({
      correct: false,
      feedback: FEEDBACK_UNITS,
    });
    expect(accepted('$2 \\text{ kg}$', '2000\\operatorname{\\mathrm{g}}')).toBe(true);
    expect(accepted('$40\\text{ min}$', '40\\min')).toBe(true);
    expect(accepted('$2\\text{ hours}$', '120\\min')).toBe(true);
    expect(accepted('$40$', '40\\min')).toBe(true); // a unit left out of the stored answer
    expect(accepted('$108\\text{ degrees}$', '108\\degree')).toBe(true);
    expect(accepted('$20\\text{ days}$', '20days')).toBe(true);
    expect(accepted('$3 \\text{ weeks}$', '21days')).toBe(true);
    // `\\min` with an argument is the function, not minutes.
    expect(refusal('\\min(1, 2)', '$1$')).toBe(
      'We couldn’t read “min” in your answer: write your answer with numbers, letters and maths symbols.',
    );
    // A name the table does not know in \\operatorname is left to the parser, as before.
    expect(accepted('$12$', '\\operatorname{lcm}(4, 6)')).toBe(true);
    expect(accepted('$13$', '\\operatorname{lcm}(4, 6)')).toBe(false);
  });

  it('checks units element by element in a list, and ignores units it does not know', () => {
    expect(accepted('$3 \\text{ cm}$ and $4 \\text{ cm}$', '40 \\text{ mm}, 3 \\text{ cm}')).toBe(
      true,
    );
    expect(accepted('$3 \\text{ cm}$ and $4 \\text{ cm}$', '4 \\text{ m}, 3 \\text{ cm}')).toBe(
      false,
    );
    expect(accepted('$12 \\text{ sq units}$', '12 \\text{ cm}^2')).toBe(true);
    expect(accepted('$12 \\text{ cm}^2$', '12 \\text{ daps}')).toBe(true);
  });
});

describe('answer checker: feedback', () => {
  it('says an unsimplified fraction or radical is equivalent but not simplified, and accepts it', () => {
    expect(verdictOf('$\\frac{1}{2}$', '\\frac{2}{4}')).toEqual({
      correct: true,
      feedback: FEEDBACK_NOT_SIMPLIFIED,
    });
    expect(verdictOf('$6$', '\\frac{12}{2}')).toEqual({
      correct: true,
      feedback: FEEDBACK_NOT_SIMPLIFIED,
    });
    expect(verdictOf('$2\\sqrt{3}$', '\\sqrt{12}')).toEqual({
      correct: true,
      feedback: FEEDBACK_NOT_SIMPLIFIED,
    });
  });

  it('gives no simplification feedback when the stored answer is itself unsimplified, or the form is simplified', () => {
    expect(verdictOf('$\\frac{2}{4}$', '\\frac{2}{4}')).toEqual({ correct: true });
    expect(verdictOf('$\\frac{1}{2}$', '0.5')).toEqual({ correct: true });
    expect(verdictOf('$2\\sqrt{3}$', '\\sqrt{3} \\cdot 2')).toEqual({ correct: true });
  });

  it('says "Check the sign." only for exactly the negative of the answer', () => {
    expect(verdictOf('$x = 18$', '-18')).toEqual({ correct: false, feedback: FEEDBACK_SIGN });
    expect(verdictOf('$400 - 100\\pi$', '100\\pi - 400')).toEqual({
      correct: false,
      feedback: FEEDBACK_SIGN,
    });
    expect(verdictOf('$x^2 - 1$', '1 - x^2')).toEqual({ correct: false, feedback: FEEDBACK_SIGN });
    expect(verdictOf('$x = 18$', '-17')).toEqual({ correct: false });
    expect(verdictOf('$0$', '-0')).toEqual({ correct: true });
    expect(verdictOf('$(1,2)$', '(-1,-2)')).toEqual({ correct: false });
  });
});

describe('answer checker: notation read as a teacher reads it', () => {
  const RANGE = '$k < -2$ or $k > 6$';
  it.each([
    ['k<-2\\lor k>6'], // the maths field's "or"
    ['k<-2\\vee k>6'],
    ['k\\lt-2\\lor k\\gt6'], // the maths field's < and >
    ['k<-2 or k>6'],
    ['k>6, k<-2'],
    ['k < −2 or k > 6'], // a pasted minus sign
  ])('accepts "or" between conditions however it is written: %s', (given) =>
    expect(accepted(RANGE, given)).toBe(true),
  );

  it.each([
    ['k<-2\\lor', 'after “or”'], // typed before the second condition
    ['k<-2 or', 'after “or”'],
    ['k<-2,\\text{ or }', 'after “or”'],
    ['\\lor k>6', 'before “or”'],
    ['k<-2 and', 'after “and”'],
  ])(
    'refuses an unfinished list %j, saying what is missing, however right its first part',
    (given, where) => {
      const outcome = check(RANGE, given);
      expect(outcome).toEqual({
        kind: 'refused',
        message: `We couldn’t read your answer: something is missing ${where}.`,
      });
    },
  );

  it('refuses a wrong condition joined with \\lor', () => {
    expect(accepted(RANGE, 'k<-2\\lor k>7')).toBe(false);
    expect(accepted(RANGE, 'k<-2')).toBe(false);
  });

  it.each([
    ['$a \\leq b$', 'a<=b', true],
    ['$a \\leq b$', 'a=<b', true],
    ['$a \\leq b$', 'a ≤ b', true],
    ['$a \\leq b$', 'a\\le b', true],
    ['$a \\geq b$', 'a>=b', true],
    ['$a \\geq b$', 'b<=a', true],
    ['$a \\geq b$', 'a ≥ b', true],
    ['$a \\neq b$', 'a!=b', true],
    ['$a \\neq b$', 'a ≠ b', true],
    ['$x < 3$', 'x\\lt3', true],
    ['$x > 3$', '3\\lt x', true],
    ['$a \\leq b$', 'a \\leqslant b', true],
    ['$a \\leq b$', 'a \\leqq b', true],
    ['$a \\leq b$', 'a ⩽ b', true],
    ['$a \\leq b$', 'a ≦ b', true],
    ['$a \\leqslant b$', 'a \\le b', true],
    ['$a \\leqq b$', 'a <= b', true],
    ['$a \\geq b$', 'a \\geqslant b', true],
    ['$a \\geq b$', 'a \\geqq b', true],
    ['$a \\geq b$', 'a ⩾ b', true],
    ['$a \\geqslant b$', 'a \\ge b', true],
    ['$a \\geqq b$', 'b \\leq a', true],
    ['$a \\ne b$', 'a \\neq b', true],
    ['$a \\neq b$', 'a \\ne b', true],
    ['$a < b$', 'a \\lt b', true],
    ['$a > b$', 'a \\gt b', true],
    ['$a \\leq b$', 'a < b', false],
    ['$a \\leqslant b$', 'a \\lt b', false],
    ['$a < b$', 'a \\leqslant b', false],
    ['$a \\geqq b$', 'a > b', false],
    ['$a > b$', 'a \\geqq b', false],
    ['$a \\geqslant b$', 'a \\leqslant b', false],
    ['$a \\ne b$', 'a \\leqq b', false],
  ])(
    'reads typed relations as the signs they stand for, apart from the others: %s vs %s: %s',
    (e, g, right) => expect(accepted(e, g)).toBe(right),
  );

  it('keeps a factorial before = a factorial, and a relation typed with <= strict where it is', () => {
    expect(accepted('$6$', '3!=6')).toBe(true);
    expect(accepted('$a < b$', 'a<=b')).toBe(false);
  });

  it.each([
    ['\\$1,000.99'],
    ['1,000.99\\$'],
    ['\\$1000.99'],
    ['1000.99'],
    ['1,000.99 \\text{ dollars}'],
  ])('reads money with thousands separators: %s for a stored $1000.99', (given) => {
    expect(accepted('$\\$1000.99$', given)).toBe(true);
    expect(accepted('$1000.99$ dollars', given)).toBe(true);
  });

  it('tells a different amount of money apart', () => {
    expect(accepted('$\\$1000.99$', '\\$1,000.98')).toBe(false);
    expect(accepted('$\\$1000.99$', '\\$1,001')).toBe(false);
  });

  it.each([
    ['7 months'],
    ['7months'],
    ['7\\operatorname{months}'],
    ['7\\text{ months}'],
    ['7\\operatorname{ }months'],
    ['7'],
  ])('reads a time written with words after the maths as its unit: %s for "$7$ months"', (g) =>
    expect(accepted('$7$ months', g)).toBe(true),
  );

  it('says "Check the units." for the right number of another time unit, and refuses another number', () => {
    expect(verdictOf('$7$ months', '7 weeks')).toEqual({
      correct: false,
      feedback: FEEDBACK_UNITS,
    });
    expect(accepted('$7$ months', '8 months')).toBe(false);
    expect(accepted('$7$ months', '\\frac{7}{12} \\text{ years}')).toBe(true);
  });
});

describe('answer checker: what a learner is told never has LaTeX or parser words in it', () => {
  const UNREADABLE = [
    '\\foo 3',
    '\\lor',
    '3 \\land 4',
    '\\int x',
    '\\sum',
    '\\mathbb{Z}',
    '\\frac{1}{',
    '(1+2',
    '1+2)',
    '}3{',
    '\\operatorname{ }',
    '7\\operatorname{}',
    '\\operatorname{\\mathrm{}}',
    '{}',
    '\\sqrt{}',
    '\\frac{}{}',
    '1 & 2',
    '&',
    '1 \\\\ 2',
    '\\\\',
    '\\text{}',
    '\\text{hello}',
    '\\text{seven months}',
    '3+',
    '^2',
    'x_',
    '2^^3',
    '(2;3)',
    '()',
    '?',
    '#',
    '1 = 2 = x',
    'x < 2 < 3',
    '\\pm\\pm\\pm 1',
    '1,,2',
    '(-1)!',
    '\\unit{m}',
    '\\min(1, 2)',
    '\\placeholder{}',
    '10^{10^{10}}',
    '1'.repeat(40),
    '('.repeat(30) + '1' + ')'.repeat(30),
    'x'.repeat(450),
  ];
  const JARGON = /[\\{}]|command|token|EOF|Expected|unexpected|delimiter|LatexString|Error/;

  it.each(UNREADABLE)('a learner typing %j is told in plain words', (given) => {
    const outcome = check('$3$', given);
    const said = outcome.kind === 'refused' ? outcome.message : (outcome.verdict.feedback ?? '');
    expect(said).not.toMatch(JARGON);
    if (outcome.kind === 'refused') expect(said).toMatch(/^[A-Z].*\.$/);
  });

  it('names the part it could not read the way the learner sees it', () => {
    expect(refusal('3 \\land 4')).toContain('“and”');
    expect(refusal('\\int x')).toContain('“∫”');
    expect(refusal('1 & 2')).toContain('“&”');
    expect(refusal('1 \\\\ 2')).toContain('line break');
  });
});

describe('answer checker: refusals', () => {
  it('refuses beyond the length the request schema allows, no sooner', () => {
    expect(MAX_ANSWER_CHARS).toBe(ANSWER_MAX_LENGTH);
  });

  it.each([
    ['10^{10^{10}}', 'a number in it is too large'],
    ['9!!!!!!', 'a number in it is too large'],
    ['2^{2^{2^{2^{2^{2}}}}}', 'a number in it is too large'],
    ['x^{10^{10}}', 'a number in it is too large'],
    ['1000!', 'a number in it is too large'],
    ['1'.repeat(40), 'more than 30 digits'],
    ['('.repeat(30) + '1' + ')'.repeat(30), 'too many brackets inside one another'],
    ['\\frac{'.repeat(20) + '1' + '}{2}'.repeat(20), 'too many brackets inside one another'],
    ['x+'.repeat(600) + 'x', 'too long to check'],
    ['x'.repeat(450), 'it is too long'],
    ['\\int'.repeat(40) + 'x', 'We couldn’t read “∫” in your answer'],
  ])('refuses hostile input %#: %s', (given, message) => {
    // How long each refusal takes is measured by `npm run test:perf` (answer-check.perf.test.ts).
    expect(refusal(given)).toContain(message);
  });

  it.each([
    ['', 'Type your answer'],
    ['  ', 'Type your answer'],
    ['(1+2', 'check that every bracket you open is closed'],
    ['\\frac{1}{', 'check that every bracket you open is closed'],
    ['\\foo 3', 'We couldn’t read “foo” in your answer'],
    // The checker's own unit marker cannot be typed in to pass for a unit.
    ['5 \\unit{m}', 'We couldn’t read “unit” in your answer'],
    ['\\frac{1}{\\placeholder{}}', 'Fill in every box of your answer'],
    ['(2;3)', 'it has words we do not know'],
  ])('refuses an answer it cannot read, saying why: %j', (given, message) => {
    const message_ = refusal(given);
    expect(message_).toContain(message);
  });

  it('never names the expected answer in a refusal', () => {
    for (const given of ['(1+2', '\\foo 3', '10^{10^{10}}'])
      expect(refusal(given, '$987$')).not.toContain('987');
  });

  it('compares as text when the stored answer cannot be read, without refusing an answer it cannot read either', () => {
    const proof = '$a^2 + b^2 - 2ab = (a-b)^2 \\ge 0$, so $a^2 + b^2 \\ge 2ab$.';
    expect(check(proof, 'yes')).toMatchObject({ kind: 'verdict', verdict: { correct: false } });
    expect(check(proof, '(2;3)')).toMatchObject({ kind: 'verdict', verdict: { correct: false } });
    expect(check('$3120_4$', '3120_{4}')).toMatchObject({
      kind: 'verdict',
      verdict: { correct: true },
    });
    expect(check('$3120_4$', '3121_4')).toMatchObject({
      kind: 'verdict',
      verdict: { correct: false },
    });
    expect(check('$\\text{Tuesday}$', 'Tuesday')).toMatchObject({
      kind: 'verdict',
      verdict: { correct: true },
    });
  });
});
