import { ErrorCode } from '@exemplar/shared/api';
import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors';
import { AnswerCheckPool, TOOK_TOO_LONG, tryAnswers } from './index';

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

  it('reads answers on the thread: the grouping made visible, or the problem in plain words', async () => {
    pool = new AnswerCheckPool();
    const read = (given: string, expected = '$3$') =>
      pool!.read({ question: QUESTION, expected, given });
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
    pool = new AnswerCheckPool();
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
    pool = new AnswerCheckPool();
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
    pool = new AnswerCheckPool();
    const first = pool.check({ question: QUESTION, expected: '$3$', given: '3' });
    const second = failure(pool.check({ question: QUESTION, expected: '$3$', given: '3' }));
    const closing = pool.close();
    await closing;
    await first.catch(() => undefined);
    expect((await second).message).toBe('Answer checker closed');
  });
});
