import { Worker } from 'node:worker_threads';
import { ErrorCode } from '@exemplar/shared/api';
import { AppError } from '../../lib/errors';
import type { AnswerCheckInput, AnswerVerdict, CheckOutcome } from './check-answer';
import { textOutcome } from './guards';

export type { AnswerCheckInput, AnswerVerdict };

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
  | { kind: 'failed'; message: string }
);

const refusal = (message: string) => new AppError(400, ErrorCode.ValidationError, message);

interface Job {
  input: AnswerCheckInput;
  resolve: (verdict: AnswerVerdict) => void;
  reject: (err: Error) => void;
}

interface Thread {
  worker: Worker;
  ready: Promise<void>;
}

/**
 * Checks learners' answers (`check-answer.ts`) on one worker thread, one at a time, so that a slow
 * check never holds the API's event loop. The text guards run first, on the event loop (they are
 * cheap): most hostile input is refused without reaching the thread. A check that runs past its
 * time limit ends the thread (terminate stops it mid-computation) and is refused; the next check
 * starts a fresh thread. An idle thread ends after 30 s.
 */
export class AnswerCheckPool {
  private readonly timeoutMs: number;
  private thread: Thread | undefined;
  private idle: NodeJS.Timeout | undefined;
  private readonly queue: Job[] = [];
  private running = false;
  private nextId = 1;

  constructor(options: { timeoutMs?: number } = {}) {
    this.timeoutMs = options.timeoutMs ?? ANSWER_CHECK_TIMEOUT_MS;
  }

  /** Resolves with the verdict; rejects with AppError(ErrorCode.ValidationError, <message for the learner>) (HTTP 400) when the answer cannot be read as maths or is refused as too complex. */
  check(input: AnswerCheckInput): Promise<AnswerVerdict> {
    const decided = textOutcome(input.expected, input.given);
    if (decided?.kind === 'refused') return Promise.reject(refusal(decided.message));
    if (decided?.kind === 'uncheckable') return Promise.resolve(decided.verdict);
    return new Promise((resolve, reject) => {
      this.queue.push({ input, resolve, reject });
      void this.drain();
    });
  }

  /** Ends the thread (if any); pending checks fail. */
  async close(): Promise<void> {
    for (const job of this.queue.splice(0)) job.reject(new Error('Answer checker closed'));
    await this.stopThread();
  }

  private async drain(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      for (let job = this.queue.shift(); job; job = this.queue.shift()) {
        try {
          job.resolve(await this.run(job.input));
        } catch (err) {
          job.reject(err as Error);
        }
      }
    } finally {
      this.running = false;
    }
  }

  private async run(input: AnswerCheckInput): Promise<AnswerVerdict> {
    clearTimeout(this.idle);
    const thread = (this.thread ??= this.startThread());
    thread.worker.ref(); // a script waits for its answer
    try {
      await thread.ready;
    } catch (err) {
      thread.worker.unref();
      throw err;
    }
    const { worker } = thread;
    const id = this.nextId++;
    return new Promise<AnswerVerdict>((resolve, reject) => {
      const done = () => {
        clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
        worker.unref();
        this.idle = setTimeout(() => void this.stopThread(), IDLE_MS).unref();
      };
      const onMessage = (m: ThreadReply) => {
        if (m.id !== id) return;
        done();
        if (m.kind === 'failed') reject(new Error(`Answer check failed: ${m.message}`));
        else if (m.kind === 'outcome') {
          const { outcome } = m;
          if (outcome.kind === 'refused') reject(refusal(outcome.message));
          else resolve(outcome.verdict);
        }
      };
      const onError = (err: Error & { code?: string }) => {
        done();
        this.forget(thread);
        // Out of memory is the answer's doing (its parsing exploded): refused like a slow one.
        reject(err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? refusal(TOOK_TOO_LONG) : err);
      };
      const onExit = (code: number) => {
        done();
        this.forget(thread);
        reject(new Error(`Answer checker thread exited with code ${code}`));
      };
      const timer = setTimeout(() => {
        done();
        void this.stopThread();
        reject(refusal(TOOK_TOO_LONG));
      }, this.timeoutMs);
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.on('exit', onExit);
      worker.postMessage({ id, input });
    });
  }

  private startThread(): Thread {
    const worker = new Worker(new URL('./answer-check.worker.mjs', import.meta.url), {
      resourceLimits: { maxOldGenerationSizeMb: HEAP_MB },
    });
    worker.unref(); // never keeps the process alive on its own
    const thread: Thread = {
      worker,
      ready: new Promise<void>((resolve, reject) => {
        const fail = () => {
          clearTimeout(timer);
          this.forget(thread);
          void worker.terminate();
          reject(
            new AppError(
              503,
              ErrorCode.ServiceUnavailable,
              'Answers cannot be checked right now; try again shortly.',
              {
                retryAfterSeconds: 5,
              },
            ),
          );
        };
        const timer = setTimeout(fail, STARTUP_MS);
        worker.once('error', fail);
        worker.once('exit', fail);
        worker.once('message', (m: ThreadReply) => {
          if (m.kind !== 'ready') return;
          clearTimeout(timer);
          worker.off('error', fail);
          worker.off('exit', fail);
          resolve();
        });
      }),
    };
    return thread;
  }

  /** Drops a thread that ended on its own (the next check starts another). */
  private forget(thread: Thread) {
    if (this.thread === thread) this.thread = undefined;
  }

  private async stopThread(): Promise<void> {
    clearTimeout(this.idle);
    const thread = this.thread;
    this.thread = undefined;
    if (thread) await thread.worker.terminate();
  }
}
