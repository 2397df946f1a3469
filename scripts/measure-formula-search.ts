/**
 * Times formula searches over HTTP on a MATH-like catalogue: the public sample's problems repeated
 * to `--examples` (100,000 by default: each problem about 33 times, so each structure is as common
 * as in the sample), the API started as a server (NODE_ENV=production), then the relevance set's
 * formula queries (scripts/search-relevance.ts) asked one request at a time, in `--rounds` rounds,
 * each query with new numbers every round (seeded), so no request is a cache hit. Round 1 is the
 * first ask of each query's tokens since the server started (their postings are read); later rounds
 * are new queries whose tokens earlier ones read (ADR 050). Reports each group's median, p90, p99
 * and the server's CPU per request (from /proc), with the matches of round 1.
 *
 *   node --import tsx scripts/measure-formula-search.ts [--examples 100000] [--engine sqlite|postgres] [--rounds 5]
 *
 * MATH_CORPUS names the sample when it is not at the default. PostgreSQL: BENCH_PG_ADMIN_URL
 * (postgres://postgres@127.0.0.1:5432/postgres) must let us create a database; it is dropped at
 * the end.
 */
import fs from 'node:fs';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { createDatabase } from '../apps/api/src/db/database';
import { migrate } from '../apps/api/src/db/migrate';
import { corpusMissing, MATH_CORPUS } from '../apps/api/test/helpers/math-corpus';
import { startApi } from './bench/engine';
import { generateCatalogue, seededRandom } from './bench/generate';
import { cpuMs, stop } from './bench/processes';
import { percentile, scratchStore } from './bench/scratch';
import { FORMULA_QUERIES, RELEVANCE_QUERIES } from './search-relevance';

const { values } = parseArgs({
  options: {
    examples: { type: 'string', default: '100000' },
    engine: { type: 'string', default: 'sqlite' },
    rounds: { type: 'string', default: '5' },
  },
});
const N = Number(values.examples);
const ROUNDS = Number(values.rounds);
const ENGINE = values.engine === 'postgres' ? 'postgres' : 'sqlite';
const PG_ADMIN = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
if (corpusMissing) throw new Error(corpusMissing);

const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ');

interface Problem {
  question: string;
  answer: string;
  procedure?: string | null;
}
const sample = JSON.parse(fs.readFileSync(MATH_CORPUS, 'utf8')) as Problem[];
const formulas = RELEVANCE_QUERIES.slice(-FORMULA_QUERIES).map(([q]) => q);
const random = seededRandom(2026);
/** The query with every number replaced by another (2 to 41): a query not asked before. */
const renumbered = (q: string) => q.replace(/\d+/g, () => String(2 + Math.floor(random() * 40)));

const { dataDir, databaseUrl, remove } = await scratchStore(ENGINE, PG_ADMIN, 'exemplar_formulas');
try {
  const database = createDatabase({ dataDir, databaseUrl });
  await migrate(database);
  const t0 = performance.now();
  await database.db.transaction().execute((trx) =>
    generateCatalogue(trx, N, {
      texts: (i) => {
        const p = sample[i % sample.length]!;
        return { question: p.question, answer: p.answer, procedure: p.procedure ?? null };
      },
    }),
  );
  const { n: tokens } = await database.db
    .selectFrom('example_formula_tokens')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  if (ENGINE === 'postgres') await sql`vacuum analyze`.execute(database.db);
  await database.close();
  console.log(
    `${ENGINE}: ${N} examples (the MATH sample's ${sample.length} problems repeated; 2% drafts), ${Number(tokens)} formula token rows, written in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );

  const { base, server } = await startApi({ dataDir, databaseUrl });
  try {
    console.log(`load average before: ${load()}`);
    const groups = new Map<string, { ms: number[]; cpu: number }>();
    for (let round = 1; round <= ROUNDS; round++) {
      const group = round === 1 ? "round 1: each query's tokens read" : 'later rounds: tokens kept';
      const g = groups.get(group) ?? { ms: [], cpu: 0 };
      groups.set(group, g);
      const cpu = cpuMs(server.pid) ?? 0;
      for (const q of formulas) {
        const asked = renumbered(q);
        const t = performance.now();
        const res = await fetch(`${base}/api/examples?q=${encodeURIComponent(asked)}`);
        const body = (await res.json()) as { data: { total: number } };
        if (!res.ok) throw new Error(`${asked} answered ${res.status}`);
        g.ms.push(performance.now() - t);
        if (round === 1) console.log(`  ${asked}: ${body.data.total} matches`);
      }
      g.cpu += (cpuMs(server.pid) ?? 0) - cpu;
    }
    for (const [group, { ms, cpu }] of groups) {
      console.log(
        `${ENGINE} ${group}: ${ms.length} requests, median ${percentile(ms, 50).toFixed(1)} ms, p90 ${percentile(ms, 90).toFixed(1)} ms, p99 ${percentile(ms, 99).toFixed(1)} ms, max ${Math.max(...ms).toFixed(1)} ms; server CPU ${(cpu / ms.length).toFixed(1)} ms per request`,
      );
    }
    console.log(`load average after: ${load()}`);
  } finally {
    await stop(server);
  }
} finally {
  await remove();
}
