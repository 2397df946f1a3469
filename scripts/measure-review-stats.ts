/**
 * Times GET /api/reviews/stats and GET /api/me/progress over HTTP for one learner with many FSRS
 * cards: a generated catalogue of as many examples, the learner's cards written straight into the
 * database (a tenth new, a tenth learning or relearning, the rest in review with stabilities from
 * half a day to 300 days, so most of them mastered, graded between 0 and 2 stabilities ago and due a
 * stability after their last grade), one logged
 * grade for each card in review graded in the last 90 days, then the API started as a server and
 * each route asked `--requests` times in turn, one request at a time, after 3 unmeasured ones.
 *
 *   node --import tsx scripts/measure-review-stats.ts [--cards 50000] [--engine sqlite|postgres] [--requests 30]
 *
 * PostgreSQL: BENCH_PG_ADMIN_URL (postgres://postgres@127.0.0.1:5432/postgres) must let us create
 * a database; it is dropped at the end.
 */
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { createDatabase } from '../apps/api/src/db/database';
import { migrate } from '../apps/api/src/db/migrate';
import type { CardState } from '../apps/api/src/db/schema';
import { BENCH_LEARNER, startApi } from './bench/engine';
import { generateCatalogue } from './bench/generate';
import { root, stop } from './bench/processes';
import { percentile, scratchStore } from './bench/scratch';

const { values } = parseArgs({
  options: {
    cards: { type: 'string', default: '50000' },
    engine: { type: 'string', default: 'sqlite' },
    requests: { type: 'string', default: '30' },
  },
});
const N = Number(values.cards);
const REQUESTS = Number(values.requests);
const ENGINE = values.engine === 'postgres' ? 'postgres' : 'sqlite';
const PG_ADMIN = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DAY = 86_400_000;
const MINUTE = 60_000;

const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ');

const { dataDir, databaseUrl, remove } = await scratchStore(
  ENGINE,
  PG_ADMIN,
  'exemplar_review_stats',
);

/** The card of the i-th example at `now`, and the grade logged for it (if any). */
function card(i: number, now: number) {
  const r = i % 20;
  const iso = (t: number) => new Date(t).toISOString();
  let state: CardState = 2;
  let due: number;
  let lastReview: number | null;
  let stability: number;
  if (r < 2) {
    state = 0;
    due = now - (i % 60) * DAY;
    lastReview = null;
    stability = 0;
  } else if (r === 2) {
    state = 1;
    lastReview = now - 5 * MINUTE;
    due = now + 5 * MINUTE;
    stability = 1;
  } else if (r === 3) {
    state = 3;
    lastReview = now - 60 * MINUTE;
    due = now + ((i % 20) - 10) * MINUTE;
    stability = 0.8;
  } else {
    stability = 0.5 + ((i * 37) % 3000) / 10;
    lastReview = now - (((i * 7919) % 400) / 200) * stability * DAY;
    due = lastReview + stability * DAY;
  }
  return {
    row: {
      due: iso(due),
      stability,
      difficulty: 5,
      elapsed_days: 0,
      scheduled_days: Math.round(stability),
      learning_steps: 0,
      reps: lastReview === null ? 0 : 3,
      lapses: 0,
      state,
      last_review: lastReview === null ? null : iso(lastReview),
      created_at: iso(now - 400 * DAY),
    },
    logged: state === 2 && lastReview! >= now - 90 * DAY ? iso(lastReview!) : null,
  };
}

try {
  const seeding = createDatabase({ dataDir, databaseUrl });
  await migrate(seeding);
  await seeding.db.transaction().execute((trx) => generateCatalogue(trx, N));
  await seeding.close();
  // The learner startApi signs in, made now so their cards can be written before the server starts.
  execFileSync(
    process.execPath,
    ['--import', 'tsx', 'apps/api/src/cli/user.ts', 'create', '--email', BENCH_LEARNER.email],
    {
      cwd: root,
      env: {
        PATH: process.env.PATH ?? '',
        DATA_DIR: dataDir,
        SEED: 'none',
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      },
      input: `${BENCH_LEARNER.password}\n`,
      stdio: 'pipe',
    },
  );
  const database = createDatabase({ dataDir, databaseUrl });
  const now = Date.now();
  const counts = { cards: 0, logged: 0 };
  await database.db.transaction().execute(async (trx) => {
    const { id: userId } = await trx
      .selectFrom('users')
      .select('id')
      .where('email', '=', BENCH_LEARNER.email)
      .executeTakeFirstOrThrow();
    const examples = await trx.selectFrom('examples').select('id').orderBy('id').execute();
    for (let start = 0; start < examples.length; start += 500) {
      const made = examples
        .slice(start, start + 500)
        .map((e, k) => ({ exampleId: e.id, ...card(start + k, now) }));
      await trx
        .insertInto('review_cards')
        .values(made.map((c) => ({ user_id: userId, example_id: c.exampleId, ...c.row })))
        .execute();
      const logs = made.flatMap((c) =>
        c.logged
          ? [
              {
                user_id: userId,
                example_id: c.exampleId,
                rating: 3 as const,
                state_before: 2 as const,
                due_before: c.logged,
                reviewed_at: c.logged,
              },
            ]
          : [],
      );
      if (logs.length) await trx.insertInto('review_log').values(logs).execute();
      counts.cards += made.length;
      counts.logged += logs.length;
    }
  });
  // Every table's statistics, the cards' included (the server's start-up refresh covers only the
  // catalogue on PostgreSQL, whose autovacuum would analyse the cards soon after such an insert).
  await sql`analyze`.execute(database.db);
  await database.close();
  console.log(
    `${ENGINE}: ${counts.cards} cards for one learner over ${N} examples (2% drafts), ${counts.logged} grades logged in the last 90 days`,
  );

  const { base, server, learner } = await startApi({ dataDir, databaseUrl });
  try {
    console.log(`load average before: ${load()}`);
    for (const url of ['/api/reviews/stats?tz=America/New_York', '/api/me/progress']) {
      const get = async () => {
        const t = performance.now();
        const res = await fetch(`${base}${url}`, { headers: learner });
        const body = (await res.json()) as { data: Record<string, unknown> };
        if (!res.ok) throw new Error(`${url} answered ${res.status}`);
        return { ms: performance.now() - t, body };
      };
      for (let i = 0; i < 3; i++) await get();
      const times: number[] = [];
      let last: Record<string, unknown> = {};
      for (let i = 0; i < REQUESTS; i++) {
        const { ms, body } = await get();
        times.push(ms);
        last = body.data;
      }
      const summary = Object.fromEntries(
        Object.entries(last).filter(([, v]) => typeof v === 'number'),
      );
      console.log(
        `GET ${url}: ${REQUESTS} requests, median ${percentile(times, 50).toFixed(1)} ms, p90 ${percentile(times, 90).toFixed(1)} ms, min ${Math.min(...times).toFixed(1)} ms, max ${Math.max(...times).toFixed(1)} ms; ${JSON.stringify(summary)}`,
      );
    }
    console.log(`load average after: ${load()}`);
  } finally {
    await stop(server);
  }
} finally {
  await remove();
}
