import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { measureCorpus } from './measure';

// The MATH public sample sits beside the repository on the build machine only (never copied in);
// a user's clone has no ../shared, so the check is skipped there. MATH_CORPUS names another copy.
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const CORPUS =
  process.env.MATH_CORPUS ?? path.resolve(repoRoot, '../shared/corpus/math-public-sample.json');

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

const readCorpus = () => JSON.parse(readFileSync(CORPUS, 'utf8')) as CorpusRecord[];

describe('maths renderer over the MATH public sample', () => {
  it.skipIf(!existsSync(CORPUS))(
    `renders ${MIN_CLEAN_SHARE * 100}% of records cleanly as written`,
    () => {
      const records = readCorpus();
      const report = measureCorpus(
        records.map((r) => ({
          id: r.source_id,
          fields: [r.question ?? '', r.answer ?? '', r.procedure ?? ''],
        })),
      );
      expect(report.records).toBe(records.length);
      expect(
        report.share,
        JSON.stringify(report.causes.slice(0, 5), null, 1),
      ).toBeGreaterThanOrEqual(MIN_CLEAN_SHARE);
    },
    120_000,
  );
});
