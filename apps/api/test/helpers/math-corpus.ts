import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The MATH public sample (3,000 records of the MATH dataset), which is not part of the repository:
 * the file MATH_CORPUS names, else `shared/corpus/math-public-sample.json` beside the clone, where
 * the build machine keeps it (README, "Corpus runs"). Without it the tests over it are skipped and
 * say why: `corpusMissing` is printed once by each test file that imports this, and is the note of
 * each skip (`vitest --reporter=verbose` shows it beside the test).
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

export const MATH_CORPUS =
  process.env.MATH_CORPUS || path.resolve(repoRoot, '../shared/corpus/math-public-sample.json');

/** Why the corpus tests are skipped, or null when the corpus is there. */
export const corpusMissing: string | null = existsSync(MATH_CORPUS)
  ? null
  : `corpus tests skipped: ${MATH_CORPUS} not found; set MATH_CORPUS to the MATH public sample (README, "Corpus runs")`;

if (corpusMissing) console.warn(corpusMissing);
