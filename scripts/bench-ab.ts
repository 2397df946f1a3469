// `npm run bench:ab -- --before DIR`: the API of two checkouts, before and after a change, measured
// side by side on ONE generated catalogue, in alternating order, so that what differs between the
// two columns is the code and nothing else. Prints a Markdown table; writes no file.
//
// Why not two `npm run bench` runs: each generates, vacuums and drops its own 100,000-example
// catalogue, and on PostgreSQL the second run then measured 25-40 % lower on its database rows
// whichever code it ran (see docs/benchmarks.md). Here both servers read the same database and
// take turns (before, after; then after, before; ...), and each figure is the median of its rounds.
//
// Options: --before DIR (required: a checkout with its node_modules installed) --after DIR (this
//   checkout) --engine postgres|sqlite (postgres) --examples N (100000) --rounds R (5)
//   --duration S (4, per round) --help (these lines, and nothing run)
// Both checkouts must have the same migrations: the older server refuses a database that holds a
// migration it does not know. PostgreSQL: BENCH_PG_ADMIN_URL as for `npm run bench`.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import pg from 'pg';
import { createDatabase, SQLITE_FILE } from '../apps/api/src/db/database';
import { migrate } from '../apps/api/src/db/migrate';
import { coldQueries, generateCatalogue } from './bench/generate';
import { benchEndpoints, startApi } from './bench/engine';
import { median, run, runCold } from './bench/load';
import { root, stop } from './bench/processes';

const { values } = parseArgs({
  options: {
    before: { type: 'string' },
    after: { type: 'string', default: root },
    engine: { type: 'string', default: 'postgres' },
    examples: { type: 'string', default: '100000' },
    rounds: { type: 'string', default: '5' },
    duration: { type: 'string', default: '4' },
    help: { type: 'boolean', default: false },
  },
});
if (values.help || !values.before) {
  const lines = fs.readFileSync(fileURLToPath(import.meta.url), 'utf8').split('\n');
  const usage = lines.slice(
    0,
    lines.findIndex((line) => !line.startsWith('//')),
  );
  console.log(usage.map((line) => line.replace(/^\/\/ ?/, '')).join('\n'));
  process.exit(values.help ? 0 : 1);
}
const engine = values.engine === 'sqlite' ? 'sqlite' : 'postgres';
const ROUNDS = Number(values.rounds);
const DURATION = Number(values.duration);
const PG_ADMIN = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const log = (line: string) => console.error(`[bench:ab] ${line}`);

const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'exemplar-bench-ab-'));
const pgName = `exemplar_bench_ab_${process.pid}`;
const adminQuery = async (text: string) => {
  const admin = new pg.Client({ connectionString: PG_ADMIN });
  await admin.connect();
  await admin.query(text).finally(() => admin.end());
};
let databaseUrl: string | undefined;
if (engine === 'postgres') {
  await adminQuery(`create database ${pgName}`);
  const u = new URL(PG_ADMIN);
  u.pathname = `/${pgName}`;
  databaseUrl = u.toString();
}
const servers: {
  label: string;
  base: string;
  auth: Record<string, string>;
  stop: () => Promise<void>;
}[] = [];
try {
  log(`${engine}: generating ${values.examples} examples`);
  const seedDir = path.join(workDir, 'seed');
  fs.mkdirSync(seedDir);
  const database = createDatabase({ dataDir: seedDir, databaseUrl });
  await migrate(database);
  const ids = await database.db
    .transaction()
    .execute((trx) => generateCatalogue(trx, Number(values.examples)));
  if (engine === 'postgres') await sql`vacuum analyze`.execute(database.db);
  // A published example (2% of the generated ones are drafts, whose position a visitor cannot ask).
  const { id: middleId } = await database.db
    .selectFrom('examples')
    .where('status', '=', 'published')
    .select('id')
    .orderBy('id')
    .offset(Math.floor(Number(values.examples) / 2))
    .limit(1)
    .executeTakeFirstOrThrow();
  await database.close();

  for (const [label, cwd] of [
    ['before', path.resolve(values.before)],
    ['after', path.resolve(values.after!)],
  ] as const) {
    // SQLite: each server gets its own copy of the generated file (a data directory has one owner).
    const dataDir = path.join(workDir, label);
    fs.mkdirSync(dataDir);
    if (engine === 'sqlite')
      fs.copyFileSync(path.join(seedDir, SQLITE_FILE), path.join(dataDir, SQLITE_FILE));
    const { base, server, learner } = await startApi({ dataDir, databaseUrl, cwd });
    servers.push({ label, base, auth: learner, stop: () => stop(server) });
    log(`${label}: ${cwd} at ${base}`);
  }

  const endpoints = benchEndpoints(ids, middleId);
  const cold = { list: coldQueries(400_000, ids), next: 0 };
  type Measure = (server: (typeof servers)[number]) => Promise<number>;
  const measures: [string, Measure][] = [];
  for (const [name, p] of endpoints) {
    measures.push([`${name}, visitor`, async (s) => (await run(`${s.base}${p}`, DURATION)).rps]);
    if (p.startsWith('/api/examples'))
      measures.push([
        `${name}, signed in`,
        async (s) => (await run(`${s.base}${p}`, DURATION, s.auth)).rps,
      ]);
  }
  measures.push(
    ['GET /api/examples cold, visitor', async (s) => (await runCold(s.base, cold, DURATION)).rps],
    [
      'GET /api/examples cold, signed in',
      async (s) => (await runCold(s.base, cold, DURATION, s.auth)).rps,
    ],
  );

  const lines = [
    `| ${engine} | before req/s (rounds) | after req/s (rounds) | after ÷ before (medians) |`,
    '|---|---|---|---|',
  ];
  for (const [name, measure] of measures) {
    log(name);
    for (const s of servers) await measure(s); // warm-up: caches filled, connections open
    const rounds = new Map(servers.map((s) => [s.label, [] as number[]]));
    for (let i = 0; i < ROUNDS; i++) {
      const order = i % 2 === 0 ? servers : [...servers].reverse();
      for (const s of order) rounds.get(s.label)!.push(Math.round(await measure(s)));
    }
    const [before, after] = [rounds.get('before')!, rounds.get('after')!];
    const ratio = median(after) / median(before);
    lines.push(
      `| ${name} | **${median(before)}** (${before.join(', ')}) | **${median(after)}** (${after.join(', ')}) | ${(ratio * 100).toFixed(0)} % |`,
    );
  }
  console.log(lines.join('\n'));
} finally {
  for (const s of servers) await s.stop();
  fs.rmSync(workDir, { recursive: true, force: true });
  if (engine === 'postgres')
    await adminQuery(`drop database if exists ${pgName} with (force)`).catch((err: unknown) =>
      log(`could not drop ${pgName}: ${String(err)}`),
    );
}
