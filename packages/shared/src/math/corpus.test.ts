import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { corpusMissing, MATH_CORPUS } from '../../test/math-corpus';
import { measureCorpus } from './measure';

/**
 * Every record renders cleanly as written (docs/benchmarks.md; decision 039: the renderer reads
 * `$…$` as TeX does, so no text needs rewriting on import).
 */
const MIN_CLEAN_SHARE = 1;

interface CorpusRecord {
  source_id: string;
  question: string;
  answer: string;
  procedure?: string | null;
}

const readCorpus = () => JSON.parse(readFileSync(MATH_CORPUS, 'utf8')) as CorpusRecord[];

describe('maths renderer over the MATH public sample', () => {
  it(`renders ${MIN_CLEAN_SHARE * 100}% of records cleanly as written`, ({ skip }) => {
    if (corpusMissing) skip(corpusMissing);
    const records = readCorpus();
    const report = measureCorpus(
      records.map((r) => ({
        id: r.source_id,
        fields: [r.question ?? '', r.answer ?? '', r.procedure ?? ''],
      })),
    );
    expect(report.records).toBe(records.length);
    expect(report.share, JSON.stringify(report.causes.slice(0, 5), null, 1)).toBeGreaterThanOrEqual(
      MIN_CLEAN_SHARE,
    );
  }, 120_000);
});
