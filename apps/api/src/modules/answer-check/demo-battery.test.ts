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
    reason: 'a unit as the maths field writes it with a space, \\mathrm{~m}, is not read as a unit',
    answers: [
      [26, '2\\mathrm{~s},21.6\\mathrm{~m}'],
      [48, '12\\mathrm{~m}'],
    ],
  },
  {
    reason: 'a unit typed bare after a constant (490000π J), not after a number, is not read',
    answers: [[38, '490000\\pi J']],
  },
  {
    reason: '\\ln2\\cdot\\pi is read as ln(2π); a teacher reads (ln 2)·π',
    answers: [[41, '\\frac{\\ln2\\cdot\\pi}{8}']],
  },
  {
    reason: '“and” typed as text between the parts of an ordered answer is not read as a joint',
    answers: [
      [8, '22\\text{ and }18'],
      [8, '22\\text{ adults and }18\\text{ children}'],
      [17, '-2\\text{ and }5'],
      [107, '2^3\\cdot3^2\\cdot5\\text{ and }24'],
      [109, '18\\text{ and }2772'],
      [117, '8\\text{ pens and }4\\text{ notebooks}'],
      [117, '8\\text{ and }4'],
    ],
  },
  {
    reason: 'a per cent is not the same proportion as a fraction or decimal (68% and 0.68)',
    answers: [
      [67, '0.68'],
      [72, '16.1\\%'],
      [84, '25\\%'],
    ],
  },
  {
    reason: 'an angle in radians (π/3) is not accepted for a stored angle in degrees (60°)',
    answers: [[96, '\\frac{\\pi}{3}']],
  },
  {
    reason: 'a time of day (8:36) is read as a ratio',
    answers: [[110, '8:36']],
  },
  {
    reason: 'a multiple-choice option typed as its words (Thursday) is refused as having no maths',
    answers: [[111, '\\text{Thursday}']],
  },
  // Stored answers whose text the checker does not read as the answer it is.
  {
    reason: 'a proportion typed as a decimal (0.067) for a stored per cent (6.7%)',
    answers: [[76, '0.067,82.3']],
  },
  // What a spec says that the checking does not yet honour.
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
