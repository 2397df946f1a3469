import { Worker, type ResourceLimits, type TransferListItem } from 'node:worker_threads';

/**
 * Worker threads that keep slow work off the event loop, knowing nothing of the work itself. A
 * thread starts on first use and ends after `idleMs` without a job; it never keeps the process
 * alive on its own (unref), except while a job is under way (a script or the CLI waits for its
 * answer). A job that runs past its time limit ends its thread (terminate stops it
 * mid-computation); a thread that fails or exits fails its job; the next job starts a fresh thread.
 *
 * The messages: each request is posted with an `id`, and the thread's replies carry the id of the
 * request they answer. A thread started with `startup` posts `{ kind: 'ready' }` once loaded, and
 * no request is posted to it before.
 */
export interface ThreadOptions {
  /** The thread's entry file. */
  entry: URL;
  /** Names the thread in the error of an unexpected exit ("<name> thread exited with code 1"). */
  name: string;
  /** A thread left idle this long is ended (the next job starts a new one). */
  idleMs: number;
  resourceLimits?: ResourceLimits;
  /** The thread says it is ready within `timeoutMs`, else it is ended and its job fails with `failed()`. */
  startup?: { timeoutMs: number; failed: () => Error };
  /** The error of a job that ran past its time limit of `timeoutMs`. */
  timedOut: (timeoutMs: number) => Error;
  /** The error of a job whose thread failed ('error' event); the thread's error by default. */
  crashed?: (err: Error & { code?: string }) => Error;
}

/** One job on a thread: its time limit, what is moved with it, and how its replies are taken. */
export interface JobOptions<Reply, T> {
  timeoutMs: number;
  /** Moved to the thread with the request, not copied. */
  transfer?: readonly TransferListItem[];
  /**
   * Takes each reply to the job: returns the job's result once the last has come, undefined to
   * wait for more; throws to fail the job. `post` sends the thread a further message for the job.
   */
  receive: (reply: Reply, post: (message: object) => void) => T | undefined;
}

interface Started {
  worker: Worker;
  ready: Promise<void>;
}

/** One worker thread, one job at a time (the caller's queue sees to that). */
export class WorkerThread {
  private started: Started | undefined;
  private idle: NodeJS.Timeout | undefined;
  private nextId = 1;

  constructor(private readonly options: ThreadOptions) {}

  /** Posts `request` (with an id) to the thread, started if need be; resolves with the job's result. */
  async run<Reply extends { id: number }, T>(
    request: object,
    job: JobOptions<Reply, T>,
  ): Promise<T> {
    clearTimeout(this.idle);
    const started = (this.started ??= this.start());
    const { worker } = started;
    worker.ref(); // a script waits for its answer
    try {
      await started.ready;
    } catch (err) {
      worker.unref();
      throw err;
    }
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      const done = () => {
        clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
        worker.unref();
        this.idle = setTimeout(() => void this.stop(), this.options.idleMs).unref();
      };
      const onMessage = (reply: Reply) => {
        if (reply.id !== id) return;
        let result: T | undefined;
        try {
          result = job.receive(reply, (message) => worker.postMessage({ ...message, id }));
        } catch (err) {
          done();
          reject(err as Error);
          return;
        }
        if (result === undefined) return;
        done();
        resolve(result);
      };
      const onError = (err: Error & { code?: string }) => {
        done();
        this.forget(started);
        reject(this.options.crashed?.(err) ?? err);
      };
      const onExit = (code: number) => {
        done();
        this.forget(started);
        reject(new Error(`${this.options.name} thread exited with code ${code}`));
      };
      const timer = setTimeout(() => {
        done();
        void this.stop();
        reject(this.options.timedOut(job.timeoutMs));
      }, job.timeoutMs);
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.on('exit', onExit);
      worker.postMessage({ id, ...request }, job.transfer);
    });
  }

  /** Ends the thread, if any (a job under way fails). */
  async stop(): Promise<void> {
    clearTimeout(this.idle);
    const started = this.started;
    this.started = undefined;
    if (started) await started.worker.terminate();
  }

  private start(): Started {
    const { entry, resourceLimits, startup } = this.options;
    const worker = new Worker(entry, resourceLimits ? { resourceLimits } : {});
    worker.unref(); // never keeps the process alive on its own
    if (!startup) return { worker, ready: Promise.resolve() };
    const started: Started = {
      worker,
      ready: new Promise<void>((resolve, reject) => {
        const fail = () => {
          clearTimeout(timer);
          this.forget(started);
          void worker.terminate();
          reject(startup.failed());
        };
        const onMessage = (m: { kind?: string }) => {
          if (m.kind !== 'ready') return;
          clearTimeout(timer);
          worker.off('message', onMessage);
          worker.off('error', fail);
          worker.off('exit', fail);
          resolve();
        };
        const timer = setTimeout(fail, startup.timeoutMs);
        worker.once('error', fail);
        worker.once('exit', fail);
        worker.on('message', onMessage);
      }),
    };
    return started;
  }

  /** Drops a thread that ended on its own (the next job starts another). */
  private forget(started: Started): void {
    if (this.started === started) this.started = undefined;
  }
}

/** A job the pool hands to a free thread; settled with what running it gave. */
export interface PoolJob<T> {
  resolve: (value: T) => void;
  reject: (err: Error) => void;
}

export interface WorkerPoolOptions<J extends PoolJob<T>, T> {
  /** Threads running at once (at least 1). */
  threads: number;
  thread: ThreadOptions;
  /** The next job to run, or undefined when none waits: the pool's queue and its order. */
  next: () => J | undefined;
  /** Runs a job on the free thread given (which starts on its first job). */
  run: (job: J, thread: WorkerThread) => Promise<T>;
}

/**
 * Threads that each run one job at a time, the queue's order left to the owner (`next`). A free
 * thread takes the next job; a thread starts only when every running one is busy.
 */
export class WorkerPool<J extends PoolJob<T>, T> {
  private readonly slots: { thread: WorkerThread; busy: boolean }[];

  constructor(private readonly options: WorkerPoolOptions<J, T>) {
    this.slots = Array.from({ length: Math.max(1, options.threads) }, () => ({
      thread: new WorkerThread(options.thread),
      busy: false,
    }));
  }

  /** Gives each free thread the next job; call when a job arrives (and it is called when one is done). */
  drain(): void {
    for (const slot of this.slots) {
      if (slot.busy) continue;
      const job = this.options.next();
      if (!job) return;
      slot.busy = true;
      void this.options
        .run(job, slot.thread)
        .then(job.resolve, job.reject)
        .finally(() => {
          slot.busy = false;
          this.drain();
        });
    }
  }

  /** Ends every thread (the jobs under way fail; the owner fails those waiting). */
  async close(): Promise<void> {
    await Promise.all(this.slots.map((slot) => slot.thread.stop()));
  }
}
