import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { measureCorpus } from './measure';

// The MATH public sample sits beside the repository on the build machine only (never copied in);
// a user's clone has no ../shared, so the check is skipped there.
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const CORPUS = path.resolve(repoRoot, '../shared/corpus/math-public-sample.json');

/** Level reached (100%, see docs/benchmarks.md) minus a small margin. */
const MIN_CLEAN_SHARE = 0.995;

describe('maths renderer over the MATH public sample', () => {
  it.skipIf(!existsSync(CORPUS))(
    `renders at least ${MIN_CLEAN_SHARE * 100}% of records cleanly`,
    () => {
      const records = JSON.parse(readFileSync(CORPUS, 'utf8')) as Array<{
        source_id: string;
        question: string;
        answer: string;
        procedure?: string | null;
      }>;
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
