import { describe, expect, it } from 'vitest';
import { readBatteryExamples, runDemoBattery, specOf, type BatteryReport } from './demo-battery';

/**
 * The test answers of the demo catalogue (apps/api/src/db/seed/demo-catalogue.json) the checker
 * does not yet mark as a teacher would: each entry is the example's number in the file (from 1)
 * and the test answer, grouped by the reason. The list is asserted exactly: a fix that makes one of
 * them agree must remove it here, and a change that makes another one disagree fails the test.
 * `node --import tsx scripts/answer-battery.ts --known` prints the current disagreements as entries.
 */
const KNOWN: { reason: string; answers: [number, string][] }[] = [
  // Notation a learner types that the checker does not read as a teacher does.
  {
    reason: 'a confidence interval in closed brackets: an interval’s brackets must match exactly',
    answers: [[77, '\\left[1220.6,1279.4\\right]']],
  },
  {
    reason: 'a function given by its expression (x + 1 for f(x) = x + 1)',
    answers: [[19, 'x+1']],
  },
  {
    reason: 'the slope named m, a name the question does not use',
    answers: [[34, 'm=-1']],
  },
  {
    reason: 'the legs of a Pythagorean triple in the other order: tuples must match item by item',
    answers: [
      [
        121,
        '\\left(63,16,65\\right),\\left(60,25,65\\right),\\left(56,33,65\\right),\\left(52,39,65\\right)',
      ],
    ],
  },
  // Stored answers whose text the checker does not read as the answer it is.
  {
    reason:
      'a condition after the answer (where k ∈ ℤ; n ≡ 23 (mod 105)) makes the stored answer one that cannot be typed',
    answers: [
      [106, 'x=\\frac{\\pi}{4}+\\frac{k\\pi}{2}\\lor x=\\frac{\\pi}{6}+\\frac{k\\pi}{3}'],
      [106, 'x=\\frac{\\pi}{6}+\\frac{k\\pi}{3},x=\\frac{\\pi}{4}+\\frac{k\\pi}{2}'],
      [106, 'x=\\frac{\\pi}{4}+\\frac{\\pi k}{2},x=\\frac{\\pi}{6}+\\frac{\\pi k}{3}'],
      [106, 'x=\\frac{\\left(2k+1\\right)\\pi}{4},x=\\frac{\\left(2k+1\\right)\\pi}{6}'],
      [106, 'x=\\frac{\\pi}{4}+\\frac{n\\pi}{2},x=\\frac{\\pi}{6}+\\frac{n\\pi}{3}'],
      [106, 'x=-\\frac{\\pi}{4}+\\frac{k\\pi}{2},x=\\frac{\\pi}{6}+\\frac{k\\pi}{3}'],
      [120, '23,128'],
      [120, '128,23'],
      [120, '23\\text{ or }128'],
      [120, 'n=23,n=128'],
    ],
  },
  {
    reason: 'the parameter named in the words (“for any integer $t$”) is read as a third part',
    answers: [
      [116, 'x=-4+5t,y=6-7t'],
      [116, 'x=5t-4,y=6-7t'],
      [116, 'y=6-7t,x=5t-4'],
      [116, 'x=1+5t,y=-1-7t'],
    ],
  },
  {
    reason:
      'numbers the stored answer repeats or adds (the question’s 84 and 10%, the halved error 1.5) are read as parts the learner must give',
    answers: [
      [68, '3,64'],
      [68, '3,n=64'],
      [68, '\\frac{12}{4},64'],
      [76, '6.7\\%,82.3'],
      [76, '0.067,82.3'],
      [76, '6.68\\%,82.25'],
    ],
  },
  {
    reason:
      'the parts labelled as the stored answer labels them (225° = 5π/4, sin 225° = …) are not accepted, where the unlabelled values are',
    answers: [
      [
        89,
        '225\\degree=\\frac{5\\pi}{4},\\sin225\\degree=-\\frac{\\sqrt{2}}{2},\\cos225\\degree=-\\frac{\\sqrt{2}}{2}',
      ],
    ],
  },
  {
    reason:
      'two triangles (B, c) given unlabelled: the stored labels B and c repeat, so it is read as a system, and bare values are refused',
    answers: [
      [103, '66.7\\degree,10.43,113.3\\degree,4.89'],
      [103, '66.7,10.43,113.3,4.89'],
    ],
  },
  // What a spec says that the checking does not yet honour.
  {
    reason: 'choice: the question’s own expression, equal to the option’s value, is accepted',
    answers: [[3, 'x^2-5x+6']],
  },
  {
    reason:
      'value: a stored answer with two different values (switch 2/3, stay 1/3) is read as one value written twice, so either is accepted',
    answers: [[73, '\\frac{1}{3}']],
  },
  {
    reason: 'the tolerance of a stored approximation (±0.000005) accepts a wrong exact fraction',
    answers: [[80, '\\frac{6}{4156}']],
  },
  {
    reason:
      'a prime factorisation is not asked for: 360 and 2²·3²·10 are accepted (one form for all the parts)',
    answers: [
      [107, '2^2\\cdot3^2\\cdot10,24'],
      [107, '360,24'],
    ],
  },
];

const examples = readBatteryExamples();
const report: BatteryReport = runDemoBattery(examples);

describe('the demo catalogue’s test answers', () => {
  it('cover every example whose answer can be checked: at least 3 right and 2 wrong answers each, 500 in all', () => {
    expect(report.testAnswers).toBeGreaterThanOrEqual(500);
    const thin = examples.flatMap((e, i) => {
      if (e.testAnswers.length === 0) return [];
      const right = e.testAnswers.filter((t) => t.accept).length;
      const wrong = e.testAnswers.length - right;
      return right >= 3 && wrong >= 2 ? [] : [`example ${i + 1}: ${right} right, ${wrong} wrong`];
    });
    expect(thin).toEqual([]);
    // The examples without test answers are those the checker does not mark (proofs, prose).
    const mismatched = examples.flatMap((e, i) => {
      const marked = specOf(e).spec.kind !== 'none';
      return marked === e.testAnswers.length > 0
        ? []
        : [`example ${i + 1}: ${marked ? 'no test answers' : 'not marked'}`];
    });
    expect(mismatched).toEqual([]);
  });

  it('get the verdict the catalogue gives, except the known disagreements', () => {
    const table = Object.entries(report.kinds)
      .map(
        ([kind, k]) =>
          `${kind}: right accepted ${k.accepted}/${k.right}, wrong refused ${k.refused}/${k.wrong}`,
      )
      .join('\n');
    console.info(`Demo battery, ${report.testAnswers} test answers:\n${table}`);
    const key = (example: number, answer: string) => `#${example} ${answer}`;
    const known = KNOWN.flatMap((g) => g.answers.map(([n, a]) => key(n, a))).sort();
    const found = report.disagreements.map((d) => key(d.example, d.answer)).sort();
    const detail = report.disagreements
      .filter((d) => !known.includes(key(d.example, d.answer)))
      .map((d) => `${key(d.example, d.answer)} (${d.accept ? 'right' : 'wrong'}): ${d.checker}`);
    const agreeing = known.filter((k) => !found.includes(k));
    expect(
      found,
      `new disagreements:\n${detail.join('\n')}\nknown ones that now agree (remove them from KNOWN):\n${agreeing.join('\n')}`,
    ).toEqual(known);
  });
});
