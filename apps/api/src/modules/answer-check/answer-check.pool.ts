import { Worker } from 'node:worker_threads';
import { ErrorCode } from '@exemplar/shared/api';
import { AppError } from '../../lib/errors';
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

interface Job {
  request: Omit<ThreadRequest, 'id'>;
  resolve: (answer: Answer) => void;
  reject: (err: Error) => void;
}

interface Thread {
  worker: Worker;
  ready: Promise<void>;
}

/**
 * Checks learners' answers (`check-answer.ts`) and reads them back (`read-answer.ts`) on one
 * worker thread, one request at a time through one queue, so that a slow check never holds the
 * API's event loop. The answer spec is settled first (the one given, else inferred from the
 * text), and the text decisions run on the event loop (they are cheap): a blank answer, an example
 * not checked, a choice letter, and most hostile input are answered without reaching the thread. A check that runs past its
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

  /**
   * Resolves with the verdict under the example's answer spec (`input.spec`; null or absent: the
   * one inferred from the stored answer and question); rejects with
   * AppError(ErrorCode.ValidationError, <message for the learner>) (HTTP 400) when the answer cannot
   * be read as maths or is refused as too complex.
   */
  async check(input: AnswerCheckInput): Promise<AnswerVerdict> {
    const spec = input.spec ?? inferAnswerSpec(input.question, input.expected);
    const decided = decideByText(input.expected, input.given, spec);
    if (decided.kind === 'refused') throw refusal(decided.message);
    if (decided.kind === 'verdict') return decided.verdict;
    const answer = await this.ask({ kind: 'check', input: { ...input, spec } });
    if (answer.kind !== 'outcome') throw new Error('Answer check failed: no verdict');
    if (answer.outcome.kind === 'refused') throw refusal(answer.outcome.message);
    return answer.outcome.verdict;
  }

  /**
   * "We read your answer as …": the answer as the checker reads it (LaTeX to typeset), or the
   * problem, in plain words, that stops it being read (the text checks' refusals and the time
   * limit included). Rejects only when the checker cannot run (AppError 503).
   */
  async read(input: AnswerCheckInput): Promise<AnswerReading> {
    const spec = input.spec ?? inferAnswerSpec(input.question, input.expected);
    const refused = textOutcome('0', input.given);
    if (refused?.kind === 'refused') return { problem: refused.message };
    const letter = spec.kind === 'choice' ? choiceLetter(input.given) : undefined;
    if (letter) return { reading: `\\text{(${letter})}` };
    try {
      const answer = await this.ask({ kind: 'read', input: { ...input, spec } });
      if (answer.kind !== 'reading') throw new Error('Answer reading failed: no reading');
      return answer.reading;
    } catch (err) {
      if (err instanceof AppError && err.statusCode === 400) return { problem: err.message };
      throw err;
    }
  }

  private ask(request: Omit<ThreadRequest, 'id'>): Promise<Answer> {
    return new Promise((resolve, reject) => {
      this.queue.push({ request, resolve, reject });
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
          job.resolve(await this.run(job.request));
        } catch (err) {
          job.reject(err as Error);
        }
      }
    } finally {
      this.running = false;
    }
  }

  private async run(request: Omit<ThreadRequest, 'id'>): Promise<Answer> {
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
    return new Promise<Answer>((resolve, reject) => {
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
        else if (m.kind === 'outcome' || m.kind === 'reading') resolve(m);
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
      worker.postMessage({ id, ...request } as ThreadRequest);
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
