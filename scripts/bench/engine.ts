// One engine's part of `npm run bench`: a generated catalogue, the server on it (server.ts), the
// parts asked for (the API rows: api-rows.ts; drafts.ts; pages.ts); and the import of the MATH
// public sample.
import fs from 'node:fs';
import { performance as nodePerformance } from 'node:perf_hooks';
import { sql } from 'kysely';
import pg from 'pg';
import { createDatabase } from '../../apps/api/src/db/database';
import { migrate } from '../../apps/api/src/db/migrate';
import { typesetCatalogue } from '../../apps/api/src/modules/catalogue/examples';
import { importCatalogue } from '../../apps/api/src/modules/catalogue/io';
import { mathCorpusFile } from '../corpus-report';
import {
  benchDrafts,
  draftsPlans,
  type DraftsPlan,
  type DraftsRow,
  type DraftsTotals,
} from './drafts';
import { benchApi } from './api-rows';
import { coldQueries, generateCatalogue } from './generate';
import { benchPages, type PageColdRow, type PageRow } from './pages';
import { log, stop } from './processes';
import { scratchStore } from './scratch';
import { startApi } from './server';
import type { ColdRow, Engine, Row, SignedInRow } from './types';

export { benchEndpoints } from './api-rows';
export { BENCH_LEARNER, BENCH_USER, startApi } from './server';

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
  const store = await scratchStore(engine, pgAdmin, 'exemplar_bench');
  const { dataDir, databaseUrl } = store;
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
    // The generated examples are written as rows: their formulas typeset and kept as an import
    // would have (ADR 052), so that the cold pages are first asks of maths typeset before.
    if (parts.pages) {
      const t1 = performance.now();
      const { formulas } = await typesetCatalogue(database.db);
      log(
        `${engine}: ${formulas} formulas typeset in ${((performance.now() - t1) / 1000).toFixed(1)} s`,
      );
    }
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
    // A run that failed part-way may leave a server connected: the cleanup must not fail on it
    // and hide the error that stopped the run.
    await store
      .remove()
      .catch((err: unknown) => log(`could not remove ${dataDir}: ${String(err)}`));
  }
}

export async function benchImport(): Promise<string> {
  const corpus = mathCorpusFile();
  if (!fs.existsSync(corpus))
    return `skipped: ${corpus} not found (set MATH_CORPUS; README, "Corpus runs")`;
  const store = await scratchStore('sqlite', '', 'exemplar_bench_import');
  const database = createDatabase({ dataDir: store.dataDir });
  try {
    await migrate(database);
    const records = JSON.parse(fs.readFileSync(corpus, 'utf8'));
    const t0 = performance.now();
    const loop = nodePerformance.eventLoopUtilization();
    const report = await importCatalogue(database.db, records, { dryRun: false });
    const s = (performance.now() - t0) / 1000;
    const busy = nodePerformance.eventLoopUtilization(loop).active / 1000;
    return `${report.imported} of ${report.total} records imported (${report.failed} refused) in **${s.toFixed(1)} s** on SQLite (target < 30 s): ${Math.round(report.imported / s)} examples a second, their maths checked, search documents and formula tokens written, formulas typeset and kept; the event loop was busy for ${busy.toFixed(1)} s of it (the maths checker's thread checks and typesets)`;
  } finally {
    await database.close();
    await store.remove();
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
