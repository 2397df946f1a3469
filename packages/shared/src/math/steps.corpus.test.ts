import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { corpusMissing, MATH_CORPUS } from '../../test/math-corpus';
import { checkMath } from './check-math';
import { splitMath } from './split-math';
import { procedureSteps } from './steps';

interface CorpusRecord {
  source_id: string;
  procedure?: string | null;
}

/** Maths kinds in order: a step that cut a formula would read its halves differently. */
const mathsOf = (text: string) =>
  splitMath(text)
    .filter((s) => s.kind !== 'text')
    .map((s) => `${s.kind}:${s.raw}`);
const issuesOf = (text: string) => checkMath(text).map((i) => `${i.kind}:${i.source}`);
const squash = (text: string) => text.replace(/\s+/g, '');

/**
 * How the 3,000 procedures divide (docs/benchmarks.md, "Procedure steps"): records giving one
 * step, two to five, six or more, and the most steps one record gives. Asserted exactly, so a change of rule shows here and in the docs.
 */
const EXPECTED = { none: 0, one: 370, twoToFive: 2246, sixOrMore: 384, most: 26 };

describe('procedure steps over the MATH public sample (procedures as the import stores them)', () => {
  it('no step cuts a formula or adds a maths issue, the steps join back to the procedure, and the 3,000 give one step: 370, two to five: 2,246, six or more: 384 (26 at most)', ({
    skip,
  }) => {
    if (corpusMissing) skip(corpusMissing);
    const records = JSON.parse(readFileSync(MATH_CORPUS, 'utf8')) as CorpusRecord[];
    expect(records).toHaveLength(3000);
    const counts = { none: 0, one: 0, twoToFive: 0, sixOrMore: 0, most: 0 };
    const problems: string[] = [];
    for (const record of records) {
      const procedure = record.procedure ?? '';
      const steps = procedureSteps(procedure);
      const n = steps.length;
      counts.most = Math.max(counts.most, n);
      if (n === 0) counts.none++;
      else if (n === 1) counts.one++;
      else if (n <= 5) counts.twoToFive++;
      else counts.sixOrMore++;
      if (squash(steps.join(' ')) !== squash(procedure)) {
        problems.push(`${record.source_id}: steps do not join back to the procedure`);
      }
      const maths = mathsOf(procedure);
      if (JSON.stringify(steps.flatMap(mathsOf)) !== JSON.stringify(maths)) {
        problems.push(`${record.source_id}: the steps read the maths differently`);
      }
      const known = new Set(issuesOf(procedure));
      for (const step of steps) {
        const added = issuesOf(step).filter((issue) => !known.has(issue));
        if (added.length) problems.push(`${record.source_id}: ${added.join(', ')}`);
      }
    }
    expect(problems.slice(0, 10)).toEqual([]);
    expect(counts).toEqual(EXPECTED);
  }, 180_000);
});
