import { existsSync, readFileSync } from 'node:fs';
import {
  AnswerSpecSchema,
  type AnswerSpec,
  type AnswerSpecInput,
} from '@exemplar/shared/answer-spec';
import { describe, expect, it } from 'vitest';
import { checkAnswer } from './check-answer';
import {
  FEEDBACK_CHOICE_LETTER,
  FEEDBACK_FORM,
  FEEDBACK_NOT_SIMPLIFIED,
  FEEDBACK_ORDER,
  FEEDBACK_UNITS,
} from './feedback';
import { FEEDBACK_UNCHECKABLE } from './guards';
import { inferAnswerSpec } from './index';

const spec = (input: AnswerSpecInput): AnswerSpec => AnswerSpecSchema.parse(input);

/** The verdict on a learner's answer (a refusal fails the test with its message). */
const verdict = (question: string, expected: string, given: string, with_?: AnswerSpecInput) => {
  const outcome = checkAnswer({
    question,
    expected,
    given,
    spec: with_ ? spec(with_) : null,
  });
  if (outcome.kind !== 'verdict') throw new Error(`refused: ${outcome.message}`);
  return outcome.verdict;
};

/** Each of `right` is accepted and each of `wrong` refused as wrong (the answer names a failure). */
const expectVerdicts = (question: string, expected: string, right: string[], wrong: string[]) => {
  for (const given of right)
    expect(verdict(question, expected, given), given).toEqual({ correct: true });
  for (const given of wrong)
    expect(verdict(question, expected, given), given).toEqual({ correct: false });
};

const demo = JSON.parse(
  readFileSync(new URL('../../db/seed/demo-catalogue.json', import.meta.url), 'utf8'),
) as
  | { examples?: { question: string; answer: string }[] }
  | { question: string; answer: string }[] as unknown;
const examples = (Array.isArray(demo) ? demo : (demo as { examples: unknown[] }).examples) as {
  question: string;
  answer: string;
}[];

describe('answer spec inference', () => {
  it.each<[string, string, AnswerSpecInput]>([
    [
      'Which is the third angle? (A) $60^\\circ$ (B) $65^\\circ$',
      '(B) $65^\\circ$',
      { kind: 'choice', choice: 'B' },
    ],
    ['Find the mean, median and mode.', 'Mean $6$, median $7$, mode $7$', { kind: 'parts' }],
    [
      'A triangle has sides 13, 14 and 15.',
      'Area $84$, altitude $12$, inradius $4$, circumradius $\\frac{65}{8}$',
      { kind: 'parts' },
    ],
    [
      'Find the three ratios.',
      '$\\sin\\theta = \\frac{5}{13}$, $\\cos\\theta = \\frac{12}{13}$, $\\tan\\theta = \\frac{5}{12}$',
      { kind: 'parts' },
    ],
    ['Solve $x^2 - 5x + 6 = 0$.', '$x = 2$ or $x = 3$', { kind: 'solutions' }],
    [
      'Solve $\\sqrt{3}\\sin x + \\cos x = \\sqrt{2}$.',
      '$x = \\frac{\\pi}{12}$ or $x = \\frac{7\\pi}{12}$',
      { kind: 'solutions' },
    ],
    ['Solve the system $3x + 2y = 16$, $5x - 2y = 16$.', '$x = 4,\\ y = 2$', { kind: 'solutions' }],
    ['For which $k$ …?', '$k < -2$ or $k > 6$', { kind: 'interval' }],
    ['For which $x$?', '$1 < x \\leqslant 5$', { kind: 'interval' }],
    ['For which $x$?', '$x \\geqq 3$', { kind: 'interval' }],
    ['For which $x$?', '$x ≤ 3$', { kind: 'interval' }],
    ['How tall is the tree?', '$12$ m', { kind: 'value', unit: 'm' }],
    ['How fast?', '$0.75$ m/s', { kind: 'value', unit: 'm/s' }],
    ['Find the area of the path.', '$44\\text{ m}^2$', { kind: 'value', unit: 'm^2' }],
    ['Find the volume.', '$128\\text{ cm}^3$', { kind: 'value', unit: 'cm^3' }],
    ['Find the angle.', '$60^\\circ$', { kind: 'value', unit: '°' }],
    [
      'Evaluate the integral.',
      '$\\dfrac{\\pi \\ln 2}{8} \\approx 0.2722$',
      { kind: 'value', tolerance: 0.00005 },
    ],
    [
      'How far apart are the ships?',
      'About $66.1$ km',
      { kind: 'value', unit: 'km', tolerance: 0.05 },
    ],
    [
      'Expand and simplify $(2x - 3)(x^2 + 4x - 1)$.',
      '$2x^3 + 5x^2 - 14x + 3$',
      { kind: 'expression', form: 'expanded' },
    ],
    ['Factorise $x^2 - 5x + 6$.', '$(x-2)(x-3)$', { kind: 'expression', form: 'factorised' }],
    [
      'Find the exact value of $\\sin 18^\\circ$.',
      '$\\sin 18^\\circ = \\frac{\\sqrt{5} - 1}{4}$',
      { kind: 'value', form: 'exact' },
    ],
    ['Simplify $\\frac{8}{12}$.', '$\\frac{2}{3}$', { kind: 'value', form: 'simplified' }],
    [
      'Write $\\frac{8}{12}$ in simplest form.',
      '$\\frac{2}{3}$',
      { kind: 'value', form: 'simplified' },
    ],
    [
      'Find the prime factorization of $360$.',
      '$2^3 \\cdot 3^2 \\cdot 5$',
      { kind: 'value', form: 'factorised' },
    ],
    [
      'Find the equation of the line.',
      '$y = \\frac{2}{3}x - 3$, or equivalently $2x - 3y = 9$',
      { kind: 'equation' },
    ],
    [
      'Find $\\int x e^{2x}\\,dx$.',
      '$\\left(\\frac{x}{2} - \\frac{1}{4}\\right)e^{2x} + C$',
      { kind: 'expression' },
    ],
    ['Prove that $a^2 + b^2 \\ge 2ab$.', '$a^2 + b^2 - 2ab = (a-b)^2 \\ge 0$', { kind: 'none' }],
    [
      '(IMO 1959) Prove that the fraction is irreducible.',
      '$3(14n + 3) - 2(21n + 4) = 1$',
      { kind: 'none' },
    ],
    ['Show the angle.', 'With $O$ the centre, $\\angle ACB = 90^\\circ$.', { kind: 'none' }],
  ])('%s %s', (question, answer, expected) => {
    expect(inferAnswerSpec(question, answer)).toEqual(spec(expected));
  });

  it('keeps an inferred spec within the contract: no tolerance of 0 or infinity, no overlong unit', () => {
    for (const answer of [
      'About $1.5 \\times 10^{-400}$',
      'About $3.2 \\times 10^{400}$',
      '$5\\text{ square centimetres}$',
    ]) {
      const inferred = inferAnswerSpec('How much?', answer);
      expect(AnswerSpecSchema.safeParse(inferred).success, answer).toBe(true);
    }
    expect(inferAnswerSpec('How much?', 'About $1.5 \\times 10^{-400}$').tolerance).toBeNull();
  });

  it('gives every example of the demo catalogue a valid spec under which its stored answer is right', () => {
    expect(examples.length).toBeGreaterThan(100);
    const kinds = new Set<string>();
    for (const e of examples) {
      const inferred = inferAnswerSpec(e.question, e.answer);
      expect(AnswerSpecSchema.parse(inferred)).toEqual(inferred);
      kinds.add(inferred.kind);
      // Not the text itself (which is right as written) but the same maths spaced otherwise.
      const outcome = checkAnswer({
        question: e.question,
        expected: e.answer,
        given: e.answer.replace('$', '$ '),
      });
      expect(outcome.kind, e.answer).toBe('verdict');
      if (outcome.kind === 'verdict' && inferred.kind !== 'none') {
        expect(outcome.verdict, e.answer).toMatchObject({ correct: true });
      }
    }
    expect([...kinds].sort()).toEqual([
      'choice',
      'equation',
      'expression',
      'interval',
      'none',
      'parts',
      'solutions',
      'value',
    ]);
  });
});

describe('checking under an answer spec', () => {
  const ANGLE = 'What is the third angle? (A) $60^\\circ$ (B) $65^\\circ$ (C) $70^\\circ$';
  it.each(['B', '(B)', 'b', 'B)', '\\text{B}', '65', '65^\\circ'])(
    'accepts %s for choice B, the letter or the option’s value',
    (given) => {
      expect(verdict(ANGLE, '(B) $65^\\circ$', given)).toEqual({ correct: true });
    },
  );

  it('refuses another letter or another value without naming the right option', () => {
    expect(verdict(ANGLE, '(B) $65^\\circ$', 'C')).toEqual({ correct: false });
    expect(verdict(ANGLE, '(B) $65^\\circ$', '(a)')).toEqual({ correct: false });
    expect(verdict(ANGLE, '(B) $65^\\circ$', '70')).toEqual({ correct: false });
    // An option that cannot be typed: the letter is the answer.
    const series = '(D) $\\displaystyle\\sum_{n=1}^{\\infty} \\frac{1}{n^2}$';
    expect(verdict('Which converges?', series, 'D')).toEqual({ correct: true });
    expect(verdict('Which converges?', series, '1/n^2')).toEqual({
      correct: false,
      feedback: FEEDBACK_CHOICE_LETTER,
    });
  });

  const STATS = 'Find the mean, median and mode of the data set $2, 7, 4, 9, 7, 5, 8$.';
  const STATS_ANSWER = 'Mean $6$, median $7$, mode $7$';
  it('takes parts in the stored order, bare or labelled, and labelled parts in any order', () => {
    expect(verdict(STATS, STATS_ANSWER, '6, 7, 7')).toEqual({ correct: true });
    expect(
      verdict(STATS, STATS_ANSWER, '\\text{mode}=7, \\text{mean}=6, \\text{median}=7'),
    ).toEqual({
      correct: true,
    });
    expect(verdict(STATS, STATS_ANSWER, 'mean = 6; median = 7; mode = 7')).toEqual({
      correct: true,
    });
    const TRIG =
      '$\\sin\\theta = \\frac{5}{13}$, $\\cos\\theta = \\frac{12}{13}$, $\\tan\\theta = \\frac{5}{12}$';
    expect(verdict('Find them.', TRIG, '5/13, 12/13, 5/12')).toEqual({ correct: true });
    expect(
      verdict(
        'Find them.',
        TRIG,
        '\\tan\\theta=\\frac{5}{12}, \\sin\\theta=\\frac{5}{13}, \\cos\\theta=\\frac{12}{13}',
      ),
    ).toEqual({ correct: true });
  });

  it('refuses right parts in another order, saying so, and wrong or missing parts plainly', () => {
    expect(verdict(STATS, STATS_ANSWER, '7, 6, 7')).toEqual({
      correct: false,
      feedback: FEEDBACK_ORDER,
    });
    expect(verdict(STATS, STATS_ANSWER, '6, 7, 8')).toEqual({ correct: false });
    expect(verdict(STATS, STATS_ANSWER, '6, 7')).toEqual({ correct: false });
    expect(verdict(STATS, STATS_ANSWER, 'mean = 7, median = 6, mode = 7')).toEqual({
      correct: false,
    });
    expect(verdict('tickets', '$22$ adult tickets and $18$ child tickets', '18, 22')).toEqual({
      correct: false,
      feedback: FEEDBACK_ORDER,
    });
  });

  it('takes the value of a part written as numbers set equal, the last of them', () => {
    const RADIANS =
      '$225^\\circ = \\frac{5\\pi}{4}$, $\\sin 225^\\circ = -\\frac{\\sqrt{2}}{2}$ and $\\cos 225^\\circ = -\\frac{\\sqrt{2}}{2}$';
    const given = '\\frac{5\\pi}{4}, -\\frac{\\sqrt2}{2}, -\\frac{\\sqrt2}{2}';
    expect(
      verdict('Convert $225^\\circ$ to radians and find the exact values.', RADIANS, given),
    ).toEqual({
      correct: true,
    });
  });

  it('takes one answer restated in rounder words as that one answer', () => {
    const P = 'A disease affects $1\\%$ of a population. What is the probability?';
    const answer = '$\\frac{19}{118} \\approx 0.161$, only about $16\\%$';
    expect(inferAnswerSpec(P, answer)).toEqual(spec({ kind: 'value', tolerance: 0.0005 }));
    expect(verdict(P, answer, '\\frac{19}{118}')).toEqual({ correct: true });
    expect(verdict(P, answer, '0.1612')).toEqual({ correct: true });
    expect(verdict(P, answer, '0.16')).toEqual({ correct: false });
  });

  it('takes points named by their variables as the points', () => {
    const PAIRS = '$(x, y) = (1, 1)$ and $(x, y) = (2, 3)$';
    const q = 'Find all pairs of positive integers $(x, y)$ such that $3^x - 2^y = 1$.';
    expect(verdict(q, PAIRS, '(2,3), (1,1)')).toEqual({ correct: true });
    expect(verdict(q, PAIRS, '(x,y)=(1,1), (x,y)=(2,3)')).toEqual({ correct: true });
    expect(verdict(q, PAIRS, '(1,1), (3,2)')).toEqual({ correct: false });
  });

  it('gives a part’s own feedback when it is the one part wrong', () => {
    const BOX = '$x = 2$ cm, giving a maximum volume of $128\\text{ cm}^3$';
    const q = 'Find $x$ and the maximum volume.';
    expect(verdict(q, BOX, '2 cm, 128 cm^3')).toEqual({ correct: true });
    expect(verdict(q, BOX, '2 cm, 128 cm^2')).toEqual({ correct: false, feedback: FEEDBACK_UNITS });
    expect(verdict(q, BOX, '2, -128')).toEqual({ correct: false, feedback: 'Check the sign.' });
    expect(verdict(q, BOX, '3, 128 cm^2')).toEqual({ correct: false });
    expect(verdict(q, BOX, '2, \\frac{256}{2}')).toEqual({
      correct: true,
      feedback: FEEDBACK_NOT_SIMPLIFIED,
    });
  });

  it('keeps solutions in any order and a system by its variables', () => {
    expect(verdict('Solve.', '$x = 2$ or $x = 3$', 'x = 3 \\lor x = 2')).toEqual({ correct: true });
    expect(verdict('Solve.', '$x = 2$ or $x = 3$', '3, 2')).toEqual({ correct: true });
    const system = 'Solve the system $3x + 2y = 16$, $5x - 2y = 16$.';
    expect(verdict(system, '$x = 4,\\ y = 2$', 'y = 2, x = 4')).toEqual({ correct: true });
    expect(verdict(system, '$x = 4,\\ y = 2$', '4, 2')).toEqual({ correct: false });
  });

  it('takes an interval in any notation: relations, brackets, a union, a chain', () => {
    const K = 'For which real values of $k$ does the equation have two distinct roots?';
    const answer = '$k < -2$ or $k > 6$';
    expectVerdicts(
      K,
      answer,
      [
        'k<-2 \\lor k>6',
        'k>6, k<-2',
        '(-\\infty, -2) \\cup (6, \\infty)',
        '(6,\\infty)\\cup(-\\infty,-2)',
        'k \\in (-\\infty,-2)\\cup(6,\\infty)',
      ],
      ['(-\\infty, -2] \\cup (6, \\infty)', 'x<-2 \\lor x>6', '(-\\infty, -2)', '-2<k<6'],
    );
    const I = 'Find the interval on which $x$ satisfies both.';
    expect(verdict(I, '$-2 \\le x \\le 7$', '[-2, 7]')).toEqual({ correct: true });
    expect(verdict(I, '$-2 \\le x \\le 7$', '7 \\ge x \\ge -2')).toEqual({ correct: true });
    expect(verdict(I, '$-2 \\le x \\le 7$', '-2 < x \\le 7')).toEqual({ correct: false });
    // A list is a union: "x ≥ -2 or x ≤ 7" is every number.
    expect(verdict(I, '$-2 \\le x \\le 7$', 'x \\ge -2, x \\le 7')).toEqual({ correct: false });
    expect(verdict('For which $x$?', '$x \\ge 3$', '[3, \\infty)')).toEqual({ correct: true });
    // A chain reads the same in every spelling of its signs; a wrong end or a wrong sign is refused.
    expectVerdicts(
      I,
      '$1 < x \\le 5$',
      ['1 < x \\leqslant 5', '1 \\lt x \\leqq 5', '5 \\geqslant x > 1', '1<x<=5'],
      ['1 < x \\leqslant 6', '1 \\le x \\leqslant 5', '1 < x < 5', '5 \\geqq x \\geqq 1'],
    );
    expect(verdict(I, '$1 < x \\leqslant 5$', '1 < x \\le 5')).toEqual({ correct: true });
    expect(verdict(I, '$1 < x \\leqslant 5$', '(1, 5]')).toEqual({ correct: true });
    expect(verdict(I, '$1 < x \\leqslant 5$', '(1, 5)')).toEqual({ correct: false });
    // A ray the other way, or from another end, is another set: an infinite end equals only itself.
    expect(verdict('For which $x$?', '$x > 1$', 'x < 1')).toEqual({ correct: false });
    expect(verdict('For which $x$?', '$x > 1$', '(-\\infty, 1)')).toEqual({ correct: false });
    expect(verdict('For which $x$?', '$x < 1$', 'x < 5')).toEqual({ correct: false });
    expect(verdict(K, answer, '(-\\infty, -2) \\cup (7, \\infty)')).toEqual({ correct: false });
  });

  it('reads compound units and converts within a quantity; another quantity is refused', () => {
    expect(verdict('How tall?', '$12$ m', '1200 cm')).toEqual({ correct: true });
    expect(verdict('How tall?', '$12$ m', '12')).toEqual({ correct: true });
    expect(verdict('How tall?', '$12$ m', '12 kg')).toEqual({
      correct: false,
      feedback: FEEDBACK_UNITS,
    });
    for (const given of [
      '0.75 m/s',
      '75 cm/s',
      '75\\frac{cm}{s}',
      '2.7 km/h',
      '0.75\\text{ m/s}',
    ]) {
      expect(verdict('How fast?', '$0.75$ m/s', given), given).toEqual({ correct: true });
    }
    expect(verdict('How fast?', '$0.75$ m/s', '0.75 km/h')).toEqual({
      correct: false,
      feedback: FEEDBACK_UNITS,
    });
    expect(verdict('How fast?', '$0.75$ m/s', '0.75 m')).toEqual({
      correct: false,
      feedback: FEEDBACK_UNITS,
    });
    expect(verdict('g?', '$9.8\\text{ m/s}^2$', '980 cm/s^2')).toEqual({ correct: true });
    expect(verdict('Volume?', '$128\\text{ cm}^3$', '0.128 L')).toEqual({ correct: true });
    expect(verdict('Area?', '$44\\text{ m}^2$', '44 m')).toEqual({
      correct: false,
      feedback: FEEDBACK_UNITS,
    });
  });

  it('takes a bare number as degrees for an answer in degrees, and one with π as radians', () => {
    expect(verdict('Angle?', '$65^\\circ$', '65')).toEqual({ correct: true });
    expect(verdict('Angle?', '$65^\\circ$', '\\frac{13\\pi}{36}\\text{ rad}')).toEqual({
      correct: true,
    });
    // π/3 for 60° is the same angle as a teacher reads it, unless the question names the unit.
    expect(verdict('Angle?', '$65^\\circ$', '\\frac{13\\pi}{36}')).toEqual({ correct: true });
    expect(verdict('Angle?', '$65^\\circ$', '\\frac{13\\pi}{37}')).toEqual({ correct: false });
    expect(verdict('Angle in degrees?', '$65^\\circ$', '\\frac{13\\pi}{36}')).toEqual({
      correct: false,
    });
    expect(verdict('Angle?', '$65^\\circ$', '1.134')).toEqual({ correct: false });
  });

  it('refuses an equivalent answer not in the form the question asks, saying so', () => {
    const EXPAND = 'Expand and simplify $(2x - 3)(x^2 + 4x - 1)$.';
    const expanded = '$2x^3 + 5x^2 - 14x + 3$';
    expect(verdict(EXPAND, expanded, '2x^3+5x^2-14x+3')).toEqual({ correct: true });
    expect(verdict(EXPAND, expanded, '(2x-3)(x^2+4x-1)')).toEqual({
      correct: false,
      feedback: FEEDBACK_FORM('expanded'),
    });
    expect(verdict(EXPAND, expanded, '2x^3+5x^2-14x+4')).toEqual({ correct: false });
    const FACTOR = 'Factorise $x^2 - 5x + 6$.';
    expect(verdict(FACTOR, '$(x-2)(x-3)$', '(x-3)(x-2)')).toEqual({ correct: true });
    expect(verdict(FACTOR, '$(x-2)(x-3)$', 'x^2-5x+6')).toEqual({
      correct: false,
      feedback: FEEDBACK_FORM('factorised'),
    });
    const EXACT = 'Solve $2x^2 - 4x - 3 = 0$, giving exact answers.';
    const roots =
      '$x = \\dfrac{2 \\pm \\sqrt{10}}{2}$, that is, $x \\approx 2.581$ or $x \\approx -0.581$';
    expect(
      verdict(EXACT, roots, 'x = 1 + \\frac{\\sqrt{10}}{2}, x = 1 - \\frac{\\sqrt{10}}{2}'),
    ).toEqual({
      correct: true,
    });
    expect(verdict(EXACT, roots, 'x = 2.581, x = -0.581')).toEqual({
      correct: false,
      feedback: FEEDBACK_FORM('exact'),
    });
    // Without "exact" in the question the approximations are right.
    expect(verdict('Solve $2x^2 - 4x - 3 = 0$.', roots, 'x = 2.581, x = -0.581')).toEqual({
      correct: true,
    });
    // A decimal that is the exact value is exact.
    expect(verdict('Find the exact probability.', '$\\frac{1}{4}$', '0.25')).toEqual({
      correct: true,
    });
  });

  it('refuses an unsimplified answer where the question asks to simplify, and only notes it elsewhere', () => {
    expect(verdict('Simplify $\\frac{8}{12}$.', '$\\frac{2}{3}$', '\\frac{4}{6}')).toEqual({
      correct: false,
      feedback: FEEDBACK_FORM('simplified'),
    });
    expect(verdict('What fraction is shaded?', '$\\frac{2}{3}$', '\\frac{4}{6}')).toEqual({
      correct: true,
      feedback: FEEDBACK_NOT_SIMPLIFIED,
    });
  });

  it('accepts a value within the tolerance of an approximation, and not outside it', () => {
    const INTEGRAL = '$\\dfrac{\\pi \\ln 2}{8} \\approx 0.2722$';
    expect(verdict('Evaluate.', INTEGRAL, '0.2722')).toEqual({ correct: true });
    expect(verdict('Evaluate.', INTEGRAL, '0.27221')).toEqual({ correct: true });
    expect(verdict('Evaluate.', INTEGRAL, '\\frac{\\pi\\ln 2}{8}')).toEqual({ correct: true });
    expect(verdict('Evaluate.', INTEGRAL, '0.27')).toEqual({ correct: false });
    expect(verdict('Evaluate.', INTEGRAL, '0.2723')).toEqual({ correct: false });
    expect(verdict('How far?', 'About $66.1$ km', '66.12')).toEqual({ correct: true });
    expect(verdict('How far?', 'About $66.1$ km', '66120 m')).toEqual({ correct: true });
    expect(verdict('How far?', 'About $66.1$ km', '66.2')).toEqual({ correct: false });
  });

  it('does not check an answer of kind none, and an explicit spec overrides the inferred one', () => {
    const NONE = { kind: 'none' } as const;
    expect(verdict('What is $6 \\times 2$?', '$12$', '12', NONE)).toEqual({
      correct: false,
      checkable: false,
      feedback: FEEDBACK_UNCHECKABLE,
    });
    expect(verdict('Prove it.', '$a^2 + b^2 \\ge 2ab$', 'anything')).toMatchObject({
      checkable: false,
    });
    // The spec's unit replaces the answer's (none here).
    expect(verdict('How long?', '$12$', '1200 cm', { kind: 'value', unit: 'm' })).toEqual({
      correct: true,
    });
    expect(verdict('How long?', '$12$', '12 kg', { kind: 'value', unit: 'm' })).toEqual({
      correct: false,
      feedback: FEEDBACK_UNITS,
    });
    // A tolerance set by an editor.
    expect(verdict('Root?', '$\\sqrt{2}$', '1.414', { kind: 'value', tolerance: 0.001 })).toEqual({
      correct: true,
    });
    expect(verdict('Root?', '$\\sqrt{2}$', '1.414')).toEqual({ correct: false });
    // A form set by an editor on a question that does not ask for one.
    expect(
      verdict('Find $p(x)$.', '$x^2 + 2x + 1$', '(x+1)^2', {
        kind: 'expression',
        form: 'expanded',
      }),
    ).toEqual({
      correct: false,
      feedback: FEEDBACK_FORM('expanded'),
    });
    expect(verdict('Find $p(x)$.', '$x^2 + 2x + 1$', '(x+1)^2')).toEqual({ correct: true });
  });

  it('takes an equation in any equivalent form, and either of two forms a stored answer gives', () => {
    const LINE = '$y = \\frac{2}{3}x - 3$, or equivalently $2x - 3y = 9$';
    expect(verdict('Find the line.', LINE, 'y = \\frac{2}{3}x - 3')).toEqual({ correct: true });
    expect(verdict('Find the line.', LINE, '2x - 3y = 9')).toEqual({ correct: true });
    expect(verdict('Find the line.', LINE, '6x - 9y - 27 = 0')).toEqual({ correct: true });
    expect(verdict('Find the line.', LINE, 'y = x')).toEqual({ correct: false });
    // One equation: its value for y as before, or any equivalent equation.
    const Q = 'Find the equation of the line.';
    expect(verdict(Q, '$y = 2x + 1$', '2x+1')).toEqual({ correct: true });
    expect(verdict(Q, '$y = 2x + 1$', '2x - y + 1 = 0')).toEqual({ correct: true });
    expect(verdict(Q, '$y = 2x + 1$', 'x = 2x + 1')).toEqual({ correct: false });
  });

  it('leaves out a condition or a remark in brackets after the stored answer', () => {
    const TRIG = 'Find all real solutions of $$\\cos^2 x + \\cos^2 2x + \\cos^2 3x = 1.$$';
    const FAMILIES =
      '$x = \\frac{\\pi}{4} + \\frac{k\\pi}{2}$ or $x = \\frac{\\pi}{6} + \\frac{k\\pi}{3}$, where $k \\in \\mathbb{Z}$';
    expect(inferAnswerSpec(TRIG, FAMILIES).kind).toBe('solutions');
    expect(
      verdict(
        TRIG,
        FAMILIES,
        'x=\\frac{\\pi}{6}+\\frac{k\\pi}{3},x=\\frac{\\pi}{4}+\\frac{k\\pi}{2}',
      ),
    ).toEqual({ correct: true });
    expect(verdict(TRIG, FAMILIES, 'x=\\frac{\\pi}{4}+\\frac{k\\pi}{2}')).toEqual({
      correct: false,
    });
    expect(
      verdict(TRIG, FAMILIES, 'x=\\frac{\\pi}{4}+k\\pi,x=\\frac{\\pi}{6}+\\frac{k\\pi}{3}'),
    ).toEqual({
      correct: false,
    });
    // The parameter the condition declares may be named otherwise.
    const N = 'x=\\frac{\\pi}{4}+\\frac{n\\pi}{2},x=\\frac{\\pi}{6}+\\frac{n\\pi}{3}';
    expect(verdict(TRIG, FAMILIES, N)).toEqual({ correct: true });
    expect(verdict(TRIG, FAMILIES, N.replace('{n\\pi}{2}', '{n\\pi}{4}'))).toEqual({
      correct: false,
    });
    expect(verdict(TRIG, FAMILIES, N.replace('{n\\pi}{2}', '{x\\pi}{2}'))).toEqual({
      correct: false,
    });
    const EGGS = 'How many eggs could she have?';
    const STORED = '$23$ or $128$ eggs (all solutions satisfy $n \\equiv 23 \\pmod{105}$)';
    expect(verdict(EGGS, STORED, '23\\text{ or }128')).toEqual({ correct: true });
    expect(verdict(EGGS, STORED, '23,128')).toEqual({ correct: true }); // a list, not 23 128
    expect(verdict(EGGS, STORED, '23,127')).toEqual({ correct: false });
    expect(verdict(EGGS, STORED, '23128')).toEqual({ correct: false });
    expect(verdict(EGGS, STORED, '23')).toEqual({ correct: false });
    expect(verdict(EGGS, STORED, 'n=23,n=128')).toEqual({ correct: true }); // the remark's n
    expect(verdict(EGGS, STORED, 'n=23,n=127')).toEqual({ correct: false });
    expect(verdict(EGGS, '$23$ or $128$ eggs', 'n=23,n=128')).toEqual({ correct: false });
    expect(verdict(EGGS, STORED, '128,23,233')).toEqual({ correct: false });
    // The parameter named in the words is not a part.
    const LINEAR = 'Find all integer solutions of $21x + 15y = 6$.';
    const FAMILY = '$x = -4 + 5t$, $y = 6 - 7t$ for any integer $t$';
    expect(verdict(LINEAR, FAMILY, 'y=6-7t,x=5t-4')).toEqual({ correct: true });
    expect(verdict(LINEAR, FAMILY, 'x=-4+5t,y=6+7t')).toEqual({ correct: false });
    // A family counted from another start is the same set; a system's parts share the start.
    expect(verdict(LINEAR, FAMILY, 'x=1+5t,y=-1-7t')).toEqual({ correct: true });
    expect(verdict(LINEAR, FAMILY, 'x=1+5t,y=6-7t')).toEqual({ correct: false });
    expect(verdict(LINEAR, FAMILY, 'x=1+5t,y=-1-6t')).toEqual({ correct: false });
    const SHIFTED = 'x=-\\frac{\\pi}{4}+\\frac{k\\pi}{2},x=\\frac{\\pi}{6}+\\frac{k\\pi}{3}';
    expect(verdict(TRIG, FAMILIES, SHIFTED)).toEqual({ correct: true });
    expect(verdict(TRIG, FAMILIES, SHIFTED.replace('{k\\pi}{3}', '{k\\pi}{6}'))).toEqual({
      correct: false,
    });
  });

  it('asks a multiple choice’s option and a prime factorisation in the form the question names', () => {
    const Q =
      'Which of the following is the factorization of $x^2 - 5x + 6$?\n\n(A) $(x-1)(x-6)$\n(C) $(x-2)(x-3)$';
    expect(inferAnswerSpec(Q, '(C) $(x-2)(x-3)$')).toMatchObject({
      kind: 'choice',
      form: 'factorised',
    });
    expect(verdict(Q, '(C) $(x-2)(x-3)$', '(x-3)(x-2)')).toEqual({ correct: true });
    expect(verdict(Q, '(C) $(x-2)(x-3)$', 'x^2-5x+6')).toEqual({
      correct: false,
      feedback: FEEDBACK_FORM('factorised'),
    });
    expect(verdict(Q, '(C) $(x-2)(x-3)$', '(x-2)(x+3)')).toEqual({ correct: false });
    const P =
      'Find the prime factorization of $360$, and use it to count the positive divisors of $360$.';
    const A = '$360 = 2^3 \\cdot 3^2 \\cdot 5$, which has $24$ positive divisors.';
    expect(verdict(P, A, '2^3\\cdot3^2\\cdot5,24')).toEqual({ correct: true });
    expect(verdict(P, A, '5\\cdot3^2\\cdot2^3,24')).toEqual({ correct: true });
    expect(verdict(P, A, '360,24')).toEqual({
      correct: false,
      feedback: FEEDBACK_FORM('factorised'),
    });
    expect(verdict(P, A, '2^2\\cdot3^2\\cdot10,24')).toEqual({
      correct: false,
      feedback: FEEDBACK_FORM('factorised'),
    });
    expect(verdict(P, A, '8\\cdot9\\cdot5,24')).toEqual({
      correct: false,
      feedback: FEEDBACK_FORM('factorised'),
    });
    expect(verdict(P, A, '2^3\\cdot3^2\\cdot5,6')).toEqual({ correct: false });
  });

  it('takes two different values of a stored answer as two, not one written twice', () => {
    const Q = 'Should you switch? What is the probability of winning if you switch?';
    const A =
      'Yes. Switching wins with probability $\\frac{2}{3}$, while staying wins with probability $\\frac{1}{3}$.';
    const VALUE = { kind: 'value' } as const;
    expect(verdict(Q, A, '\\frac{2}{3}', VALUE)).toEqual({ correct: true });
    expect(verdict(Q, A, '\\frac{1}{3}', VALUE)).toEqual({ correct: false });
    expect(verdict(Q, A, '\\frac{1}{2}', VALUE)).toEqual({ correct: false });
  });

  it('applies a tolerance to decimals, not to an exact value unequal to the exact one stored', () => {
    const Q = 'What is the probability of a full house?';
    const A = '$\\frac{3744}{2\\,598\\,960} = \\frac{6}{4165} \\approx 0.00144$';
    expect(verdict(Q, A, '0.00144')).toEqual({ correct: true });
    expect(verdict(Q, A, '\\frac{6}{4165}')).toEqual({ correct: true });
    expect(verdict(Q, A, '\\frac{6}{4156}')).toEqual({ correct: false });
    expect(verdict(Q, A, '0.0014')).toEqual({ correct: false });
    // A stored decimal alone: an exact expression for it is within its tolerance.
    const AREA =
      'Find the area of a triangle with sides $8$ cm and $11$ cm and included angle $35^\\circ$.';
    expect(verdict(AREA, 'About $25.24\\text{ cm}^2$', '44\\sin35\\degree')).toEqual({
      correct: true,
    });
    expect(verdict(AREA, 'About $25.24\\text{ cm}^2$', '44\\sin36\\degree')).toEqual({
      correct: false,
    });
  });

  it('takes parts labelled as the stored answer labels them, numbers written equal included', () => {
    const Q =
      'Convert $225^\\circ$ to radians and find the exact values of $\\sin 225^\\circ$ and $\\cos 225^\\circ$.';
    const A =
      '$225^\\circ = \\frac{5\\pi}{4}$, $\\sin 225^\\circ = -\\frac{\\sqrt{2}}{2}$ and $\\cos 225^\\circ = -\\frac{\\sqrt{2}}{2}$';
    const R = '-\\frac{\\sqrt{2}}{2}';
    expect(
      verdict(Q, A, `225\\degree=\\frac{5\\pi}{4},\\sin225\\degree=${R},\\cos225\\degree=${R}`),
    ).toEqual({
      correct: true,
    });
    expect(
      verdict(Q, A, `225^{\\circ}=\\frac{5\\pi}{4},\\cos225\\degree=${R},\\sin225\\degree=${R}`),
    ).toEqual({
      correct: true,
    });
    // Numbers written equal must be the stored ones; the value must be right.
    expect(verdict(Q, A, `226\\degree=\\frac{5\\pi}{4},${R},${R}`)).toEqual({ correct: false });
    expect(verdict(Q, A, `225\\degree=\\frac{3\\pi}{4},${R},${R}`)).toEqual({ correct: false });
  });

  it('takes a confidence interval in either brackets, and other intervals only in their own', () => {
    const Q = 'Construct a $95\\%$ confidence interval for the mean lifetime of all such bulbs.';
    const A = '$(1220.6,\\ 1279.4)$ hours';
    expect(verdict(Q, A, '\\left[1220.6,1279.4\\right]')).toEqual({ correct: true });
    expect(verdict(Q, A, '(1220.6,1279.4)')).toEqual({ correct: true });
    expect(verdict(Q, A, '\\left[1225.3,1274.7\\right]')).toEqual({ correct: false });
    expect(verdict(Q, A, '(1279.4,1220.6)')).toEqual({ correct: false });
    expect(verdict('On which interval is $f$ increasing?', '$(-1, 3)$', '[-1,3]')).toEqual({
      correct: false,
    });
  });

  it('takes the values of several solutions of one system in the stored order', () => {
    const Q =
      'In triangle $ABC$, $a = 7$, $b = 10$ and $A = 40^\\circ$. Find all possible values of the angle $B$ and the corresponding lengths of side $c$.';
    const A =
      'Two triangles are possible: $B \\approx 66.7^\\circ$ with $c \\approx 10.43$, or $B \\approx 113.3^\\circ$ with $c \\approx 4.89$.';
    expect(verdict(Q, A, '66.7\\degree,10.43,113.3\\degree,4.89')).toEqual({ correct: true });
    expect(verdict(Q, A, '66.7,10.43,113.3,4.89')).toEqual({ correct: true });
    expect(verdict(Q, A, '66.7\\degree,4.89,113.3\\degree,10.43')).toEqual({ correct: false });
    expect(verdict(Q, A, '66.7\\degree,10.43')).toEqual({ correct: false });
    // One solution of a system: bare values could be in either order.
    expect(verdict('Solve $x + y = 6$, $x - y = 2$.', '$x = 4,\\ y = 2$', '4,2')).toEqual({
      correct: false,
    });
  });

  it('takes a Pythagorean triple with its legs either way round', () => {
    const Q = 'Find all right triangles with integer side lengths and hypotenuse $65$.';
    const A = 'There are four: $(16, 63, 65)$, $(25, 60, 65)$, $(33, 56, 65)$ and $(39, 52, 65)$.';
    expect(verdict(Q, A, '(63,16,65),(60,25,65),(56,33,65),(52,39,65)')).toEqual({ correct: true });
    expect(verdict(Q, A, '(16,63,65),(60,25,65),(33,56,65),(52,39,65)')).toEqual({ correct: true });
    expect(verdict(Q, A, '(63,16,65),(60,25,65),(56,33,65)')).toEqual({ correct: false });
    expect(verdict(Q, A, '(65,16,63),(60,25,65),(56,33,65),(52,39,65)')).toEqual({
      correct: false,
    });
  });

  it('asks only for the parts not repeated from the question nor derived from another part', () => {
    const Q =
      'Scores are normally distributed with mean $72$ and standard deviation $8$. What proportion of students score above $84$? Above what score are the top $10\\%$ of students?';
    const A =
      'About $6.7\\%$ of students score above $84$; the top $10\\%$ score above about $82.3$.';
    expect(inferAnswerSpec(Q, A).kind).toBe('parts');
    expect(verdict(Q, A, '6.7\\%,82.3')).toEqual({ correct: true });
    expect(verdict(Q, A, '6.68\\%,82.25')).toEqual({ correct: true });
    expect(verdict(Q, A, '6.7\\%,61.7')).toEqual({ correct: false });
    expect(verdict(Q, A, '6.7\\%')).toEqual({ correct: false });
    const SE =
      'A population has standard deviation $\\sigma = 12$. Find the standard error of the mean for samples of size $n = 16$, and the sample size needed to halve it.';
    const HALF = 'The standard error is $3$; a sample of size $64$ halves it to $1.5$.';
    expect(verdict(SE, HALF, '3,64')).toEqual({ correct: true });
    expect(verdict(SE, HALF, '3,64,1.5')).toEqual({ correct: true });
    expect(verdict(SE, HALF, '3,32')).toEqual({ correct: false });
    expect(verdict(SE, HALF, '3,1.5')).toEqual({ correct: false });
  });

  it('takes the slope named m, and a function by its expression', () => {
    const SLOPE = 'Find the slope of the tangent line to $x^3 + y^3 = 6xy$ at $(3, 3)$.';
    expect(verdict(SLOPE, '$-1$', 'm=-1')).toEqual({ correct: true });
    expect(verdict(SLOPE, '$-1$', 'm=1')).toMatchObject({ correct: false });
    expect(verdict(SLOPE, '$-1$', 'k=-1')).toEqual({ correct: false });
    expect(verdict('Find the area.', '$-1$', 'm=-1')).toEqual({ correct: false });
    const F = 'Find all functions $f$ such that $f(x)f(y) - f(xy) = x + y$.';
    expect(verdict(F, '$f(x) = x + 1$', 'x+1')).toEqual({ correct: true });
    expect(verdict(F, '$f(x) = x + 1$', '1+x')).toEqual({ correct: true });
    expect(verdict(F, '$f(x) = x + 1$', 'x-1')).toEqual({ correct: false });
    expect(verdict(F, '$f(x) = x + 1$', 'f(x)=x')).toEqual({ correct: false });
  });
});

describe('the public face', () => {
  it('loads no Compute Engine: everything index.ts imports, transitively, runs on the event loop', () => {
    const seen = new Set<string>();
    const visit = (file: URL) => {
      if (seen.has(file.pathname)) return;
      seen.add(file.pathname);
      const source = readFileSync(file, 'utf8');
      expect(source, file.pathname).not.toMatch(/@cortex-js\/compute-engine/);
      for (const m of source.matchAll(/^(?:import|export)\s[^;]*?from '(\.[^']+)'/gms)) {
        if (/^import type\s/.test(m[0])) continue;
        const next = new URL(`${m[1]}.ts`, file);
        if (existsSync(next)) visit(next);
      }
    };
    visit(new URL('./index.ts', import.meta.url));
    const names = [...seen].map((p) => p.split('/').pop());
    expect(names).toContain('answer-check.pool.ts');
    expect(names).toContain('infer-spec.ts');
    expect(names).not.toContain('parse-answer.ts');
    expect(names).not.toContain('check-answer.ts');
  });
});
