import { ErrorCode } from '@exemplar/shared/api';
import type { Formula, MathIssue } from '@exemplar/shared/math';
import { AppError } from '../../../lib/errors';
import type { JsonBodyRefusal } from '../../../lib/input-guard.checks';
import { WorkerPool, type PoolJob } from '../../../lib/worker-pool';
import type { ImportExample } from './parse';
import type { Declared, PreparedFile } from './prepare-file';

/** Issues listed per text (the rest are only counted). */
export const MAX_ISSUES_PER_TEXT = 5;

/** What a text's maths check found: the first issues and how many there are in all. */
export interface TextIssues {
  issues: MathIssue[];
  total: number;
}

/**
 * Longest one job (a batch of texts, or an import body) may take before its thread is ended and
 * the import refused, unless the caller gives its own limit (the app's `IMPORT_CHECK_TIMEOUT_MS`).
 */
export const MATH_CHECK_TIMEOUT_MS = 60_000;
/** A thread left idle this long is ended (the next check starts a new one). */
const IDLE_MS = 30_000;

/** Why the worker thread refused an import body, as data (errors do not cross threads). */
export type ImportBodyRefusal =
  | { json: JsonBodyRefusal }
  | { text: string }
  | { issues: unknown[] }
  | { format: string }
  | { failed: string };

/** An import body decoded, checked and parsed on the worker thread. */
export type PreparedImport =
  | { ok: true; dryRun: boolean; allowDuplicate: boolean; file: PreparedFile }
  | { ok: false; refusal: ImportBodyRefusal };

/** The worker thread's answers (each carries the id of the job it belongs to). */
export type ThreadMessage = { id: number } & (
  | { kind: 'issues'; issues: TextIssues[] }
  | { kind: 'part'; declared?: Declared[]; examples?: ImportExample[] }
  | ({ kind: 'prepared'; dryRun: boolean; allowDuplicate: boolean } & Omit<
      PreparedFile,
      'declared' | 'examples'
    >)
  | { kind: 'refused'; refusal: ImportBodyRefusal }
  | { kind: 'typeset'; typeset: Map<string, string> }
);

/** What a check job lists: issues that stop maths rendering, or also TeX commands left in prose. */
export interface CheckOptions {
  /** List `bare-latex` issues too (the import wraps or accepts them; the health check reports them). */
  bareLatex?: boolean;
  timeoutMs?: number;
}

interface Job<T = unknown> extends PoolJob<T> {
  message:
    | { kind: 'check'; texts: string[]; bareLatex: boolean }
    | { kind: 'prepare'; body: ArrayBuffer }
    | { kind: 'typeset'; formulas: [string, Formula][] };
  transfer: ArrayBuffer[];
  timeoutMs: number;
  /** Takes one of the job's answers; the job's result once it was the last. */
  receive: (message: ThreadMessage) => T | undefined;
}

/**
 * Checks maths (KaTeX over every expression), prepares import bodies and typesets an import's
 * formulas in one worker thread, one
 * job at a time, so an import of many megabytes never holds the event loop: health checks and
 * other requests are answered meanwhile. A job that runs past its time limit ends the thread
 * (terminate stops it mid-computation) and fails with 503; the next job starts a fresh thread (the
 * thread: `lib/worker-pool.ts`; first come, first served: here).
 */
export class MathCheckPool {
  private readonly queue: Job[] = [];
  private readonly thread = new WorkerPool<Job, unknown>({
    threads: 1,
    thread: {
      entry: new URL('./math-check.worker.mjs', import.meta.url),
      name: 'Maths checker',
      idleMs: IDLE_MS,
      timedOut: (timeoutMs) =>
        new AppError(
          503,
          ErrorCode.ServiceUnavailable,
          `Checking the maths took longer than ${Math.round(timeoutMs / 1000)} s; import the file in smaller parts.`,
        ),
    },
    next: () => this.queue.shift(),
    run: (job, thread) =>
      thread.run<ThreadMessage, unknown>(job.message, {
        timeoutMs: job.timeoutMs,
        transfer: job.transfer,
        receive: (m, post) => {
          // The next part only once this one is handled and the event loop has had a turn.
          if (m.kind === 'part') setImmediate(() => post({ kind: 'next' }));
          return job.receive(m);
        },
      }),
  });

  /** Each text's maths issues, in order (the import's check, and the catalogue health check's). */
  check(texts: string[], options: CheckOptions = {}): Promise<TextIssues[]> {
    if (texts.length === 0) return Promise.resolve([]);
    const { bareLatex = false } = options;
    const timeoutMs = options.timeoutMs ?? MATH_CHECK_TIMEOUT_MS;
    return this.submit({ kind: 'check', texts, bareLatex }, [], timeoutMs, (m) =>
      m.kind === 'issues' ? m.issues : undefined,
    );
  }

  /**
   * `formulas` typeset (formulaKey → HTML, those that fail left out: typesetFormulas), on the
   * thread: an import's KaTeX runs there while the event loop writes its rows.
   */
  typeset(formulas: [string, Formula][], timeoutMs?: number): Promise<Map<string, string>> {
    if (formulas.length === 0) return Promise.resolve(new Map());
    return this.submit(
      { kind: 'typeset', formulas },
      [],
      timeoutMs ?? MATH_CHECK_TIMEOUT_MS,
      (m) => (m.kind === 'typeset' ? m.typeset : undefined),
    );
  }

  /**
   * Decodes an import request body (raw bytes, moved to the thread, not copied), parses it, runs
   * the input guard's checks and the request schema, checks its maths and parses its records, all
   * on the thread. The result comes back in small parts (200 records or about 500,000 characters), so no single message takes the
   * event loop long to receive.
   */
  prepareImport(body: Buffer, timeoutMs?: number): Promise<PreparedImport> {
    // A small Buffer may be a slice of Node's shared pool: only a buffer of its own is moved.
    const own = body.byteOffset === 0 && body.byteLength === body.buffer.byteLength;
    const bytes = (own ? body.buffer : new Uint8Array(body).buffer) as ArrayBuffer;
    const declared: Declared[] = [];
    const examples: ImportExample[] = [];
    return this.submit<PreparedImport>(
      { kind: 'prepare', body: bytes },
      [bytes],
      timeoutMs ?? MATH_CHECK_TIMEOUT_MS,
      (m) => {
        if (m.kind === 'part') {
          // push one at a time: spreading a large part would need as many call arguments
          for (const d of m.declared ?? []) declared.push(d);
          for (const e of m.examples ?? []) examples.push(e);
          return undefined;
        }
        if (m.kind === 'refused') return { ok: false, refusal: m.refusal };
        if (m.kind !== 'prepared') return undefined;
        const { dryRun, allowDuplicate, format, total, failed, failures } = m;
        return {
          ok: true,
          dryRun,
          allowDuplicate,
          file: { format, total, failed, failures, declared, examples },
        };
      },
    );
  }

  /** Ends the thread (if any); pending jobs fail. */
  async close(): Promise<void> {
    for (const job of this.queue.splice(0)) job.reject(new Error('Maths checker closed'));
    await this.thread.close();
  }

  private submit<T>(
    message: Job['message'],
    transfer: ArrayBuffer[],
    timeoutMs: number,
    receive: Job<T>['receive'],
  ): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ message, transfer, timeoutMs, receive, resolve, reject } as Job);
      this.thread.drain();
    });
  }
}

/**
 * The process's one maths checker thread (imports, the catalogue health check, the demo seed and
 * the CLI share it).
 */
export const mathCheckPool = new MathCheckPool();
