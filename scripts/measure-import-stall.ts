/**
 * How long a real SQLite import holds the event loop, and where: imports N records built from the
 * MATH public sample (the file MATH_CORPUS names; README, "Corpus runs") into a fresh SQLite
 * database through `importCatalogue`, with a 2 ms timer watching the event loop, and
 * prints every turn longer than 30 ms (when it began, how long it took). The last one is the
 * COMMIT. The maths is checked on the worker thread first, outside the watch; the CLI's own
 * parsing of the records (on this thread; the HTTP route does it on the worker) shows as one turn.
 *
 *   node --import tsx scripts/measure-import-stall.ts [records=30000]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createDatabase } from '../apps/api/src/db/database';
import { migrate } from '../apps/api/src/db/migrate';
import { checkImportMaths, importCatalogue } from '../apps/api/src/modules/catalogue/io';
import { mathCorpusFile, readCorpus } from './corpus-report';

const N = Number(process.argv[2] ?? 30_000);
const corpus = readCorpus<{ question: string }>(mathCorpusFile());
const records = Array.from({ length: N }, (_, i) => {
  const r = corpus[i % corpus.length]!;
  return { ...r, source_id: `stall/${i}`, question: `${r.question} (${i})` };
});

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'exemplar-stall-'));
const handle = createDatabase({ dataDir: dir });
try {
  await migrate(handle);
  const mathIssues = await checkImportMaths(records);
  const turns: [number, number][] = [];
  const t0 = performance.now();
  let last = t0;
  const timer = setInterval(() => {
    const now = performance.now();
    if (now - last > 30) turns.push([Math.round(last - t0), Math.round(now - last)]);
    last = now;
  }, 2);
  const report = await importCatalogue(handle.db, records, { dryRun: false, mathIssues });
  const took = performance.now() - t0;
  await new Promise((r) => setTimeout(r, 50));
  clearInterval(timer);
  const wal = path.join(dir, 'exemplar.sqlite-wal');
  console.log(
    `imported ${report.imported} (refused ${report.failed}) in ${Math.round(took)} ms; write-ahead log ${(fs.statSync(wal).size / 1e6).toFixed(1)} MB`,
  );
  console.log(`event-loop turns over 30 ms [began at ms, lasted ms]: ${JSON.stringify(turns)}`);
  console.log(`last turn (the COMMIT): ${turns.at(-1)?.[1] ?? '< 30'} ms`);
} finally {
  await handle.close();
  fs.rmSync(dir, { recursive: true, force: true });
}
