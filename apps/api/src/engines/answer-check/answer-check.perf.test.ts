import { afterEach, describe, expect, it } from 'vitest';
import type { AppError } from '../../lib/errors';
import { checkAnswer } from './check-answer';
import { AnswerCheckPool, TOOK_TOO_LONG } from './index';

// `npm run test:perf`: how long the answer checker takes to refuse hostile answers, to end a
// runaway check, and how long the event loop waits meanwhile; printed, with generous bounds.
// `npm test` checks the same refusals, messages and order (answer-check.pool.test.ts,
// check-answer.test.ts).

const QUESTION = 'Solve for $x$: $3x - 4 = 50$.';
/** Compute Engine's parser takes exponential time in the nesting of `|(` (see the pool's test). */
const bars = (levels: number) => '|('.repeat(levels) + '|x' + ')|'.repeat(levels - 1) + ')';

const HOSTILE = [
  '10^{10^{10}}',
  '9!!!!!!',
  '2^{2^{2^{2^{2^{2}}}}}',
  'x^{10^{10}}',
  '1000!',
  '1'.repeat(40),
  '('.repeat(40) + '1' + ')'.repeat(40),
  '\\frac{'.repeat(20) + '1' + '}{2}'.repeat(20),
  'x+'.repeat(600) + 'x',
  '9'.repeat(5000),
  '\\int'.repeat(40) + 'x',
];

/** Within this, a refusal is "at once" on a loaded two-core machine (about 1 s was asserted). */
const REFUSAL_BOUND_MS = 3_000;

let pool: AnswerCheckPool | undefined;
afterEach(async () => {
  await pool?.close();
  pool = undefined;
});

const timed = async <T>(work: () => T | Promise<T>) => {
  const started = performance.now();
  const value = await work();
  return { value, ms: performance.now() - started };
};

describe('answer checker timings', () => {
  it(`refuses each hostile answer within ${REFUSAL_BOUND_MS} ms, on the event loop and through the pool`, async () => {
    pool = new AnswerCheckPool();
    await pool.check({ question: QUESTION, expected: '$3$', given: '3' }); // the thread is up
    const rows = [];
    for (const given of HOSTILE) {
      const inline = await timed(() => checkAnswer({ question: QUESTION, expected: '$3$', given }));
      expect(inline.value.kind).toBe('refused');
      const pooled = await timed(() =>
        pool!.check({ question: QUESTION, expected: '$3$', given }).catch((err: AppError) => err),
      );
      expect((pooled.value as AppError).statusCode).toBe(400);
      rows.push({
        answer: given.length > 24 ? `${given.slice(0, 21)}…` : given,
        inline_ms: Math.round(inline.ms),
        pool_ms: Math.round(pooled.ms),
      });
    }
    console.table(rows);
    for (const row of rows) {
      expect(row.inline_ms, row.answer).toBeLessThan(REFUSAL_BOUND_MS);
      expect(row.pool_ms, row.answer).toBeLessThan(REFUSAL_BOUND_MS);
    }
  });

  it('ends a runaway check soon after its 150 ms limit', async () => {
    pool = new AnswerCheckPool({ timeoutMs: 150 });
    await pool.check({ question: QUESTION, expected: '$3$', given: '3' }); // the thread is up
    const { value, ms } = await timed(() =>
      pool!.check({ question: '', expected: '$3$', given: bars(11) }).catch((err: AppError) => err),
    );
    console.info(`runaway check ended after ${Math.round(ms)} ms (limit 150 ms)`);
    expect((value as AppError).message).toBe(TOOK_TOO_LONG);
    expect(ms).toBeLessThan(REFUSAL_BOUND_MS);
  });

  it('keeps the event loop free during a slow check: no turn of a 5 ms interval waits half the check', async () => {
    pool = new AnswerCheckPool({ timeoutMs: 20_000 });
    await pool.check({ question: QUESTION, expected: '$3$', given: '3' }); // the thread is up
    const ticks: number[] = [];
    const interval = setInterval(() => ticks.push(performance.now()), 5);
    const { ms: took } = await timed(() =>
      pool!.check({ question: '', expected: '$3$', given: bars(10) }).catch((err: AppError) => err),
    );
    clearInterval(interval);
    const gaps = ticks.slice(1).map((t, i) => t - ticks[i]!);
    const sorted = [...gaps].sort((a, b) => a - b);
    console.table([
      {
        check_ms: Math.round(took),
        ticks: ticks.length,
        median_gap_ms: +sorted[sorted.length >> 1]!.toFixed(1),
        p99_gap_ms: +sorted[Math.floor(sorted.length * 0.99)]!.toFixed(1),
        longest_gap_ms: +sorted.at(-1)!.toFixed(1),
      },
    ]);
    // The check was slow (else this shows nothing) and the loop ran all along: a check on the
    // event loop would leave one gap as long as the check.
    expect(took).toBeGreaterThan(300);
    expect(ticks.length).toBeGreaterThan(took / 5 / 10);
    expect(Math.max(...gaps)).toBeLessThan(took / 2);
  });
});
