/**
 * `npm run import -- FILE [--dry-run]`: imports a catalogue export or MATH records from FILE.
 * Always checks first; prints what would fail; then (unless --dry-run) writes, with a progress bar.
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import type { ImportReport } from '@exemplar/shared/catalogue-io';
import { loadConfig } from '../config';
import { AppError } from '../lib/errors';
import { importCatalogue } from '../modules/catalogue/io';
import { fail, openOfflineDatabase } from './offline-database';

const USAGE = 'Usage: npm run import -- FILE [--dry-run]';

function progressBar(label: string) {
  const tty = process.stderr.isTTY;
  let last = -1;
  return (done: number, total: number) => {
    const pct = total ? Math.floor((done / total) * 100) : 100;
    if (pct === last) return;
    last = pct;
    const width = 30;
    const filled = Math.round((pct / 100) * width);
    const line = `${label} [${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${pct}% (${done}/${total})`;
    if (tty) process.stderr.write(`\r${line}${done >= total ? '\n' : ''}`);
    else if (pct % 25 === 0 || done >= total) process.stderr.write(`${line}\n`);
  };
}

function summary(r: ImportReport) {
  const c = r.created;
  const lines = [
    `Format: ${r.format}. Records: ${r.total}.`,
    `${r.dryRun ? 'Would import' : 'Imported'}: ${r.imported}. Already there: ${r.duplicates}. Refused: ${r.failed}.`,
    `${r.dryRun ? 'Would create' : 'Created'}: ${c.subjects} subjects, ${c.categories} categories, ${c.difficulties} difficulties, ${c.types} types.`,
  ];
  for (const f of r.failures.slice(0, 20))
    lines.push(`  #${f.index + 1} ${f.ref}: ${f.problems.join('; ')}`);
  if (r.failed > 20) lines.push(`  … and ${r.failed - 20} more.`);
  return lines.join('\n');
}

async function main() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      'dry-run': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) return console.log(USAGE);
  if (positionals.length !== 1) fail(USAGE, 64);
  const file = positionals[0]!;
  let data: unknown;
  try {
    data = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (err) {
    fail(`Cannot read ${file} as JSON: ${err instanceof Error ? err.message : String(err)}`, 66);
  }
  const database = await openOfflineDatabase('Stop the server first, or import through /admin.');
  // Read after openOfflineDatabase, which has refused a configuration that does not load.
  const checkTimeoutMs = loadConfig().IMPORT_CHECK_TIMEOUT_MS;
  try {
    const dry = await importCatalogue(database.db, data, {
      dryRun: true,
      checkTimeoutMs,
      onProgress: progressBar('Checking '),
    });
    console.log(summary(dry));
    if (values['dry-run']) return;
    if (dry.imported === 0) return console.log('Nothing to import.');
    const real = await importCatalogue(database.db, data, {
      dryRun: false,
      checkTimeoutMs,
      onProgress: progressBar('Importing'),
    });
    if (real.imported > 0) await database.refreshStatistics();
    console.log(summary(real));
  } catch (err) {
    fail(
      `Nothing was imported: ${err instanceof AppError || err instanceof Error ? err.message : String(err)}`,
    );
  } finally {
    await database.close();
  }
}

await main();
