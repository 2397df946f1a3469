import { ErrorCode } from '@exemplar/shared/api';
import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors';
import { AnswerCheckPool, TOOK_TOO_LONG } from './answer-check.pool';

const QUESTION = 'Solve for $x$: $3x - 4 = 50$.';

/**
 * An answer that passes every text guard (balanced brackets 11 deep, no unknown command, short)
 * but on which Compute Engine's parser takes exponential time in the nesting of `|(`: 10 levels
 * took 0.8-1.8 s and 11 levels 2-4.6 s on the build machine, each level about twice the last.
 */
const bars = (levels: number) => '|('.repeat(levels) + '|x' + ')|'.repeat(levels - 1) + ')';
const RUNAWAY = { question: '', expected: '$3$', given: bars(11) };
const SLOW = { question: '', expected: '$3$', given: bars(10) };

let pool: AnswerCheckPool | undefined;
afterEach(async () => {
  await pool?.close();
  pool = undefined;
});

/** The error a check rejected with. */
const failure = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error('the check resolved');
    },
    (err: unknown) => err as AppError,
  );

describe('answer check pool', () => {
  it('answers verdicts from the worker thread, with feedback', async () => {
    pool = new AnswerCheckPool();
    expect(await pool.check({ question: QUESTION, expected: '$x = 18$', given: '18' })).toEqual({
      correct: true,
    });
    expect(await pool.check({ question: QUESTION, expected: '$x = 18$', given: '-18' })).toEqual({
      correct: false,
      feedback: 'Check the sign.',
    });
    expect(
      await pool.check({ question: QUESTION, expected: '$\\frac{1}{2}$', given: '\\frac{3}{6}' }),
    ).toEqual({
      correct: true,
      feedback: 'Your answer is equivalent but not simplified.',
    });
  });

  it.each([
    ['10^{10^{10}}', 'Your answer is too complex to check: a number in it is too large.'],
    ['9!!!!!!', 'Your answer is too complex to check: a number in it is too large.'],
    [
      '('.repeat(40) + '1' + ')'.repeat(40),
      'Your answer is too complex to check: it has too many brackets inside one another.',
    ],
    ['9'.repeat(5000), 'Your answer is too long to check (at most 500 characters).'],
    ['(1+2', 'We couldn’t read your answer: check that every bracket you open is closed.'],
    [
      '\\int'.repeat(40) + 'x',
      'We couldn’t read “∫” in your answer: write your answer with numbers, letters and maths symbols.',
    ],
  ])(
    'rejects %#: hostile or unreadable input with a 400 and a message for the learner, within a second',
    async (given, message) => {
      pool = new AnswerCheckPool();
      await pool.check({ question: QUESTION, expected: '$3$', given: '3' }); // the thread is up
      const started = performance.now();
      const err = await failure(pool.check({ question: QUESTION, expected: '$3$', given }));
      expect(performance.now() - started).toBeLessThan(1000);
      expect(err).toBeInstanceOf(AppError);
      expect(err.statusCode).toBe(400);
      expect(err.code).toBe(ErrorCode.ValidationError);
      expect(err.message).toBe(message);
    },
  );

  it('ends a check that runs past its time limit with a refusal, and the next check works on a fresh thread', async () => {
    pool = new AnswerCheckPool({ timeoutMs: 150 });
    expect(await pool.check({ question: QUESTION, expected: '$3$', given: '3' })).toEqual({
      correct: true,
    });
    const started = performance.now();
    const err = await failure(pool.check(RUNAWAY));
    expect(performance.now() - started).toBeLessThan(1000);
    expect(err.statusCode).toBe(400);
    expect(err.message).toBe(TOOK_TOO_LONG);
    expect(await pool.check({ question: QUESTION, expected: '$3$', given: '3' })).toEqual({
      correct: true,
    });
    expect(await pool.check({ question: QUESTION, expected: '$3$', given: '4' })).toEqual({
      correct: false,
    });
  });

  it('keeps the event loop free during a slow check: a 5 ms interval keeps ticking', async () => {
    pool = new AnswerCheckPool({ timeoutMs: 20_000 });
    await pool.check({ question: QUESTION, expected: '$3$', given: '3' }); // the thread is up
    const ticks: number[] = [];
    const interval = setInterval(() => ticks.push(performance.now()), 5);
    const started = performance.now();
    let err: AppError;
    try {
      err = await failure(pool.check(SLOW));
    } finally {
      clearInterval(interval);
    }
    const took = performance.now() - started;
    // The check was slow (else this test would show nothing) and the loop ran all along: a check
    // on the event loop would leave one gap as long as the check. Gaps of 100 ms and more come from
    // a loaded machine (the process waits for a CPU), so the bound is half the check's time.
    expect(err.message).toBe(
      'We couldn’t read your answer: check that every bracket you open is closed.',
    );
    expect(took).toBeGreaterThan(300);
    const gaps = ticks.slice(1).map((t, i) => t - ticks[i]!);
    expect(ticks.length).toBeGreaterThan(took / 5 / 10);
    expect(Math.max(...gaps)).toBeLessThan(took / 2);
  });

  it('queues checks and answers each in turn', async () => {
    pool = new AnswerCheckPool();
    const verdicts = await Promise.all(
      ['18', '17', 'x = 18', '\\frac{36}{2}'].map((given) =>
        pool!.check({ question: QUESTION, expected: '$18$', given }),
      ),
    );
    expect(verdicts.map((v) => v.correct)).toEqual([true, false, true, true]);
  });

  it('fails pending checks when closed', async () => {
    pool = new AnswerCheckPool();
    const first = pool.check({ question: QUESTION, expected: '$3$', given: '3' });
    const second = failure(pool.check({ question: QUESTION, expected: '$3$', given: '3' }));
    const closing = pool.close();
    await closing;
    await first.catch(() => undefined);
    expect((await second).message).toBe('Answer checker closed');
  });
});
