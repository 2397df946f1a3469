/**
 * What the corpus scripts (render-corpus.ts, check-corpus.ts, the measure-* scripts, the bench's
 * import) share: where the MATH public sample is read from (`mathCorpusFile`; README, "Corpus
 * runs"), the machine line every report starts with, and the formatting of shares and table cells.
 */
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The MATH public sample, which is not part of the repository: the file MATH_CORPUS names, else
 * `math-public-sample.json` in `shared/corpus` beside the clone (where the build machine keeps it).
 */
export function mathCorpusFile(): string {
  return (
    process.env.MATH_CORPUS || path.resolve(repoRoot, '../shared/corpus/math-public-sample.json')
  );
}

/** The file named on the command line (the first argument that is not a flag), else mathCorpusFile(). */
export function corpusFile(args: string[]): string {
  return args.find((a) => !a.startsWith('--')) ?? mathCorpusFile();
}

/** The records of the corpus at `file`; the process ends with a plain message when it is missing. */
export function readCorpus<T>(file: string): T[] {
  if (!existsSync(file)) {
    console.error(
      `No MATH corpus at ${file}: set MATH_CORPUS to math-public-sample.json (README, "Corpus runs").`,
    );
    process.exit(1);
  }
  return JSON.parse(readFileSync(file, 'utf8')) as T[];
}

/** CPUs, Node and the load average, which the timings that follow depend on. */
export function machineLine(): string {
  return (
    `Machine: ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? 'unknown'}), node ${process.version}, ` +
    `load average ${os.loadavg()[0]!.toFixed(2)} (timings are noisy under load)`
  );
}

export const pct = (x: number) => `${(x * 100).toFixed(2)}%`;

/** A text made safe for one cell of a Markdown table. */
export const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, '⏎').replace(/`/g, 'ˋ');
