// `npm run bench`: throughput and latency of the API against the ceiling for each payload, on
// SQLite and on PostgreSQL, with a generated catalogue of 100,000 examples and 1,000 categories;
// plus the time to import the MATH public sample. Writes its table into docs/benchmarks.md.
//
// Options: --examples N (100000) --duration S (8) --engines sqlite,postgres
//   --only api,compression (both by default; each writes its own part of the file; the import
//   time is part of api) --help (these lines, and nothing run)
// PostgreSQL: BENCH_PG_ADMIN_URL (postgres://postgres@127.0.0.1:5432/postgres) must let us create a database.
//
// The parts: bench/engine.ts (one engine's measurements), bench/load.ts (autocannon),
// bench/processes.ts (servers), bench/api-report.ts (the API section), bench/compression.ts.
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { apiSection, writeSection } from './bench/api-report';
import { benchCompression } from './bench/compression';
import {
  benchEngine,
  benchImport,
  pgAvailable,
  type ColdRow,
  type Engine,
  type Row,
  type SignedInRow,
} from './bench/engine';
import { run, runCold } from './bench/load';
import { freePort, root, spawnNode, stop, waitFor } from './bench/processes';

const { values } = parseArgs({
  options: {
    examples: { type: 'string', default: '100000' },
    duration: { type: 'string', default: '8' },
    engines: { type: 'string', default: 'sqlite,postgres' },
    only: { type: 'string', default: 'api,compression' },
    help: { type: 'boolean', default: false },
  },
});
if (values.help) {
  // The comment at the top of this file is the usage.
  const lines = fs.readFileSync(fileURLToPath(import.meta.url), 'utf8').split('\n');
  const usage = lines.slice(
    0,
    lines.findIndex((line) => !line.startsWith('//')),
  );
  console.log(usage.map((line) => line.replace(/^\/\/ ?/, '')).join('\n'));
  process.exit(0);
}
const ONLY = new Set(values.only!.split(','));
const EXAMPLES = Number(values.examples);
const DURATION = Number(values.duration);
const PG_ADMIN = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

if (ONLY.has('compression')) {
  const section = await benchCompression({
    root,
    duration: DURATION,
    freePort,
    spawnNode,
    waitFor,
    stop,
    run,
    runCold,
  });
  writeSection('bench-compression', section);
  console.log(section);
}
if (!ONLY.has('api')) process.exit(0);

const rows: Row[] = [];
const signedInRows: SignedInRow[] = [];
const coldRows: ColdRow[] = [];
const skipped: string[] = [];
for (const engine of values.engines!.split(',') as Engine[]) {
  if (engine === 'postgres' && !(await pgAvailable(PG_ADMIN))) {
    skipped.push(`postgres (no server at ${new URL(PG_ADMIN).host})`);
    continue;
  }
  const measured = await benchEngine(engine, {
    examples: EXAMPLES,
    duration: DURATION,
    pgAdmin: PG_ADMIN,
  });
  rows.push(...measured.rows);
  signedInRows.push(...measured.signedIn);
  coldRows.push(...measured.cold);
}
const importLine = await benchImport();

const { section, table, signedInTable, coldTable } = apiSection({
  examples: EXAMPLES,
  duration: DURATION,
  rows,
  signedInRows,
  coldRows,
  skipped,
  importLine,
});
writeSection('bench', section);
console.log(table);
console.log(`\n${signedInTable}`);
console.log(`\n${coldTable}`);
console.log(`\nImport: ${importLine}`);
