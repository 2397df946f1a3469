// `npm run bench`: throughput and latency of the API against the ceiling for each payload, on
// SQLite and on PostgreSQL, with a generated catalogue of 100,000 examples and 1,000 categories;
// the server-rendered public pages on the same catalogue (cache hits against their ceilings, and
// cold renders); what the drafts' status condition costs on cold reads (visitor against editor,
// and the list's query plans); plus the time to import the MATH public sample. Writes its tables
// into docs/benchmarks.md.
//
// Options: --examples N (100000) --duration S (8) --engines sqlite,postgres
//   --only api,compression,pages,drafts (all four by default; each writes its own part of the
//   file; the import time is part of api; drafts adds 30 s of load per engine at --duration 8,
//   on the catalogue and server the others use) --help (these lines, and nothing run)
// PostgreSQL: BENCH_PG_ADMIN_URL (postgres://postgres@127.0.0.1:5432/postgres) must let us create a database.
//
// The parts: bench/engine.ts (one engine's measurements), bench/pages.ts (its pages' rows),
// bench/load.ts (autocannon), bench/same-bytes.ts (the ceiling), bench/processes.ts (servers),
// bench/drafts.ts (the drafts' rows and plans), bench/plans.ts (EXPLAIN),
// bench/api-report.ts (the API, drafts and pages sections), bench/compression.ts.
import fs from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { apiSection, draftsSection, pagesSection, writeSection } from './bench/api-report';
import { benchCompression } from './bench/compression';
import {
  benchEngine,
  benchImport,
  noResults,
  pgAvailable,
  type EngineResults,
} from './bench/engine';
import { run, runCold } from './bench/load';
import { freePort, root, spawnNode, stop, waitFor } from './bench/processes';
import type { Engine } from './bench/types';

const { values } = parseArgs({
  options: {
    examples: { type: 'string', default: '100000' },
    duration: { type: 'string', default: '8' },
    engines: { type: 'string', default: 'sqlite,postgres' },
    only: { type: 'string', default: 'api,compression,pages,drafts' },
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
const PARTS = ['api', 'compression', 'pages', 'drafts'];
const unknown = [...ONLY].filter((part) => !PARTS.includes(part));
if (unknown.length) {
  console.error(`--only: no part named ${unknown.join(', ')} (${PARTS.join(', ')})`);
  process.exit(1);
}
/** The machine's load average when the run began (the sections also give it at their end). */
const loadAtStart = os.loadavg();
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
const parts = { api: ONLY.has('api'), pages: ONLY.has('pages'), drafts: ONLY.has('drafts') };
if (!parts.api && !parts.pages && !parts.drafts) process.exit(0);

const results: EngineResults = noResults();
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
    parts,
  });
  for (const key of Object.keys(results) as (keyof EngineResults)[])
    (results[key] as unknown[]).push(...measured[key]);
}

/** What every section of the report states about the run. */
const runFields = { examples: EXAMPLES, duration: DURATION, skipped, loadAtStart };

if (parts.drafts) {
  const { section, table, plansText } = draftsSection({
    ...runFields,
    rows: results.drafts,
    totals: results.draftsTotals,
    plans: results.draftsPlans,
  });
  writeSection('bench-drafts', section);
  console.log(table);
  console.log(`\n${plansText}`);
}
if (parts.pages) {
  const { section, table, coldTable } = pagesSection({
    ...runFields,
    rows: results.pages,
    coldRows: results.coldPages,
  });
  writeSection('bench-pages', section);
  console.log(table);
  console.log(`\n${coldTable}`);
}
if (!parts.api) process.exit(0);

const importLine = await benchImport();
const { section, table, signedInTable, coldTable } = apiSection({
  examples: EXAMPLES,
  duration: DURATION,
  rows: results.rows,
  signedInRows: results.signedIn,
  coldRows: results.cold,
  skipped,
  importLine,
});
writeSection('bench', section);
console.log(table);
console.log(`\n${signedInTable}`);
console.log(`\n${coldTable}`);
console.log(`\nImport: ${importLine}`);
