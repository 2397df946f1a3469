/**
 * Measures the answer checker on the MATH public sample: each record's answer as the import
 * stores it must be accepted, equivalent rewritings of it accepted and wrong answers made from it
 * refused. Prints the three shares, each kind of rewriting and wrong answer, every miss with its
 * cause, and the checker's time per answer: in this process for every check, and through the
 * worker pool (the thread's message hop included) for the first 300 records.
 * The corpus lives outside the repository: the file named here, else the one MATH_CORPUS names
 * (README, "Corpus runs").
 *
 *   node --import tsx scripts/check-corpus.ts [path/to/math-public-sample.json] [--misses]
 */
import { mathDatasetAnswer } from '@exemplar/shared/math-dataset';
import {
  measureAnswerCheck,
  type CorpusRecord,
} from '../apps/api/src/engines/answer-check/answer-check.corpus';
import { AnswerCheckPool } from '../apps/api/src/engines/answer-check/answer-check.pool';
import { variantsOf } from '../apps/api/src/engines/answer-check/answer-variants';
import { cell, corpusFile, machineLine, pct, readCorpus } from './corpus-report';

const args = process.argv.slice(2);
const listMisses = args.includes('--misses');
const file = corpusFile(args);
const records = readCorpus<CorpusRecord>(file);

const started = performance.now();
const report = measureAnswerCheck(records);
const ms = performance.now() - started;

console.log(`Corpus: ${file}`);
console.log(machineLine());
console.log(
  `${report.records} records, ${report.timing.checks} checks in ${(ms / 1000).toFixed(1)} s; ` +
    `${report.readable} stored answers read as maths, ${report.records - report.readable} compared as text`,
);
const { stored, rewriting, wrong } = report.groups;
console.log(
  `(a) stored answer accepted:        ${stored.passed}/${stored.total} = ${pct(stored.share)}`,
);
console.log(
  `(b) equivalent rewritings accepted: ${rewriting.passed}/${rewriting.total} = ${pct(rewriting.share)}`,
);
console.log(
  `    (b) of which equivalent but refused for the form the question asks: ${report.formRefused.length}`,
);
console.log(
  `(c) wrong answers not accepted:     ${wrong.passed}/${wrong.total} = ${pct(wrong.share)}`,
);
const t = report.timing;
console.log(
  `Time per check: median ${t.median.toFixed(2)} ms, p95 ${t.p95.toFixed(2)} ms, max ${t.max.toFixed(0)} ms`,
);

// The same checks of the first POOL_RECORDS records through the worker pool the API uses: the
// learner's wait, the thread's message hop included (checks one after another, thread warm).
const POOL_RECORDS = 300;
const pool = new AnswerCheckPool({ timeoutMs: 5000 });
await pool.check({ question: '', expected: '$1$', given: '1' });
const roundTrips: number[] = [];
for (const r of records.slice(0, POOL_RECORDS)) {
  const stored = String(mathDatasetAnswer(r.answer));
  for (const v of variantsOf(stored)) {
    const t0 = performance.now();
    await pool
      .check({ question: r.question, expected: stored, given: v.given })
      .catch(() => undefined);
    roundTrips.push(performance.now() - t0);
  }
}
await pool.close();
roundTrips.sort((a, b) => a - b);
const q = (x: number) =>
  roundTrips[Math.min(roundTrips.length - 1, Math.floor(x * roundTrips.length))]!;
console.log(
  `Through the worker pool (first ${POOL_RECORDS} records, ${roundTrips.length} checks): ` +
    `median ${q(0.5).toFixed(2)} ms, p95 ${q(0.95).toFixed(2)} ms, max ${roundTrips.at(-1)!.toFixed(0)} ms`,
);
console.log('');
console.log('| group | kind | answers | passed | share |');
console.log('|---|---|---:|---:|---:|');
for (const k of report.kinds) {
  console.log(
    `| ${k.group} | ${cell(k.kind)} | ${k.total} | ${k.passed} | ${pct(k.passed / k.total)} |`,
  );
}
console.log('');
console.log('Misses by cause:');
const causes = new Map<string, { count: number; example: string }>();
for (const k of report.kinds) {
  for (const m of k.misses) {
    const cause = `${k.group} / ${k.kind}: ${m.outcome}`;
    const c = causes.get(cause) ?? {
      count: 0,
      example: `${m.sourceId}: stored ${m.stored} given ${m.given}`,
    };
    c.count++;
    causes.set(cause, c);
  }
}
console.log('| cause | misses | example |');
console.log('|---|---:|---|');
for (const [cause, c] of [...causes].sort((a, b) => b[1].count - a[1].count)) {
  console.log(`| ${cell(cause)} | ${c.count} | \`${cell(c.example)}\` |`);
}
console.log('');
console.log('Stored answers compared as text (the checker cannot read them as maths):');
const reasons = new Map<string, { count: number; example: string }>();
for (const u of report.unreadable) {
  const reason = u.reason.replace(/^We couldn’t read your answer: /, '');
  const r = reasons.get(reason) ?? { count: 0, example: `${u.sourceId}: ${u.stored}` };
  r.count++;
  reasons.set(reason, r);
}
console.log('| reason | stored answers | example |');
console.log('|---|---:|---|');
for (const [reason, r] of [...reasons].sort((a, b) => b[1].count - a[1].count)) {
  console.log(`| ${cell(reason)} | ${r.count} | \`${cell(r.example)}\` |`);
}
if (listMisses) {
  for (const u of report.unreadable)
    console.log(`unreadable | ${u.sourceId} | ${u.stored} | ${u.reason}`);
  console.log('');
  for (const k of report.kinds) {
    for (const m of k.misses) {
      console.log(
        `${k.group} / ${k.kind} | ${m.sourceId} | ${m.stored} | ${m.given} | ${m.outcome}`,
      );
    }
  }
}
