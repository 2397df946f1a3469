// One engine's part of `npm run bench`: a generated catalogue, the server on it, each endpoint
// against its ceilings, signed in, and cold; and the import of the MATH public sample.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { createDatabase } from '../../apps/api/src/db/database';
import { migrate } from '../../apps/api/src/db/migrate';
import { importCatalogue } from '../../apps/api/src/modules/catalogue/io';
import {
  benchDrafts,
  draftsPlans,
  type DraftsPlan,
  type DraftsRow,
  type DraftsTotals,
} from './drafts';
import { coldQueries, generateCatalogue } from './generate';
import { answerAsSent, measureRounds, run, runCold } from './load';
import { benchPages, type PageColdRow, type PageRow } from './pages';
import { freePort, root, spawnNode, stop, waitFor } from './processes';
import { captureAnswer, startCeiling, type Captured } from './same-bytes';
import type { Catalogue, ColdRow, Engine, Row, SignedInRow } from './types';

export interface BenchOptions {
  examples: number;
  duration: number;
  /** A PostgreSQL URL that may create and drop databases. */
  pgAdmin: string;
  /**
   * What to measure on the engine's server: the API's rows, the server-rendered pages' rows, the
   * drafts' status condition on cold reads.
   */
  parts: { api: boolean; pages: boolean; drafts: boolean };
}

const log = (...a: unknown[]) => console.error('[bench]', ...a);

export const BENCH_USER = { email: 'bench@example.com', password: 'Measure-Everything-77' };
/** A learner (role basic): what the signed-in rows measure, since an editor also sees drafts. */
export const BENCH_LEARNER = { email: 'learner@example.com', password: 'Measure-Everything-77' };

async function signIn(base: string, user: { email: string; password: string }) {
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(user),
  });
  if (!login.ok) throw new Error(`login of ${user.email} answered ${login.status}`);
  const { data } = (await login.json()) as { data: { idToken: string } };
  return { authorization: `Bearer ${data.idToken}` };
}

/**
 * Starts the API of the checkout in `cwd` (this one unless told) on a free port over a generated
 * catalogue, and signs in the bench's superadmin (`signedIn`: an editor, who sees drafts) and its
 * learner (`learner`, made with `npm run user` before the server starts: what a signed-in reader
 * is). A server that never answers health is stopped before the error goes on (it was left
 * running).
 */
export async function startApi({
  dataDir,
  databaseUrl,
  cwd = root,
}: {
  dataDir: string;
  databaseUrl?: string;
  cwd?: string;
}) {
  const env = {
    DATA_DIR: dataDir,
    SEED: 'none',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    SUPERADMIN_EMAIL: BENCH_USER.email,
    SUPERADMIN_PASSWORD: BENCH_USER.password,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
  execFileSync(
    process.execPath,
    ['--import', 'tsx', 'apps/api/src/cli/user.ts', 'create', '--email', BENCH_LEARNER.email],
    {
      cwd,
      env: { PATH: process.env.PATH ?? '', ...env },
      input: `${BENCH_LEARNER.password}\n`,
      stdio: 'pipe',
    },
  );
  const port = await freePort();
  const server = spawnNode(['apps/api/src/server.ts'], { ...env, PORT: String(port) }, cwd);
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`${base}/api/health`);
    return {
      base,
      server,
      signedIn: await signIn(base, BENCH_USER),
      learner: await signIn(base, BENCH_LEARNER),
    };
  } catch (err) {
    await stop(server);
    throw err;
  }
}

/** The measured endpoints: [name, path], over a generated catalogue's ids. */
export function benchEndpoints(
  ids: { mainCategoryIds: number[]; difficultyIds: number[] },
  middleId: number,
): [string, string][] {
  return [
    ['GET /api/health', '/api/health'],
    ['GET /api/examples (first page)', '/api/examples'],
    [
      'GET /api/examples (category subtree + difficulty)',
      `/api/examples?categoryId=${ids.mainCategoryIds[17]}&difficultyId=${ids.difficultyIds[2]}`,
    ],
    ['GET /api/examples?q= (search)', '/api/examples?q=parabola%20roots'],
    ['GET /api/examples/{id}/position (middle example)', `/api/examples/${middleId}/position`],
    ['GET /api/categories/tree', '/api/categories/tree'],
  ];
}

/** A generated catalogue's ids, as `generateCatalogue` returns them. */

/** One engine's rows; a part not asked for (BenchOptions.parts) leaves its rows empty. */
export interface EngineResults {
  rows: Row[];
  signedIn: SignedInRow[];
  cold: ColdRow[];
  pages: PageRow[];
  coldPages: PageColdRow[];
  drafts: DraftsRow[];
  draftsTotals: DraftsTotals[];
  draftsPlans: DraftsPlan[];
}

export const noResults = (): EngineResults => ({
  rows: [],
  signedIn: [],
  cold: [],
  pages: [],
  coldPages: [],
  drafts: [],
  draftsTotals: [],
  draftsPlans: [],
});

/**
 * One engine: a generated catalogue, the server on it, and the parts asked for: the API rows
 * (endpoints against their ceilings, signed in, cold), the drafts' rows (cold reads with and
 * without the status condition, and their plans) and the server-rendered pages' rows.
 */
export async function benchEngine(
  engine: Engine,
  { examples, duration, pgAdmin, parts }: BenchOptions,
): Promise<EngineResults> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `exemplar-bench-${engine}-`));
  let databaseUrl: string | undefined;
  const pgName = `exemplar_bench_${process.pid}`;
  if (engine === 'postgres') {
    const admin = new pg.Client({ connectionString: pgAdmin });
    await admin.connect();
    await admin.query(`drop database if exists ${pgName}`);
    await admin.query(`create database ${pgName}`);
    await admin.end();
    const u = new URL(pgAdmin);
    u.pathname = `/${pgName}`;
    databaseUrl = u.toString();
  }
  try {
    log(`${engine}: generating ${examples} examples and 1,000 categories`);
    const t0 = performance.now();
    const database = createDatabase({ dataDir, databaseUrl });
    await migrate(database);
    const catalogue = await database.db
      .transaction()
      .execute((trx) => generateCatalogue(trx, examples));
    // What autovacuum does soon after a bulk load (statistics, visibility map for index-only
    // counts). SQLite's statistics are gathered by the server at start-up.
    if (engine === 'postgres') await sql`vacuum analyze`.execute(database.db);
    // The published example in the middle of the catalogue: its position counts half the
    // examples. (2% are drafts, which a visitor cannot see: see generate.ts.)
    const published = database.db.selectFrom('examples').where('status', '=', 'published');
    const { id: middleId } = await published
      .select('id')
      .orderBy('id')
      .offset(Math.floor(examples / 2))
      .limit(1)
      .executeTakeFirstOrThrow();
    // Every published example's id, for the cold page renders (one page never asked before per
    // request; a draft's page is a 404 for a visitor).
    const exampleIds = parts.pages
      ? (await published.select('id').orderBy('id').execute()).map((r) => r.id)
      : [];
    await database.close();
    log(`${engine}: generated in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

    const { base, server, signedIn, learner } = await startApi({ dataDir, databaseUrl });
    const results = noResults();
    // One list of never-asked queries for every cold run on this server, so that no run meets a
    // query (nor a filter's total) an earlier run left in a cache.
    const cold = {
      list: parts.api || parts.drafts ? coldQueries(400_000, catalogue) : [],
      next: 0,
    };
    try {
      if (parts.api) {
        Object.assign(
          results,
          await benchApi(engine, { base, learner, dataDir, duration, cold }, catalogue, middleId),
        );
      }
      if (parts.drafts) {
        // The bench's superadmin is an editor (catalogue:write), as every admin is.
        const drafts = await benchDrafts(engine, {
          base,
          editor: signedIn,
          duration,
          cold,
        });
        results.drafts = drafts.rows;
        results.draftsTotals = [drafts.totals];
      }
      if (parts.pages) {
        const pages = await benchPages(engine, {
          base,
          serverPid: server.pid,
          dataDir,
          duration,
          catalogue,
          exampleIds,
          middleId,
        });
        results.pages = pages.rows;
        results.coldPages = pages.cold;
      }
    } finally {
      await stop(server);
    }
    if (parts.drafts) {
      // After the server: on SQLite it holds the data directory while it runs, and the statistics
      // its start-up gathered stay in the file, so the planner here reads the ones it read.
      const reopened = createDatabase({ dataDir, databaseUrl });
      try {
        results.draftsPlans = await draftsPlans(engine, reopened, catalogue);
      } finally {
        await reopened.close();
      }
    }
    return results;
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (engine === 'postgres') {
      // WITH (FORCE): a run that failed part-way may leave a server connected; the cleanup must
      // not fail on it and hide the error that stopped the run.
      const admin = new pg.Client({ connectionString: pgAdmin });
      await admin.connect();
      await admin
        .query(`drop database if exists ${pgName} with (force)`)
        .catch((err: unknown) => log(`could not drop ${pgName}: ${String(err)}`));
      await admin.end();
    }
  }
}

/** The API rows of one engine: each endpoint against its ceilings, signed in, and cold. */
async function benchApi(
  engine: Engine,
  {
    base,
    learner,
    dataDir,
    duration,
    cold,
  }: {
    base: string;
    learner: Record<string, string>;
    dataDir: string;
    duration: number;
    cold: { list: string[]; next: number };
  },
  catalogue: Catalogue,
  middleId: number,
): Promise<Pick<EngineResults, 'rows' | 'signedIn' | 'cold'>> {
  const signedInRows: SignedInRow[] = [];
  const coldRows: ColdRow[] = [];
  const endpoints = benchEndpoints(catalogue, middleId);
  const captured: Captured[] = [];
  for (const [, p] of endpoints) {
    // The second answer: what the measurement gets (cached endpoints answer from memory by then).
    await answerAsSent(`${base}${p}`);
    captured.push(await captureAnswer(`${base}${p}`, p));
  }
  const ceiling = await startCeiling(captured, dataDir);
  try {
    const rows: Row[] = [];
    for (const [i, [name, p]] of endpoints.entries()) {
      log(`${engine}: ${name}`);
      const {
        ceiling: c,
        app: r,
        bare,
      } = await measureRounds(
        `${ceiling.url}${p}`,
        `${base}${p}`,
        `${ceiling.url}/bare${p}`,
        duration,
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
    // Signed in as a learner: the visitors' page (cached per query and catalogue version) plus
    // the caller's marks, read fresh on every request.
    for (const [name, p] of endpoints.filter(([n]) => n.includes('/api/examples'))) {
      log(`${engine}: ${name} (signed in)`);
      await run(`${base}${p}`, 1, learner);
      const r = await run(`${base}${p}`, duration, learner);
      signedInRows.push({ engine, endpoint: name, ...r });
    }
    // Cold: a query never asked before on every request (visitors, then signed in, from one list
    // so the signed-in run cannot reuse pages the visitors' run cached).
    for (const [caller, headers] of [
      ['visitor', {}],
      ['signed in', learner],
    ] as const) {
      log(`${engine}: GET /api/examples cold (${caller})`);
      await runCold(base, cold, 1, headers);
      const r = await runCold(base, cold, duration, headers);
      coldRows.push({ engine, caller, ...r });
    }
    return { rows, signedIn: signedInRows, cold: coldRows };
  } finally {
    await stop(ceiling.process);
  }
}

export async function benchImport(): Promise<string> {
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

export async function pgAvailable(pgAdmin: string) {
  const c = new pg.Client({ connectionString: pgAdmin, connectionTimeoutMillis: 2000 });
  try {
    await c.connect();
    await c.end();
    return true;
  } catch {
    return false;
  }
}
