// Query times of the example page's position and Random example at 100,000 examples, straight
// through the examples service with no cache (every call runs its queries, the total included):
// the cost of a cold answer. EXPLAIN=1 prints each query's plan (EXPLAIN QUERY PLAN on SQLite,
// EXPLAIN ANALYZE on PostgreSQL).
//
//   node --import tsx scripts/bench/positions.ts [sqlite,postgres]
//
// PostgreSQL: DATABASE_URL names an existing database; the bench works in a schema of its own
// (bench_positions), dropped at the end.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { createDatabase } from '../../apps/api/src/db/database';
import { migrate } from '../../apps/api/src/db/migrate';
import { examplesService } from '../../apps/api/src/modules/catalogue/examples';
import { generateCatalogue } from './generate';
import { queryPlans } from './plans';

const N = 100_000;
const RUNS = 15;
const SCHEMA = 'bench_positions';
const PG_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function onPg(statement: string) {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  await client.query(statement);
  await client.end();
}

for (const engine of (process.argv[2] ?? 'sqlite,postgres').split(',')) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'exemplar-positions-'));
  let databaseUrl: string | undefined;
  if (engine === 'postgres') {
    await onPg(`drop schema if exists ${SCHEMA} cascade; create schema ${SCHEMA}`);
    const url = new URL(PG_URL);
    url.searchParams.set('options', `-c search_path=${SCHEMA}`);
    databaseUrl = url.toString();
  }
  const database = createDatabase({ dataDir, databaseUrl });
  try {
    await migrate(database);
    const ids = await database.db.transaction().execute((trx) => generateCatalogue(trx, N));
    if (engine === 'postgres') await sql`vacuum analyze`.execute(database.db);
    else await database.refreshStatistics();

    const service = examplesService(database.db, database.engine);
    // Published examples (2% of the generated ones are drafts, which a visitor's position 404s).
    const published = database.db.selectFrom('examples').where('status', '=', 'published');
    const { max } = await published
      .select((eb) => eb.fn.max('id').as('max'))
      .executeTakeFirstOrThrow();
    const last = Number(max);
    const { id: middle } = await published
      .select('id')
      .where('id', '>=', Math.floor(last / 2))
      .orderBy('id')
      .limit(1)
      .executeTakeFirstOrThrow();
    const subtree = {
      categoryId: ids.mainCategoryIds[17]!,
      difficultyId: String(ids.difficultyIds[2]),
    };
    type Service = ReturnType<typeof examplesService>;
    const cases: [string, (s: Service) => Promise<unknown>][] = [
      ['position, no filter, middle example', (s) => s.position(middle, {})],
      ['position, no filter, last example', (s) => s.position(last, {})],
      ['position, category subtree + difficulty', (s) => s.position(middle, subtree)],
      ['position, search "parabola roots"', (s) => s.position(middle, { q: 'parabola roots' })],
      [
        'list page of 20, search "parabola roots" (for comparison)',
        (s) => s.list({ q: 'parabola roots', limit: 20 }),
      ],
      ['random, no filter', (s) => s.random({})],
      ['random, category subtree', (s) => s.random({ categoryId: subtree.categoryId })],
    ];
    for (const [name, call] of cases) {
      const run = () => call(service);
      await run();
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const start = performance.now();
        await run();
        times.push(performance.now() - start);
      }
      times.sort((a, b) => a - b);
      const median = times[Math.floor(RUNS / 2)]!;
      console.log(`| ${engine} | ${name} | ${median.toFixed(1)} | ${times.at(-1)!.toFixed(1)} |`);
      if (!process.env.EXPLAIN) continue;
      // A service of its own on the recording handle: no cache either, every query sent.
      for (const query of await queryPlans(database, (db) =>
        call(examplesService(db, database.engine)),
      )) {
        console.log(`  ${query.sql}`);
        for (const line of query.plan) console.log(`    ${line}`);
      }
    }
  } finally {
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (engine === 'postgres') await onPg(`drop schema if exists ${SCHEMA} cascade`);
  }
}
