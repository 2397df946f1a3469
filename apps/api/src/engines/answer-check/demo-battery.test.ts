import { describe, expect, it } from 'vitest';
import { readBatteryExamples, runDemoBattery, specOf, type BatteryReport } from './demo-battery';

/**
 * The test answers of the demo catalogue (apps/api/src/db/seed/demo-catalogue.json) the checker
 * does not yet mark as a teacher would: each entry is the example's number in the file (from 1)
 * and the test answer, grouped by the reason. The list is asserted exactly: a fix that makes one of
 * them agree must remove it here, and a change that makes another one disagree fails the test.
 * `node --import tsx scripts/answer-battery.ts --known` prints the current disagreements as entries.
 */
const KNOWN: { reason: string; answers: [number, string][] }[] = [];

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
