import { Worker } from 'node:worker_threads';
import { ErrorCode } from '@exemplar/shared/api';
import type { MathIssue } from '@exemplar/shared/math';
import { AppError } from '../../lib/errors';

/** Issues listed per text (the rest are only counted). */
export const MAX_ISSUES_PER_TEXT = 5;

/** What a text's maths check found: the first issues and how many there are in all. */
export interface TextIssues {
  issues: MathIssue[];
  total: number;
}

/** Longest one batch of texts may take before its thread is ended and the import refused. */
export const MATH_CHECK_TIMEOUT_MS = 60_000;
/** A thread left idle this long is ended (the next check starts a new one). */
const IDLE_MS = 30_000;

interface Job {
  texts: string[];
  timeoutMs: number;
  resolve: (issues: TextIssues[]) => void;
  reject: (err: Error) => void;
}

/**
 * Checks maths (KaTeX over every expression) in one worker thread, one batch at a time, so an
 * import of many megabytes never holds the event loop: health checks and other requests are
 * answered meanwhile. A batch that runs past its time limit ends the thread (terminate stops it
 * mid-computation) and fails with 503; the next batch starts a fresh thread.
 */
export class MathCheckPool {
  private worker: Worker | undefined;
  private idle: NodeJS.Timeout | undefined;
  private readonly queue: Job[] = [];
  private running = false;
  private nextId = 1;

  check(texts: string[], timeoutMs = MATH_CHECK_TIMEOUT_MS): Promise<TextIssues[]> {
    if (texts.length === 0) return Promise.resolve([]);
    return new Promise((resolve, reject) => {
      this.queue.push({ texts, timeoutMs, resolve, reject });
      void this.drain();
    });
  }

  /** Ends the thread (if any); pending batches fail. */
  async close(): Promise<void> {
    for (const job of this.queue.splice(0)) job.reject(new Error('Maths checker closed'));
    await this.stopWorker();
  }

  private async drain(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      for (let job = this.queue.shift(); job; job = this.queue.shift()) {
        try {
          job.resolve(await this.run(job));
        } catch (err) {
          job.reject(err as Error);
        }
      }
    } finally {
      this.running = false;
    }
  }

  private run(job: Job): Promise<TextIssues[]> {
    clearTimeout(this.idle);
    const worker = (this.worker ??= this.startWorker());
    const id = this.nextId++;
    return new Promise<TextIssues[]>((resolve, reject) => {
      const done = () => {
        clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
        worker.unref();
        this.idle = setTimeout(() => void this.stopWorker(), IDLE_MS).unref();
      };
      const onMessage = (m: { id: number; issues: TextIssues[] }) => {
        if (m.id !== id) return;
        done();
        resolve(m.issues);
      };
      const onError = (err: Error) => {
        done();
        this.worker = undefined;
        reject(err);
      };
      const onExit = (code: number) => {
        done();
        this.worker = undefined;
        reject(new Error(`Maths checker thread exited with code ${code}`));
      };
      const timer = setTimeout(() => {
        done();
        void this.stopWorker();
        reject(
          new AppError(
            503,
            ErrorCode.ServiceUnavailable,
            `Checking the maths took longer than ${Math.round(job.timeoutMs / 1000)} s; import the file in smaller parts.`,
          ),
        );
      }, job.timeoutMs);
      worker.ref(); // a CLI import waits for the answer
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.on('exit', onExit);
      worker.postMessage({ id, texts: job.texts });
    });
  }

  private startWorker(): Worker {
    const worker = new Worker(new URL('./math-check.worker.mjs', import.meta.url));
    worker.unref(); // never keeps the process alive on its own
    return worker;
  }

  private async stopWorker(): Promise<void> {
    clearTimeout(this.idle);
    const worker = this.worker;
    this.worker = undefined;
    if (worker) await worker.terminate();
  }
}

/** The process's one maths checker thread (imports, the demo seed and the CLI share it). */
export const mathCheckPool = new MathCheckPool();
