/**
 * Is another learner's check answered promptly while one client floods the answer checker?
 *
 * Part 1, over real HTTP against a started app (SQLite in a temporary folder, the app built as in
 * production but on 127.0.0.1): one signed-in account keeps 30 checks in flight for D seconds (each
 * answer one the checker needs ~0.1-0.3 s for), while another learner checks an answer every 2 s
 * (within its own 30 a minute); first a learner alone, then one during the flood. Prints the
 * learner's latency (median, max) and what the flooder got (status: count). The flooder meets its
 * per-account limit and its cap of checks in flight: this is the protection as deployed.
 *
 * Part 2, on the pool itself (no HTTP, no rate limit, the cap per client raised to 31): the same
 * flood of 30 in flight and the other client's latency, served in turn (two client keys) and, for
 * comparison, first come first served (both under one key, which is the old single FIFO queue).
 *
 *   node --import tsx scripts/measure-check-fairness.ts [seconds=20]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { AnswerCheckPool } from '../apps/api/src/engines/answer-check';
import { smallCatalogue } from '../apps/api/test/factories';
import { httpRequest } from '../apps/api/test/helpers/http';

const SECONDS = Number(process.argv[2] ?? 20);
/** Brackets 7 deep: passes every text rule, and the parser needs ~0.1-0.3 s for it. */
const SLOW = '|('.repeat(7) + '|x' + ')|'.repeat(6) + ')';
const IN_FLIGHT = 30;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor(s.length / 2)]! : NaN;
};
const summary = (ms: number[]) =>
  `n=${ms.length}, median ${median(ms).toFixed(0)} ms, max ${Math.max(...ms).toFixed(0)} ms`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Keeps `n` calls of `send` in flight until `until`; counts the outcomes. */
async function flood(n: number, until: number, send: () => Promise<string>) {
  const outcomes = new Map<string, number>();
  const loop = async () => {
    while (performance.now() < until) {
      const outcome = await send();
      outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
      // A refused check is answered at once: the client waits a moment before sending again.
      if (outcome !== '200' && outcome !== 'ok') await sleep(20);
    }
  };
  await Promise.all(Array.from({ length: n }, loop));
  return outcomes;
}

/** One check every `everyMs` until `until`; the latencies of the answered ones. */
async function learner(until: number, everyMs: number, send: () => Promise<string>) {
  const ms: number[] = [];
  const refused: string[] = [];
  while (performance.now() < until) {
    const started = performance.now();
    const outcome = await send();
    if (outcome === '200' || outcome === 'ok') ms.push(performance.now() - started);
    else refused.push(outcome);
    await sleep(everyMs);
  }
  return { ms, refused };
}

async function overHttp() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'exemplar-fairness-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    SEED: 'none',
    LOG_LEVEL: 'silent',
    NODE_ENV: 'production',
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
  });
  const app = await buildApp(config, { logger: false });
  try {
    const cat = await smallCatalogue(app.database.db);
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const signIn = async (email: string) => {
      const password = 'Fairness-Measure-1';
      await app.auth.ensureUser({ email, password, name: email, role: 'basic' });
      const res = await httpRequest(`${base}/api/auth/login`, { body: { email, password } });
      const { idToken } = (res.body as { data: { idToken: string } }).data;
      return { authorization: `Bearer ${idToken}` };
    };
    const flooder = await signIn('flooder@example.com');
    // Two classmates (one alone, one during the flood), each checking every 2 s: within 30 a minute.
    const other = await signIn('other@example.com');
    const classmate = await signIn('classmate@example.com');
    const url = `${base}/api/examples/${cat.ex.linear}/check`;
    const send = (headers: Record<string, string>, answer: string) => async () =>
      String((await httpRequest(url, { body: { answer }, headers })).status);
    await send(other, 'x=5')(); // the thread is up

    const alone = await learner(performance.now() + 10_000, 2000, send(other, 'x=5'));
    const until = performance.now() + SECONDS * 1000;
    const [outcomes, busy] = await Promise.all([
      flood(IN_FLIGHT, until, send(flooder, SLOW)),
      learner(until, 2000, send(classmate, 'x=5')),
    ]);
    console.log('Over HTTP (limits and caps as deployed):');
    console.log(`  learner alone:           ${summary(alone.ms)}`);
    console.log(`  learner during flood:    ${summary(busy.ms)}; refused: ${busy.refused.length}`);
    console.log(`  flooder's answers: ${JSON.stringify(Object.fromEntries(outcomes))}`);
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function onThePool(sameKey: boolean) {
  const pool = new AnswerCheckPool({ maxPerClient: IN_FLIGHT + 1, maxWaitMs: 60_000 });
  try {
    const q = { question: 'Solve for $x$: $3x - 4 = 50$.', expected: '$x = 18$' };
    await pool.check({ ...q, given: '18' }); // the thread is up
    const ask = (client: string, given: string) => async () => {
      try {
        await pool.check({ ...q, expected: '$3$', given }, client);
        return 'ok';
      } catch (err) {
        return (err as { statusCode?: number }).statusCode === 400 ? 'ok' : String(err);
      }
    };
    const until = performance.now() + SECONDS * 1000;
    const [outcomes, other] = await Promise.all([
      flood(IN_FLIGHT, until, ask('account:1', SLOW)),
      learner(until, 500, ask(sameKey ? 'account:1' : 'account:2', '3')),
    ]);
    const label = sameKey ? 'first come, first served' : 'in turn (round-robin)';
    console.log(
      `  ${label.padEnd(25)} other: ${summary(other.ms)}, refused ${other.refused.length}; flooder's checks: ${JSON.stringify(Object.fromEntries(outcomes))}`,
    );
  } finally {
    await pool.close();
  }
}

console.log(
  `${new Date().toISOString()}, ${os.cpus().length} cores, load ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}; ${SECONDS} s of flood`,
);
await overHttp();
console.log('On the pool (no limits; 30 in flight allowed):');
await onThePool(false);
await onThePool(true);
console.log(
  `load after: ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
