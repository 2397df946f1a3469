// `npm run bench`: throughput and latency of the API against the ceiling for each payload, on
// SQLite and on PostgreSQL, with a generated catalogue of 100,000 examples and 1,000 categories;
// plus the time to import the MATH public sample. Writes its table into docs/benchmarks.md.
//
// Options: --examples N (100000) --duration S (8) --engines sqlite,postgres
//   --only api,compression (both by default; each writes its own part of the file; the import
//   time is part of api)
// PostgreSQL: BENCH_PG_ADMIN_URL (postgres://postgres@127.0.0.1:5432/postgres) must let us create a database.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import pg from 'pg';
import { createDatabase } from '../apps/api/src/db/database';
import { migrate } from '../apps/api/src/db/migrate';
import { importCatalogue } from '../apps/api/src/modules/catalogue-io/catalogue-io.service';
import { benchCompression } from './bench/compression';
import { coldQueries, generateCatalogue } from './bench/generate';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({
  options: {
    examples: { type: 'string', default: '100000' },
    duration: { type: 'string', default: '8' },
    engines: { type: 'string', default: 'sqlite,postgres' },
    only: { type: 'string', default: 'api,compression' },
  },
});
const ONLY = new Set(values.only!.split(','));
const EXAMPLES = Number(values.examples);
const DURATION = Number(values.duration);
const CONNECTIONS = 10;
const PG_ADMIN = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const log = (...a: unknown[]) => console.error('[bench]', ...a);

async function freePort() {
  return new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

function spawnNode(args: string[], env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return child;
}

async function waitFor(url: string, ms = 30_000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer`);
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
}

interface Row {
  engine: string;
  endpoint: string;
  bytes: number;
  rps: number;
  p50: number;
  p99: number;
  ceilingRps: number;
  ceilingP99: number;
  /** The body alone, with no headers beyond content type: what the app's headers cost. */
  bareRps: number;
  errors: number;
}

const ROUNDS = 3;
const BENCH_USER = { email: 'bench@example.com', password: 'Measure-Everything-77' };
const signedInRows: {
  engine: string;
  endpoint: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}[] = [];
/** Rows of the cold measurement: every request asks a query the server has not seen before. */
const coldRows: {
  engine: string;
  caller: string;
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}[] = [];
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function run(url: string, duration: number, headers: Record<string, string> = {}) {
  const r = await autocannon({ url, connections: CONNECTIONS, duration, headers });
  return {
    total: r.requests.total,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.non2xx,
  };
}

/**
 * Every request takes the next query from `queries` (none repeats), so nothing is answered from a
 * cache keyed by the query: what a long tail of distinct searches and filters costs.
 */
async function runCold(
  base: string,
  queries: { list: string[]; next: number },
  duration: number,
  headers: Record<string, string> = {},
) {
  const start = queries.next;
  const r = await autocannon({
    url: base,
    connections: CONNECTIONS,
    duration,
    headers,
    requests: [
      {
        method: 'GET',
        setupRequest: (req) => {
          const path = queries.list[queries.next++];
          if (!path) throw new Error('the cold measurement ran out of distinct queries');
          return { ...req, path };
        },
      },
    ],
  });
  return {
    requests: queries.next - start,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.non2xx,
  };
}

/**
 * The endpoint, its ceiling and the body-only ceiling, measured in alternating rounds (ceiling,
 * app, bare, ceiling, app, bare, ...) so that a burst of load from elsewhere on the machine hits
 * all alike; each figure is the median of its rounds.
 */
async function measureRounds(ceilingUrl: string, appUrl: string, bareUrl: string) {
  const urls = [ceilingUrl, appUrl, bareUrl];
  for (const url of urls) await run(url, 1); // warm-up
  const results = urls.map(() => [] as Awaited<ReturnType<typeof run>>[]);
  const each = Math.max(1, Math.round(DURATION / ROUNDS));
  for (let i = 0; i < ROUNDS; i++) {
    for (const [j, url] of urls.entries()) results[j]!.push(await run(url, each));
  }
  const [c, a, b] = results as [(typeof results)[0], (typeof results)[0], (typeof results)[0]];
  return {
    ceiling: { rps: median(c.map((x) => x.rps)), p99: median(c.map((x) => x.p99)) },
    bare: { rps: median(b.map((x) => x.rps)) },
    app: {
      rps: median(a.map((x) => x.rps)),
      p50: median(a.map((x) => x.p50)),
      p99: median(a.map((x) => x.p99)),
      errors: a.reduce((n, x) => n + x.errors, 0),
    },
  };
}

// Sent by every HTTP response or computed per response by Node: not part of the captured bytes.
const HOP_HEADERS = new Set([
  'date',
  'connection',
  'keep-alive',
  'content-length',
  'transfer-encoding',
]);

async function benchEngine(engine: 'sqlite' | 'postgres'): Promise<Row[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `exemplar-bench-${engine}-`));
  let databaseUrl: string | undefined;
  const pgName = `exemplar_bench_${process.pid}`;
  if (engine === 'postgres') {
    const admin = new pg.Client({ connectionString: PG_ADMIN });
    await admin.connect();
    await admin.query(`drop database if exists ${pgName}`);
    await admin.query(`create database ${pgName}`);
    await admin.end();
    const u = new URL(PG_ADMIN);
    u.pathname = `/${pgName}`;
    databaseUrl = u.toString();
  }
  try {
    log(`${engine}: generating ${EXAMPLES} examples and 1,000 categories`);
    const t0 = performance.now();
    const database = createDatabase({ dataDir, databaseUrl });
    await migrate(database);
    const { mainCategoryIds, categoryIds, difficultyIds } = await database.db
      .transaction()
      .execute((trx) => generateCatalogue(trx, EXAMPLES));
    // What autovacuum does soon after a bulk load (statistics, visibility map for index-only
    // counts). SQLite's statistics are gathered by the server at start-up.
    if (engine === 'postgres') await sql`vacuum analyze`.execute(database.db);
    // The example in the middle of the catalogue: its position counts half the examples.
    const { id: middleId } = await database.db
      .selectFrom('examples')
      .select('id')
      .orderBy('id')
      .offset(Math.floor(EXAMPLES / 2))
      .limit(1)
      .executeTakeFirstOrThrow();
    await database.close();
    log(`${engine}: generated in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

    const port = await freePort();
    const server = spawnNode(['apps/api/src/server.ts'], {
      PORT: String(port),
      DATA_DIR: dataDir,
      SEED: 'none',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      SUPERADMIN_EMAIL: BENCH_USER.email,
      SUPERADMIN_PASSWORD: BENCH_USER.password,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    });
    const base = `http://127.0.0.1:${port}`;
    await waitFor(`${base}/api/health`);
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(BENCH_USER),
    });
    if (!login.ok) throw new Error(`login answered ${login.status}`);
    const { data } = (await login.json()) as { data: { idToken: string } };
    const signedIn = { authorization: `Bearer ${data.idToken}` };

    const endpoints: [string, string][] = [
      ['GET /api/health', '/api/health'],
      ['GET /api/examples (first page)', '/api/examples'],
      [
        'GET /api/examples (category subtree + difficulty)',
        `/api/examples?categoryId=${mainCategoryIds[17]}&difficultyId=${difficultyIds[2]}`,
      ],
      ['GET /api/examples?q= (search)', '/api/examples?q=parabola%20roots'],
      ['GET /api/examples/{id}/position (middle example)', `/api/examples/${middleId}/position`],
      ['GET /api/categories/tree', '/api/categories/tree'],
    ];
    const captured = [];
    for (const [, p] of endpoints) {
      // The second answer: what the measurement gets (cached endpoints answer from memory by then).
      await fetch(`${base}${p}`);
      const res = await fetch(`${base}${p}`);
      const body = Buffer.from(await res.arrayBuffer());
      if (!res.ok) throw new Error(`${p} answered ${res.status}`);
      captured.push({
        path: p,
        headers: Object.fromEntries(
          [...res.headers].filter(([name]) => !HOP_HEADERS.has(name.toLowerCase())),
        ),
        body: body.toString('base64'),
        bytes: body.length,
      });
    }
    const ceilingFile = path.join(dataDir, 'ceiling.json');
    fs.writeFileSync(ceilingFile, JSON.stringify(captured));
    const ceilingPort = await freePort();
    const ceiling = spawnNode(['scripts/bench/ceiling.ts', String(ceilingPort), ceilingFile], {});
    await waitFor(`http://127.0.0.1:${ceilingPort}/api/health`);

    const rows: Row[] = [];
    for (const [i, [name, p]] of endpoints.entries()) {
      log(`${engine}: ${name}`);
      const {
        ceiling: c,
        app: r,
        bare,
      } = await measureRounds(
        `http://127.0.0.1:${ceilingPort}${p}`,
        `${base}${p}`,
        `http://127.0.0.1:${ceilingPort}/bare${p}`,
      );
      rows.push({
        engine,
        endpoint: name,
        bytes: captured[i]!.bytes,
        rps: r.rps,
        p50: r.p50,
        p99: r.p99,
        ceilingRps: c.rps,
        ceilingP99: c.p99,
        bareRps: bare.rps,
        errors: r.errors,
      });
    }
    // Signed-in callers are never served from the visitors' cache (their rows carry their own
    // marks): these figures are the database path itself.
    for (const [name, p] of endpoints.filter(([n]) => n.includes('/api/examples'))) {
      log(`${engine}: ${name} (signed in)`);
      await run(`${base}${p}`, 1, signedIn);
      const r = await run(`${base}${p}`, DURATION, signedIn);
      signedInRows.push({ engine, endpoint: name, ...r });
    }
    // Cold: a query never asked before on every request (visitors, then signed in, from one list
    // so the signed-in run cannot reuse pages the visitors' run cached).
    const cold = { list: coldQueries(400_000, { categoryIds, difficultyIds }), next: 0 };
    for (const [caller, headers] of [
      ['visitor', {}],
      ['signed in', signedIn],
    ] as const) {
      log(`${engine}: GET /api/examples cold (${caller})`);
      await runCold(base, cold, 1, headers);
      const r = await runCold(base, cold, DURATION, headers);
      coldRows.push({ engine, caller, ...r });
    }
    await stop(ceiling);
    await stop(server);
    return rows;
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (engine === 'postgres') {
      const admin = new pg.Client({ connectionString: PG_ADMIN });
      await admin.connect();
      await admin.query(`drop database if exists ${pgName}`);
      await admin.end();
    }
  }
}

async function benchImport(): Promise<string> {
  const corpus = path.resolve(root, '../shared/corpus/math-public-sample.json');
  if (!fs.existsSync(corpus))
    return 'skipped: ../shared/corpus/math-public-sample.json not present';
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'exemplar-bench-import-'));
  const database = createDatabase({ dataDir });
  try {
    await migrate(database);
    const records = JSON.parse(fs.readFileSync(corpus, 'utf8'));
    const t0 = performance.now();
    const report = await importCatalogue(database.db, records, { dryRun: false });
    const s = (performance.now() - t0) / 1000;
    return `${report.imported} of ${report.total} records imported (${report.failed} refused) in **${s.toFixed(1)} s** on SQLite (target < 30 s)`;
  } finally {
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function pgAvailable() {
  const c = new pg.Client({ connectionString: PG_ADMIN, connectionTimeoutMillis: 2000 });
  try {
    await c.connect();
    await c.end();
    return true;
  } catch {
    return false;
  }
}

const doc = path.join(root, 'docs/benchmarks.md');
/** Puts `section` in place of the one between its markers in docs/benchmarks.md, or appends it. */
function writeSection(marker: string, section: string) {
  const current = fs.existsSync(doc) ? fs.readFileSync(doc, 'utf8') : '# Benchmarks\n';
  const between = new RegExp(`<!-- ${marker}:start -->[\\s\\S]*<!-- ${marker}:end -->`);
  fs.writeFileSync(
    doc,
    between.test(current)
      ? current.replace(between, () => section)
      : `${current.trimEnd()}\n\n${section}\n`,
  );
}

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
const skipped: string[] = [];
for (const engine of values.engines!.split(',') as ('sqlite' | 'postgres')[]) {
  if (engine === 'postgres' && !(await pgAvailable())) {
    skipped.push(`postgres (no server at ${new URL(PG_ADMIN).host})`);
    continue;
  }
  rows.push(...(await benchEngine(engine)));
}
const importLine = await benchImport();

const target = (engine: string) => (engine === 'sqlite' ? 0.5 : 0.35);
const table = [
  '| engine | endpoint | bytes | req/s | p50 ms | p99 ms | ceiling req/s | ratio | target met | body-only ceiling req/s | ratio to it |',
  '|---|---|---:|---:|---:|---:|---:|---:|---|---:|---:|',
  ...rows.map((r) => {
    const ratio = r.rps / r.ceilingRps;
    const ok = ratio >= target(r.engine) && r.p99 <= 25 && r.errors === 0;
    return `| ${r.engine} | ${r.endpoint} | ${r.bytes} | ${Math.round(r.rps)} | ${r.p50} | ${r.p99} | ${Math.round(r.ceilingRps)} | ${(ratio * 100).toFixed(0)}% | ${ok ? 'yes' : `**no**${r.errors ? ` (${r.errors} errors)` : ''}`} | ${Math.round(r.bareRps)} | ${((r.rps / r.bareRps) * 100).toFixed(0)}% |`;
  }),
].join('\n');
const signedInTable = [
  '| engine | endpoint | req/s | p50 ms | p99 ms | errors |',
  '|---|---|---:|---:|---:|---:|',
  ...signedInRows.map(
    (r) =>
      `| ${r.engine} | ${r.endpoint} | ${Math.round(r.rps)} | ${r.p50} | ${r.p99} | ${r.errors} |`,
  ),
].join('\n');
const coldTable = [
  '| engine | caller | distinct queries sent | req/s | p50 ms | p99 ms | errors |',
  '|---|---|---:|---:|---:|---:|---:|',
  ...coldRows.map(
    (r) =>
      `| ${r.engine} | ${r.caller} | ${r.requests.toLocaleString('en')} | ${Math.round(r.rps)} | ${r.p50} | ${r.p99} | ${r.errors} |`,
  ),
].join('\n');
const section = `<!-- bench:start -->
## API throughput and latency (\`npm run bench\`)

Run on ${new Date().toISOString().slice(0, 10)}: ${os.cpus().length} CPUs (${os.cpus()[0]?.model.trim()}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}; load average at the end ${os
  .loadavg()
  .map((l) => l.toFixed(1))
  .join(' / ')}.
Catalogue: ${EXAMPLES.toLocaleString('en')} generated examples, 1,000 categories. autocannon, ${CONNECTIONS} connections, ${DURATION} s per measurement (${ROUNDS} rounds) after a 1 s warm-up.
The ceiling is a bare Fastify route sending the exact bytes the endpoint returned (its body and its headers: security headers, content type, request id), measured in the same run; ratio = req/s ÷ ceiling req/s. The body-only ceiling sends the same body with only a content type, for comparison (it shows what the security headers cost on small payloads). Endpoint and ceilings are measured in ${ROUNDS} alternating rounds each and the median is reported. Targets: ≥ 50% on SQLite, ≥ 35% on PostgreSQL, p99 ≤ 25 ms.
${skipped.length ? `\nSkipped: ${skipped.join('; ')}.\n` : ''}
${table}

**Every row above is a cache hit** after the first request: the same URL is asked again and again, so the API answers from the visitors' cache (kept per query and catalogue version). These rows measure the HTTP path and the cache, not the database.

Signed in (a bearer token), the same URLs again. **Also cache hits for the page**: a signed-in caller's page is the visitors' page for that query (kept per query and catalogue version) plus the caller's liked and solved marks for its rows, which one indexed query reads fresh on every request. A position is kept the same way and carries no marks: its signed-in row is a cache hit in the examples service. Cold position queries: \`scripts/bench/positions.ts\` (below). No target; ${DURATION} s each, one run:

${signedInTable}

**Cold** (no cache hit): every request is \`GET /api/examples\` with filters not asked before in the run: one of the 1,000 categories, a two-word search half of the time, a difficulty 60% of the time and a page size from 1 to 100, drawn without repeats from a seeded list, so each request runs its page and total queries. Visitors, then signed in (with the caller's marks). No target; ${DURATION} s each after a 1 s warm-up, one run:

${coldTable}

Import of the MATH public sample: ${importLine}.

Reproduce: \`npm run bench\` (options: \`-- --examples 100000 --duration 8 --engines sqlite,postgres\`).
<!-- bench:end -->`;

writeSection('bench', section);
console.log(table);
console.log(`\n${signedInTable}`);
console.log(`\n${coldTable}`);
console.log(`\nImport: ${importLine}`);
