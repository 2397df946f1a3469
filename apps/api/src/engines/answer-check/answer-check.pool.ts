import os from 'node:os';
import { ErrorCode } from '@exemplar/shared/api';
import { AppError } from '../../lib/errors';
import { WorkerPool, type PoolJob, type WorkerThread } from '../../lib/worker-pool';
import type { AnswerReading, AnswerSpec } from '@exemplar/shared/answer-spec';
import type { AnswerCheckInput, AnswerVerdict, CheckOutcome } from './check-answer';
import { textOutcome } from './guards';
import { inferAnswerSpec } from './infer-spec';
import { choiceLetter, decideByText } from './spec-text';

export type { AnswerCheckInput, AnswerReading, AnswerVerdict };

/** A check or a reading with its spec settled (the one given, else the one inferred). */
export type SpecifiedInput = AnswerCheckInput & { spec: AnswerSpec };

/** What the thread is asked: to check an answer, or to say how it reads it. */
export type ThreadRequest = { id: number } & (
  { kind: 'check'; input: SpecifiedInput } | { kind: 'read'; input: SpecifiedInput }
);

/** Longest one check may take before its thread is ended and the answer refused as too complex. */
export const ANSWER_CHECK_TIMEOUT_MS = 1000;
/** Longest a new thread may take to load the checker (tsx and Compute Engine) before a check fails. */
const STARTUP_MS = 30_000;
/** A thread left idle this long is ended (the next check starts a new one). */
const IDLE_MS = 30_000;
/** Heap a check may use: past it the thread ends (an answer whose parsing explodes in memory). */
const HEAP_MB = 256;

export const TOOK_TOO_LONG = 'Your answer is too complex to check: it took too long.';

/** The thread's messages (each carries the id of the check it answers; 0 for `ready`). */
export type ThreadReply = { id: number } & (
  | { kind: 'ready' }
  | { kind: 'outcome'; outcome: CheckOutcome }
  | { kind: 'reading'; reading: AnswerReading }
  | { kind: 'failed'; message: string }
);

/** A thread's answer to a request (not `ready`). */
type Answer = Extract<ThreadReply, { kind: 'outcome' | 'reading' }>;

const refusal = (message: string) => new AppError(400, ErrorCode.ValidationError, message);

interface Job extends PoolJob<Answer> {
  client: string;
  /** Its place in the turn: one more than its client's last, and never before the one running. */
  turn: number;
  /** Arrival order, between jobs of the same turn. */
  seq: number;
  request: Omit<ThreadRequest, 'id'>;
  /** Ends the job's wait past `maxWaitMs` (cleared when it starts). */
  waiting: NodeJS.Timeout;
}

/**
 * Threads that check at once: one per core but one (the event loop's), at least 1, at most 4 (each
 * thread loads Compute Engine: about 100 MB).
 */
export const CHECKER_THREADS = Math.min(4, Math.max(1, os.availableParallelism() - 1));

/** Checks waiting for the thread, all clients together, before a new one is refused (503). */
export const MAX_QUEUED_CHECKS = 200;
/** Longest a check may wait for the thread before it is refused (503): a few time limits. */
export const MAX_CHECK_WAIT_MS = 5 * ANSWER_CHECK_TIMEOUT_MS;
/** Checks one client (account, else address) may have waiting or running at once (429 past it). */
export const MAX_CHECKS_IN_FLIGHT_PER_CLIENT = 10;
/** The client of a check whose caller is not named (scripts, tests). */
const ANONYMOUS = '';

export const CHECKER_BUSY =
  'Answers cannot be checked right now: too many are waiting. Try again in a few seconds.';
export const TOO_MANY_AT_ONCE =
  'Too many of your answers are being checked at once. Wait for them to be answered, then try again.';

const busy = () =>
  new AppError(503, ErrorCode.ServiceUnavailable, CHECKER_BUSY, { retryAfterSeconds: 5 });
const tooManyAtOnce = () =>
  new AppError(429, ErrorCode.TooManyRequests, TOO_MANY_AT_ONCE, { retryAfterSeconds: 2 });
const cannotStart = () =>
  new AppError(
    503,
    ErrorCode.ServiceUnavailable,
    'Answers cannot be checked right now; try again shortly.',
    { retryAfterSeconds: 5 },
  );

export interface AnswerCheckPoolOptions {
  timeoutMs?: number;
  /** Checks waiting, all clients together (MAX_QUEUED_CHECKS). */
  maxQueued?: number;
  /** Longest wait before a check starts (MAX_CHECK_WAIT_MS). */
  maxWaitMs?: number;
  /** Checks one client may have waiting or running (MAX_CHECKS_IN_FLIGHT_PER_CLIENT). */
  maxPerClient?: number;
  /** Threads checking at once (CHECKER_THREADS). */
  threads?: number;
  /**
   * Runs one request in place of the thread (tests: a checker whose pace the test sets). The
   * time limit does not apply to it.
   */
  runner?: (request: Omit<ThreadRequest, 'id'>) => Promise<Answer>;
}

/**
 * Checks learners' answers (`check-answer.ts`) and reads them back (`read-answer.ts`) on worker
 * threads (CHECKER_THREADS; each one request at a time), so that a slow check never holds the
 * API's event loop.
 * The answer spec is settled first (the one given, else inferred from the text), and the text
 * decisions run on the event loop (they are cheap): a blank answer, an example not checked, a
 * choice letter, and most hostile input are answered without reaching the thread. A check that
 * runs past its time limit ends its thread (terminate stops it mid-computation) and is refused;
 * the next check starts a fresh thread. An idle thread ends after 30 s; a thread starts only when
 * every running one is busy (the threads: `lib/worker-pool.ts`; the queue's order: here).
 *
 * Fair and bounded: each client (the caller's account, else its address; see `limitKey`) has a
 * queue of its own and a free thread takes the clients in turn (round-robin), so one client with
 * many checks waiting delays another's by at most one check. A client may have `maxPerClient` checks
 * waiting or running (past it: 429), all clients together `maxQueued` waiting, and a check may
 * wait `maxWaitMs` to start (past either: 503 with Retry-After) (ADR 045).
 */
export class AnswerCheckPool {
  private readonly timeoutMs: number;
  private readonly maxQueued: number;
  private readonly maxWaitMs: number;
  private readonly maxPerClient: number;
  private readonly runner: AnswerCheckPoolOptions['runner'];
  private readonly threads: WorkerPool<Job, Answer>;
  /** Each client's waiting checks, oldest first. */
  private readonly queues = new Map<string, Job[]>();
  private queued = 0;
  /** The turn of the job last started (see Job.turn). */
  private turn = 0;
  private seq = 0;
  /** The turn of each client's latest check waiting or running. */
  private readonly lastTurn = new Map<string, number>();
  /** Each client's checks waiting or running. */
  private readonly inFlight = new Map<string, number>();

  constructor(options: AnswerCheckPoolOptions = {}) {
    this.timeoutMs = options.timeoutMs ?? ANSWER_CHECK_TIMEOUT_MS;
    this.maxQueued = options.maxQueued ?? MAX_QUEUED_CHECKS;
    this.maxWaitMs = options.maxWaitMs ?? MAX_CHECK_WAIT_MS;
    this.maxPerClient = options.maxPerClient ?? MAX_CHECKS_IN_FLIGHT_PER_CLIENT;
    this.runner = options.runner;
    this.threads = new WorkerPool<Job, Answer>({
      threads: options.threads ?? CHECKER_THREADS,
      thread: {
        entry: new URL('./answer-check.worker.mjs', import.meta.url),
        name: 'Answer checker',
        idleMs: IDLE_MS,
        resourceLimits: { maxOldGenerationSizeMb: HEAP_MB },
        startup: { timeoutMs: STARTUP_MS, failed: cannotStart },
        timedOut: () => refusal(TOOK_TOO_LONG),
        // Out of memory is the answer's doing (its parsing exploded): refused like a slow one.
        crashed: (err) => (err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? refusal(TOOK_TOO_LONG) : err),
      },
      next: () => this.next(),
      run: (job, thread) =>
        this.runner ? this.runner(job.request) : this.run(thread, job.request),
    });
  }

  /**
   * Resolves with the verdict under the example's answer spec (`input.spec`; null or absent: the
   * one inferred from the stored answer and question); rejects with
   * AppError(ErrorCode.ValidationError, <message for the learner>) (HTTP 400) when the answer cannot
   * be read as maths or is refused as too complex, 429 when `client` has too many checks in
   * flight, 503 when the checker is too busy to start it in time.
   */
  async check(input: AnswerCheckInput, client = ANONYMOUS): Promise<AnswerVerdict> {
    const spec = input.spec ?? inferAnswerSpec(input.question, input.expected);
    const decided = decideByText(input.expected, input.given, spec);
    if (decided.kind === 'refused') throw refusal(decided.message);
    if (decided.kind === 'verdict') return decided.verdict;
    const answer = await this.ask({ kind: 'check', input: { ...input, spec } }, client);
    if (answer.kind !== 'outcome') throw new Error('Answer check failed: no verdict');
    if (answer.outcome.kind === 'refused') throw refusal(answer.outcome.message);
    return answer.outcome.verdict;
  }

  /**
   * "We read your answer as …": the answer as the checker reads it (LaTeX to typeset), or the
   * problem, in plain words, that stops it being read (the text checks' refusals and the time
   * limit included). Rejects only when the checker cannot run or is too busy (AppError 503) or
   * `client` has too many requests in flight (429).
   */
  async read(input: AnswerCheckInput, client = ANONYMOUS): Promise<AnswerReading> {
    const spec = input.spec ?? inferAnswerSpec(input.question, input.expected);
    const refused = textOutcome('0', input.given);
    if (refused?.kind === 'refused') return { problem: refused.message };
    const letter = spec.kind === 'choice' ? choiceLetter(input.given) : undefined;
    if (letter) return { reading: `\\text{(${letter})}` };
    try {
      const answer = await this.ask({ kind: 'read', input: { ...input, spec } }, client);
      if (answer.kind !== 'reading') throw new Error('Answer reading failed: no reading');
      return answer.reading;
    } catch (err) {
      if (err instanceof AppError && err.statusCode === 400) return { problem: err.message };
      throw err;
    }
  }

  private ask(request: Omit<ThreadRequest, 'id'>, client: string): Promise<Answer> {
    const inFlight = this.inFlight.get(client) ?? 0;
    if (inFlight >= this.maxPerClient) return Promise.reject(tooManyAtOnce());
    if (this.queued >= this.maxQueued) return Promise.reject(busy());
    this.inFlight.set(client, inFlight + 1);
    const settled = () => {
      const left = (this.inFlight.get(client) ?? 1) - 1;
      if (left > 0) this.inFlight.set(client, left);
      else {
        this.inFlight.delete(client);
        this.lastTurn.delete(client);
      }
    };
    const queue = this.queues.get(client);
    const last = this.lastTurn.get(client);
    const turn = last === undefined ? this.turn : Math.max(last + 1, this.turn);
    this.lastTurn.set(client, turn);
    return new Promise<Answer>((resolve, reject) => {
      const job: Job = {
        client,
        turn,
        seq: this.seq++,
        request,
        resolve: (answer) => {
          settled();
          resolve(answer);
        },
        reject: (err) => {
          settled();
          reject(err);
        },
        waiting: setTimeout(() => {
          if (this.unqueue(job)) job.reject(busy());
        }, this.maxWaitMs),
      };
      if (queue) queue.push(job);
      else this.queues.set(client, [job]);
      this.queued++;
      this.threads.drain();
    });
  }

  /**
   * The next job in turn (round-robin): each client's k-th waiting check has turn k after the one
   * running, so clients take one check each in turn, and one arriving now goes before a waiting
   * client's second check.
   */
  private next(): Job | undefined {
    let job: Job | undefined;
    for (const queue of this.queues.values()) {
      const head = queue[0]!;
      if (!job || head.turn < job.turn || (head.turn === job.turn && head.seq < job.seq)) {
        job = head;
      }
    }
    if (!job) return undefined;
    this.unqueue(job);
    this.turn = job.turn;
    clearTimeout(job.waiting);
    return job;
  }

  /** Takes a waiting job out of its queue; false when it has already started. */
  private unqueue(job: Job): boolean {
    const queue = this.queues.get(job.client);
    const at = queue?.indexOf(job) ?? -1;
    if (!queue || at < 0) return false;
    queue.splice(at, 1);
    if (queue.length === 0) this.queues.delete(job.client);
    this.queued--;
    return true;
  }

  /** Ends the threads; pending checks fail. */
  async close(): Promise<void> {
    for (let job = this.next(); job; job = this.next()) {
      job.reject(new Error('Answer checker closed'));
    }
    await this.threads.close();
  }

  private run(thread: WorkerThread, request: Omit<ThreadRequest, 'id'>): Promise<Answer> {
    return thread.run<ThreadReply, Answer>(request, {
      timeoutMs: this.timeoutMs,
      receive: (m) => {
        if (m.kind === 'failed') throw new Error(`Answer check failed: ${m.message}`);
        return m.kind === 'outcome' || m.kind === 'reading' ? m : undefined;
      },
    });
  }
}
