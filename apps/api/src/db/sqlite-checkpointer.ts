import { Worker } from 'node:worker_threads';

/** What `PRAGMA wal_checkpoint` reports: frames in the log and how many are in the file now. */
export interface CheckpointResult {
  busy: number;
  log: number;
  checkpointed: number;
}

export interface WalCheckpointer {
  /** Runs a checkpoint now, on the thread, and resolves with its result. */
  checkpointNow(): Promise<CheckpointResult>;
  /** Closes the thread's connection and ends the thread. */
  stop(): Promise<void>;
}

type ThreadMessage =
  | ({ type: 'checkpointed' } & CheckpointResult)
  | { type: 'error'; message: string }
  | { type: 'ready' };

/**
 * Copies an SQLite database's write-ahead log back into the database file from a worker thread
 * with a connection of its own, every `intervalMs`.
 *
 * SQLite's connection runs on the event loop (every statement is synchronous). By default the
 * connection that commits also checkpoints when the log passes 1,000 pages, inside the COMMIT:
 * after a large import that was about half of a 180 ms stall of the whole API. The database
 * connection turns that off (`wal_autocheckpoint = 0`) and this thread does the copying instead.
 * A PASSIVE checkpoint takes no lock a writer or reader waits on, so the event loop never waits for
 * it; durability is SQLite's own (the thread's connection syncs with `synchronous = FULL` too).
 *
 * If the thread fails or exits unasked, `onFailure` is called once (the database connection then
 * checkpoints for itself again, so the log cannot grow without bound).
 */
export function startWalCheckpointer(
  file: string,
  options: { intervalMs?: number; onFailure: (reason: string) => void },
): WalCheckpointer {
  const worker = new Worker(new URL('./sqlite-checkpoint.worker.mjs', import.meta.url), {
    workerData: { file, intervalMs: options.intervalMs ?? 500 },
  });
  worker.unref(); // never keeps the process alive on its own
  const waiting: { resolve: (r: CheckpointResult) => void; reject: (e: Error) => void }[] = [];
  let stopping = false;
  let failed = false;
  const fail = (reason: string) => {
    if (failed || stopping) return;
    failed = true;
    for (const w of waiting.splice(0)) w.reject(new Error(reason));
    options.onFailure(reason);
  };
  worker.on('message', (message: ThreadMessage) => {
    if (message.type === 'checkpointed') {
      const { busy, log, checkpointed } = message;
      for (const w of waiting.splice(0)) w.resolve({ busy, log, checkpointed });
    } else if (message.type === 'error') {
      for (const w of waiting.splice(0)) w.reject(new Error(message.message));
    }
    if (waiting.length === 0 && !stopping) worker.unref();
  });
  worker.on('error', (err) => fail(`the checkpoint thread failed: ${err.message}`));
  worker.on('exit', (code) => fail(`the checkpoint thread exited (code ${code})`));
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));

  return {
    checkpointNow() {
      if (failed || stopping)
        return Promise.reject(new Error('the checkpoint thread is not running'));
      return new Promise((resolve, reject) => {
        waiting.push({ resolve, reject });
        worker.ref(); // a process with nothing else to do still waits for the answer
        worker.postMessage('now');
      });
    },
    async stop() {
      if (stopping) return exited;
      stopping = true;
      for (const w of waiting.splice(0)) w.reject(new Error('the checkpoint thread was stopped'));
      if (!failed) {
        worker.ref();
        worker.postMessage('stop');
      }
      await exited;
    },
  };
}
