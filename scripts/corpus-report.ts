/**
 * What the corpus scripts (render-corpus.ts, check-corpus.ts) share: where the MATH public sample
 * is read from (the first argument that is not a flag, else ../shared/corpus beside the
 * repository; it is never copied in), the machine line every report starts with, and the
 * formatting of shares and table cells.
 */
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The corpus file named on the command line, or the sample beside the repository. */
export function corpusFile(args: string[]): string {
  return (
    args.find((a) => !a.startsWith('--')) ??
    path.resolve(repoRoot, '../shared/corpus/math-public-sample.json')
  );
}

export function readCorpus<T>(file: string): T[] {
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
