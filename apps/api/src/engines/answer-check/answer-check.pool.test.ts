import { ErrorCode } from '@exemplar/shared/api';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors';
import type { ThreadReply, ThreadRequest } from './answer-check.pool';
import {
  AnswerCheckPool,
  CHECKER_BUSY,
  TOO_MANY_AT_ONCE,
  TOOK_TOO_LONG,
  tryAnswers,
} from './index';

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

/**
 * One real thread for the tests that need no setting of their own: starting a thread loads
 * Compute Engine (about a second, more on a loaded machine), so they share it. Its wait is long
 * for the same reason: the first check waits for the thread's start-up.
 */
let shared: AnswerCheckPool;
beforeAll(async () => {
  shared = new AnswerCheckPool({ maxWaitMs: 60_000 });
  await shared.check({ question: QUESTION, expected: '$3$', given: '3' }); // the thread is up
});
afterAll(() => shared.close());

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
    const pool = shared;
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
    'rejects %#: hostile or unreadable input with a 400 and a message for the learner',
    async (given, message) => {
      const err = await failure(shared.check({ question: QUESTION, expected: '$3$', given }));
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
    // Ended by the 150 ms limit, not after the seconds the parse would take: the time it takes is
    // measured by `npm run test:perf` (answer-check.perf.test.ts).
    const err = await failure(pool.check(RUNAWAY));
    expect(err.statusCode).toBe(400);
    expect(err.message).toBe(TOOK_TOO_LONG);
    expect(await pool.check({ question: QUESTION, expected: '$3$', given: '3' })).toEqual({
      correct: true,
    });
    expect(await pool.check({ question: QUESTION, expected: '$3$', given: '4' })).toEqual({
      correct: false,
    });
  });

  it('keeps the event loop free during a slow check: a 5 ms interval ticks while the check is under way', async () => {
    pool = new AnswerCheckPool({ timeoutMs: 20_000 });
    await pool.check({ question: QUESTION, expected: '$3$', given: '3' }); // the thread is up
    let checking = true;
    let ticksDuring = 0;
    const interval = setInterval(() => {
      if (checking) ticksDuring++;
    }, 5);
    let err: AppError;
    try {
      err = await failure(pool.check(SLOW).finally(() => (checking = false)));
    } finally {
      clearInterval(interval);
    }
    // A check on the event loop would let no tick run until it answered. How long the loop's
    // turns were meanwhile is measured by `npm run test:perf` (answer-check.perf.test.ts).
    expect(err.message).toBe(
      'We couldn’t read your answer: check that every bracket you open is closed.',
    );
    expect(ticksDuring).toBeGreaterThanOrEqual(10);
  });

  it('queues checks and answers each in turn', async () => {
    const verdicts = await Promise.all(
      ['18', '17', 'x = 18', '\\frac{36}{2}'].map((given) =>
        shared.check({ question: QUESTION, expected: '$18$', given }),
      ),
    );
    expect(verdicts.map((v) => v.correct)).toEqual([true, false, true, true]);
  });

  it('reads answers on the thread: the grouping made visible, or the problem in plain words', async () => {
    const read = (given: string, expected = '$3$') =>
      shared.read({ question: QUESTION, expected, given });
    expect(await read('e^2x')).toEqual({ reading: 'e^{2} x' });
    expect(await read('e^{2x}')).toEqual({ reading: 'e^{2 x}' });
    expect(await read('\\sin x^2')).toEqual({ reading: '\\sin\\left(x^{2}\\right)' });
    expect(await read('x=2 \\lor x=3')).toEqual({ reading: 'x = 2,\\quad x = 3' });
    expect(await read('1200cm', '$12$ m')).toEqual({ reading: '1200\\ \\text{cm}' });
    expect(await read('0.75 m/s', '$0.75$ m/s')).toEqual({ reading: '0.75\\ \\text{m}/\\text{s}' });
    expect(await read('B', '(B) $5$')).toEqual({ reading: '\\text{(B)}' });
    expect(await read('mean = 6, 7', 'Mean $6$, median $7$')).toEqual({
      reading: '\\text{mean} = 6,\\quad 7',
    });
    // The same text checks as a check, and the parser's problems, as messages for the learner.
    expect(await read('')).toEqual({ problem: 'Type your answer before checking it.' });
    expect(await read('\\int x')).toEqual({
      problem:
        'We couldn’t read “∫” in your answer: write your answer with numbers, letters and maths symbols.',
    });
    expect(await read('10^{10^{10}}')).toEqual({
      problem: 'Your answer is too complex to check: a number in it is too large.',
    });
  });

  it('reads within the same time limit as a check, and reports running past it as a problem', async () => {
    pool = new AnswerCheckPool({ timeoutMs: 150 });
    expect(await pool.read({ question: QUESTION, expected: '$3$', given: '3' })).toEqual({
      reading: '3',
    });
    expect(await pool.read(RUNAWAY)).toEqual({ problem: TOOK_TOO_LONG });
    expect(await pool.read({ question: QUESTION, expected: '$3$', given: '4' })).toEqual({
      reading: '4',
    });
  });

  it('checks under a spec given with the answer, or the one inferred without one', async () => {
    const pool = shared;
    const none = { kind: 'none', form: 'any', unit: null, tolerance: null, choice: null } as const;
    expect(
      await pool.check({ question: QUESTION, expected: '$x = 18$', given: '18', spec: none }),
    ).toMatchObject({
      correct: false,
      checkable: false,
    });
    const STATS = 'Find the mean, median and mode.';
    expect(
      await pool.check({
        question: STATS,
        expected: 'Mean $6$, median $7$, mode $7$',
        given: '7, 6, 7',
      }),
    ).toEqual({
      correct: false,
      feedback: 'Your list is in another order than asked.',
    });
    expect(await pool.check({ question: '', expected: '(B) $65^\\circ$', given: '(b)' })).toEqual({
      correct: true,
    });
  });

  it('tries an editor’s answers: each a verdict or the message a learner would read', async () => {
    const pool = shared;
    const result = await tryAnswers(pool, {
      question: 'Expand $(x + 1)^2$.',
      answer: '$x^2 + 2x + 1$',
      answerSpec: null,
      answers: ['x^2+2x+1', '(x+1)^2', 'x^2+1', '\\int x'],
    });
    expect(result).toEqual({
      answerSpec: {
        kind: 'expression',
        form: 'expanded',
        unit: null,
        tolerance: null,
        choice: null,
      },
      inferred: true,
      results: [
        { answer: 'x^2+2x+1', correct: true },
        {
          answer: '(x+1)^2',
          correct: false,
          feedback: 'Equivalent but not in the form asked (expanded).',
        },
        { answer: 'x^2+1', correct: false },
        {
          answer: '\\int x',
          refused:
            'We couldn’t read “∫” in your answer: write your answer with numbers, letters and maths symbols.',
        },
      ],
    });
    const set = { kind: 'value', form: 'any', unit: 'm', tolerance: null, choice: null } as const;
    const tried = await tryAnswers(pool, {
      question: 'How long?',
      answer: '$12$',
      answerSpec: set,
      answers: ['1200 cm'],
    });
    expect(tried).toEqual({
      answerSpec: set,
      inferred: false,
      results: [{ answer: '1200 cm', correct: true }],
    });
  });

  it('fails pending checks when closed', async () => {
    pool = new AnswerCheckPool({ threads: 1 });
    const first = pool.check({ question: QUESTION, expected: '$3$', given: '3' });
    const second = failure(pool.check({ question: QUESTION, expected: '$3$', given: '3' }));
    const closing = pool.close();
    await closing;
    await first.catch(() => undefined);
    expect((await second).message).toBe('Answer checker closed');
  });
});

/** A check that reaches the thread (no text rule decides it). */
const input = (given: string) => ({ question: QUESTION, expected: '$x = 18$', given });

type Answer = Extract<ThreadReply, { kind: 'outcome' }>;

/**
 * A checker whose pace the test sets: each request waits until the test finishes it; `started`
 * lists the answers in the order the pool sent them to be checked.
 */
function controlledChecker() {
  const started: string[] = [];
  const pending: (() => void)[] = [];
  let onStart: (() => void) | undefined;
  const runner = (request: Omit<ThreadRequest, 'id'>) =>
    new Promise<Answer>((resolve) => {
      started.push(request.input.given);
      pending.push(() =>
        resolve({
          id: 0,
          kind: 'outcome',
          outcome: { kind: 'verdict', verdict: { correct: true }, how: 'controlled' },
        }),
      );
      onStart?.();
    });
  /** Waits until `n` requests have started. */
  const startedCount = (n: number) =>
    new Promise<void>((resolve) => {
      const test = () => {
        if (started.length >= n) {
          onStart = undefined;
          resolve();
        }
      };
      onStart = test;
      test();
    });
  /** Finishes the running request (the oldest unfinished one). */
  const finish = () => pending.shift()!();
  return { runner, started, startedCount, finish };
}

describe('the answer check queue', () => {
  it('serves clients in turn: another learner’s check runs next, before the flooder’s 30 drain', async () => {
    const checker = controlledChecker();
    pool = new AnswerCheckPool({ threads: 1, runner: checker.runner, maxPerClient: 30 });
    let floodAnswered = 0;
    const flood = Array.from({ length: 30 }, (_, i) =>
      pool!.check(input(`flood ${i}`), 'account:1').then(() => floodAnswered++),
    );
    await checker.startedCount(1); // the flooder's first check is on the thread, 29 wait
    let floodAnsweredBeforeOther = -1;
    const other = pool.check(input('other'), 'account:2').then((v) => {
      floodAnsweredBeforeOther = floodAnswered;
      return v;
    });
    checker.finish(); // flood 0 done: the turn passes to the other learner
    await checker.startedCount(2);
    expect(checker.started).toEqual(['flood 0', 'other']);
    checker.finish();
    expect(await other).toEqual({ correct: true });
    // Answered after one of the flooder's 30: its queue did not drain first.
    expect(floodAnsweredBeforeOther).toBe(1);
    for (let i = 2; i <= 30; i++) {
      await checker.startedCount(i + 1);
      checker.finish();
    }
    await Promise.all(flood);
    expect(checker.started.slice(2)).toEqual(
      Array.from({ length: 29 }, (_, i) => `flood ${i + 1}`),
    );
  });

  it('alternates between two busy clients rather than first come, first served', async () => {
    const checker = controlledChecker();
    pool = new AnswerCheckPool({ threads: 1, runner: checker.runner });
    const all = [
      ...['a1', 'a2', 'a3'].map((g) => pool!.check(input(g), 'address:192.0.2.1')),
      ...['b1', 'b2', 'b3'].map((g) => pool!.check(input(g), 'address:192.0.2.2')),
    ];
    for (let i = 1; i <= 6; i++) {
      await checker.startedCount(i);
      checker.finish();
    }
    await Promise.all(all);
    expect(checker.started).toEqual(['a1', 'b1', 'a2', 'b2', 'a3', 'b3']);
  });

  it('caps the checks one client has in flight: past the cap a 429 in plain words, other clients unaffected', async () => {
    const checker = controlledChecker();
    pool = new AnswerCheckPool({ threads: 1, runner: checker.runner, maxPerClient: 3 });
    const mine = [1, 2, 3].map((i) => pool!.check(input(`mine ${i}`), 'account:7'));
    const err = await failure(pool.check(input('mine 4'), 'account:7'));
    expect(err).toBeInstanceOf(AppError);
    expect(err.statusCode).toBe(429);
    expect(err.code).toBe(ErrorCode.TooManyRequests);
    expect(err.message).toBe(TOO_MANY_AT_ONCE);
    expect(err.details?.retryAfterSeconds).toBeGreaterThan(0);
    const other = pool.check(input('other'), 'account:8');
    for (let i = 1; i <= 4; i++) {
      await checker.startedCount(i);
      checker.finish();
    }
    await Promise.all([...mine, other]);
    // Answered checks free the cap again.
    const again = pool.check(input('mine 5'), 'account:7');
    await checker.startedCount(5);
    checker.finish();
    expect(await again).toEqual({ correct: true });
  });

  it('bounds the queue: past maxQueued a check is refused at once with 503 and Retry-After', async () => {
    const checker = controlledChecker();
    pool = new AnswerCheckPool({ threads: 1, runner: checker.runner, maxQueued: 2 });
    const running = pool.check(input('running'), 'a');
    await checker.startedCount(1);
    const waiting = [pool.check(input('w1'), 'b'), pool.check(input('w2'), 'c')];
    const err = await failure(pool.check(input('w3'), 'd'));
    expect(err.statusCode).toBe(503);
    expect(err.code).toBe(ErrorCode.ServiceUnavailable);
    expect(err.message).toBe(CHECKER_BUSY);
    expect(err.details?.retryAfterSeconds).toBeGreaterThan(0);
    expect(err.message).not.toMatch(/queue|thread|worker/i);
    for (let i = 1; i <= 3; i++) {
      await checker.startedCount(i);
      checker.finish();
    }
    await Promise.all([running, ...waiting]);
  });

  it('bounds the wait: a check that cannot start within maxWaitMs is refused with 503 and never runs', async () => {
    const checker = controlledChecker();
    pool = new AnswerCheckPool({ threads: 1, runner: checker.runner, maxWaitMs: 50 });
    const running = pool.check(input('stuck'), 'a');
    await checker.startedCount(1);
    const err = await failure(pool.check(input('late'), 'b'));
    expect(err.statusCode).toBe(503);
    expect(err.message).toBe(CHECKER_BUSY);
    expect(err.details?.retryAfterSeconds).toBeGreaterThan(0);
    checker.finish();
    await running;
    // The refused check left the queue and the cap: the same client is served next time.
    const next = pool.check(input('next'), 'b');
    await checker.startedCount(2);
    checker.finish();
    await next;
    expect(checker.started).toEqual(['stuck', 'next']);
  });

  it('on the real thread: a flooder’s 10 checks and another learner’s one are all answered right', async () => {
    // Not about waiting: on a loaded machine the thread's start-up alone can outlast the default wait.
    pool = new AnswerCheckPool({ threads: 1, maxWaitMs: 60_000 });
    const order: string[] = [];
    const flood = Array.from({ length: 10 }, (_, i) =>
      pool!.check(input(String(18 + (i % 2))), 'account:1').then((v) => {
        order.push(`flood ${i}`);
        return v.correct;
      }),
    );
    const other = pool.check(input('x = 18'), 'account:2').then((v) => {
      order.push('other');
      return v.correct;
    });
    expect(await Promise.all(flood)).toEqual(Array.from({ length: 10 }, (_, i) => i % 2 === 0));
    expect(await other).toBe(true);
    expect(order.indexOf('other')).toBeLessThanOrEqual(1);
  });

  it('with two threads, two checks run at once and the turns still alternate between clients', async () => {
    const checker = controlledChecker();
    pool = new AnswerCheckPool({ threads: 2, runner: checker.runner });
    const all = [
      ...['a1', 'a2', 'a3'].map((g) => pool!.check(input(g), 'a')),
      ...['b1', 'b2'].map((g) => pool!.check(input(g), 'b')),
    ];
    await checker.startedCount(2); // both threads busy before either is done
    expect(checker.started).toEqual(['a1', 'a2']);
    for (let i = 3; i <= 5; i++) {
      checker.finish();
      await checker.startedCount(i);
    }
    checker.finish();
    checker.finish();
    await Promise.all(all);
    expect(checker.started).toEqual(['a1', 'a2', 'b1', 'a3', 'b2']);
  });

  it('on two real threads: checks are answered right beside a runaway that is refused', async () => {
    // Not about waiting: on a loaded machine the thread's start-up alone can outlast the default wait.
    pool = new AnswerCheckPool({ threads: 2, timeoutMs: 150, maxWaitMs: 60_000 });
    const [runaway, ...verdicts] = await Promise.all([
      failure(pool.check(RUNAWAY, 'a')),
      ...['18', '17', 'x = 18'].map((given) => pool!.check(input(given), 'b')),
    ]);
    expect(runaway.message).toBe(TOOK_TOO_LONG);
    expect(verdicts.map((v) => v.correct)).toEqual([true, false, true]);
  });
});
