/**
 * The catalogue health check at scale: seeds N examples (the MATH public sample, the file that
 * MATH_CORPUS names, README "Corpus runs", repeated; in the k-th copy every number in the
 * question, answer and procedure is k more, so the maths of each copy is new to the checker
 * wherever it has a number (`--repeat` keeps the copies' maths as written instead;
 * `--distinct` also starts each of the copy's delimited expressions with `{}^{k}`, so that no
 * expression repeats another copy's, the checker's worst case); each question numbered so no two
 * are equal; answers wrapped as the import wraps bare LaTeX) over the bench's 1,000 categories
 * (generateCatalogue, every example published), starts the built-from-source API on it (SQLite, or
 * PostgreSQL with --engine postgres), asks GET /api/admin/catalogue-health as an admin and polls it
 * until done, while a second loop asks GET /api/health every 25 ms and times each answer (and goes
 * on as long again after the run, for the machine's own noise). Prints how long the run took (and
 * how fast it checked the first pass over the sample, where every expression is new to the
 * checker), its problems per kind, the health latencies, and the second call's time.
 *
 *   node --import tsx scripts/measure-catalogue-health.ts [--examples 100000] [--engine sqlite|postgres] [--repeat | --distinct]
 *
 * PostgreSQL: BENCH_PG_ADMIN_URL (postgres://postgres@127.0.0.1:5432/postgres) must let us create a
 * database.
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { splitMath, wrapBareLatex } from '@exemplar/shared/math';
import { createDatabase } from '../apps/api/src/db/database';
import { migrate } from '../apps/api/src/db/migrate';
import { startApi } from './bench/engine';
import { generateCatalogue } from './bench/generate';
import { stop } from './bench/processes';
import { mathCorpusFile, readCorpus } from './corpus-report';
import { percentile, scratchStore } from './bench/scratch';

const { values } = parseArgs({
  options: {
    examples: { type: 'string', default: '100000' },
    engine: { type: 'string', default: 'sqlite' },
    repeat: { type: 'boolean', default: false },
    distinct: { type: 'boolean', default: false },
  },
});
const N = Number(values.examples);
const ENGINE = values.engine === 'postgres' ? 'postgres' : 'sqlite';
const PG_ADMIN = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

interface Record_ {
  question: string;
  answer: string;
  procedure: string | null;
}
const corpus = readCorpus<Record_>(mathCorpusFile());

/** `{}^{k}` at the start of each delimited expression (bare environments are left as they are). */
const marked = (text: string, k: number) =>
  splitMath(text)
    .map((seg) => {
      if ((seg.kind !== 'inline' && seg.kind !== 'display') || seg.raw === seg.value)
        return seg.raw;
      const at = seg.raw.indexOf(seg.value);
      return `${seg.raw.slice(0, at)}{}^{${k}}${seg.raw.slice(at)}`;
    })
    .join('');

/** The k-th copy of a text: every run of digits k more (the first copy, k = 0, as written). */
function shifted(text: string, k: number) {
  if (k === 0 || values.repeat) return text;
  const numbers = text.replace(/\d+/g, (n) => String(BigInt(n) + BigInt(k)));
  return values.distinct ? marked(numbers, k) : numbers;
}

/** Expressions in the seeded fields, and how many distinct (each is checked once per run). */
const expressions = { all: 0, distinct: new Set<string>() };
function count(text: string | null) {
  for (const seg of splitMath(text ?? '')) {
    if (seg.kind !== 'inline' && seg.kind !== 'display') continue;
    expressions.all++;
    expressions.distinct.add(seg.kind[0] + seg.value);
  }
}

const ms = (x: number) => `${x.toFixed(1)} ms`;

const { dataDir, databaseUrl, remove } = await scratchStore(ENGINE, PG_ADMIN, 'exemplar_health');

try {
  const t0 = performance.now();
  const database = createDatabase({ dataDir, databaseUrl });
  await migrate(database);
  // Every example published, as this script seeded them before the bench's catalogue had drafts
  // (the health check reads drafts too): the catalogue stays the one earlier runs measured.
  await database.db.transaction().execute((trx) =>
    generateCatalogue(trx, N, {
      drafts: false,
      texts: (i) => {
        const r = corpus[i % corpus.length]!;
        const k = Math.floor(i / corpus.length);
        const question = `${shifted(r.question, k)} (${i + 1})`;
        const answer = wrapBareLatex(shifted(r.answer, k));
        const procedure = r.procedure == null ? null : shifted(r.procedure, k);
        for (const text of [question, answer, procedure]) count(text);
        return { question, answer, procedure };
      },
    }),
  );
  await database.close();
  console.log(
    `${ENGINE}: seeded ${N} examples (the ${corpus.length}-record sample repeated${values.repeat ? ' as written' : values.distinct ? ', numbers shifted and maths marked per copy' : ', numbers shifted per copy'}) in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  console.log(
    `expressions: ${expressions.all}, of which ${expressions.distinct.size} distinct (${((100 * expressions.distinct.size) / expressions.all).toFixed(0)} %)`,
  );
  expressions.distinct.clear();

  const { base, server, signedIn } = await startApi({ dataDir, databaseUrl });
  try {
    const latencies: number[] = [];
    /** When each poll was sent (ms since the script started). */
    const sentAt: number[] = [];
    let running = true;
    const sampler = (async () => {
      while (running) {
        const t = performance.now();
        const res = await fetch(`${base}/api/health`);
        await res.arrayBuffer();
        sentAt.push(t);
        latencies.push(performance.now() - t);
        await new Promise((r) => setTimeout(r, 25));
      }
    })();
    // A few polls before the run: the baseline.
    await new Promise((r) => setTimeout(r, 1000));
    const idle = latencies.length;

    const health = () =>
      fetch(`${base}/api/admin/catalogue-health`, { headers: signedIn }).then(async (res) => ({
        status: res.status,
        body: (await res.json()) as { data: Record<string, unknown> },
      }));
    const start = performance.now();
    let answer = await health();
    if (answer.status !== 202) throw new Error(`the first call answered ${answer.status}`);
    const progress: [number, number][] = [];
    while (answer.status === 202) {
      progress.push([performance.now() - start, Number(answer.body.data.checked)]);
      await new Promise((r) => setTimeout(r, 250));
      answer = await health();
    }
    const took = performance.now() - start;
    const runEnd = latencies.length;
    // The same polling with no run, for as long (up to 20 s): the machine's own noise.
    await new Promise((r) => setTimeout(r, Math.min(took, 20_000)));
    running = false;
    await sampler;
    if (answer.status !== 200) throw new Error(`the run answered ${JSON.stringify(answer)}`);
    const done = answer.body.data as { checked: number; counts: Record<string, number> };

    const firstPass = progress.find(([, checked]) => checked >= corpus.length);
    const t2 = performance.now();
    const again = await health();
    const cached = performance.now() - t2;

    const during = latencies.slice(idle, runEnd);
    const slowest = idle + during.indexOf(Math.max(...during));
    const slowestAt = ((sentAt[slowest]! - start) / 1000).toFixed(1);
    const after = latencies.slice(runEnd);
    console.log(
      `checked ${done.checked} examples in ${(took / 1000).toFixed(1)} s` +
        (firstPass
          ? `; the first ${firstPass[1]} (every expression new to the checker) by ${(firstPass[0] / 1000).toFixed(1)} s`
          : ''),
    );
    console.log(`problems per kind: ${JSON.stringify(done.counts)}`);
    console.log(
      `GET /api/health during the run: ${during.length} polls, median ${ms(percentile(during, 50))}, p95 ${ms(percentile(during, 95))}, p99 ${ms(percentile(during, 99))}, slowest ${ms(Math.max(...during))} (sent ${slowestAt} s into the run)`,
    );
    console.log(
      `GET /api/health after it, no run: ${after.length} polls, median ${ms(percentile(after, 50))}, p95 ${ms(percentile(after, 95))}, p99 ${ms(percentile(after, 99))}, slowest ${ms(Math.max(...after))}`,
    );
    console.log(`second call: ${again.status} in ${ms(cached)} (kept for the catalogue version)`);
    console.log(
      `load average at the end: ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(', ')}`,
    );
  } finally {
    await stop(server);
  }
} finally {
  await remove();
}
