import { ErrorCode } from '@exemplar/shared/api';
import {
  HEALTH_PROBLEM_KINDS,
  MAX_LISTED_PROBLEMS_PER_KIND,
  type CatalogueHealth,
  type HealthCounts,
  type HealthDone,
  type HealthField,
  type HealthProblem,
  type HealthRunning,
} from '@exemplar/shared/catalogue-health';
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import { AppError } from '../../../lib/errors';
import { versionedLru } from '../../../lib/versioned-lru';
import { recordAudit } from '../../audit';
import { countExamples, examplesPerCategory, examplesToCheckBatch } from '../examples';
import { mathCheckPool, type MathCheckPool } from '../io';
import { listCategories, type CategoryRow } from '../taxonomy';
import {
  activeHealthRun,
  claimHealthRun,
  keepHealth,
  keptHealth,
  releaseHealthRun,
  reportHealthRun,
} from './catalogue-health.repository';
import {
  emptyCategoryProblem,
  emptyProcedureProblem,
  fieldProblems,
} from './catalogue-health.presenter';
import { testAnswerProblems, type TestAnswerChecker } from './test-answers';

/** Examples read and sent to the maths thread at a time. */
export const HEALTH_BATCH = 200;
/** How often a run reports its progress to the database, for the other instances. */
export const HEALTH_REPORT_MS = 1_000;
/**
 * A run whose owner has not reported for this long has stopped (its process ended): another
 * instance may take it over. Far above the time a batch takes (tens of ms) or a report's interval.
 */
export const HEALTH_STALE_MS = 60_000;

const FIELDS: readonly HealthField[] = ['question', 'answer', 'procedure'];

export interface CatalogueHealthOptions {
  /** The catalogue version (the app's `catalogueVersion.read`): a result is kept per version. */
  catalogueVersion: () => Promise<string>;
  pool?: MathCheckPool;
  /** Checks examples' test answers (the app's answer checker); without it they are not checked. */
  tryAnswers?: TestAnswerChecker;
  batchSize?: number;
  clock?: () => Date;
  /** Where a failed run is logged. */
  log?: Pick<FastifyBaseLogger, 'error'>;
  /** HEALTH_STALE_MS unless a test sets it. */
  staleAfterMs?: number;
}

/** What `status` answers, and whether a run was started for this caller. */
export interface HealthStatus {
  health: CatalogueHealth;
  started: boolean;
}

interface Run {
  progress: HealthRunning;
  /** Set when the run failed: the next caller is told, and the one after starts afresh. */
  failure?: Error;
}

/** Categories with no example in them or in any subcategory, each with its path of names. */
function emptyCategories(
  categories: CategoryRow[],
  perCategory: Map<number, number>,
): { id: number; path: string[] }[] {
  const byId = new Map(categories.map((c) => [c.id, c]));
  const used = new Set<number>();
  for (const [id, n] of perCategory) {
    if (n === 0) continue;
    // Every ancestor of a category with examples has examples in its subtree.
    for (let c = byId.get(id); c && !used.has(c.id); c = byId.get(c.parent_id ?? -1))
      used.add(c.id);
  }
  const pathOf = (c: CategoryRow): string[] => {
    const path: string[] = [];
    for (let at: CategoryRow | undefined = c; at; at = byId.get(at.parent_id ?? -1)) {
      path.unshift(at.name);
    }
    return path;
  };
  return categories.filter((c) => !used.has(c.id)).map((c) => ({ id: c.id, path: pathOf(c) }));
}

/**
 * The catalogue health check: every example's question, answer and procedure through the shared
 * maths check on the maths thread (the import's, `math-check.pool.ts`), read in keyset batches,
 * so the event loop only reads rows and collects answers; every example's test answers tried
 * under its answer spec on the answer checker's thread; plus empty procedures and categories
 * without examples. One run at a time among the instances sharing the database (callers share
 * it: the instance running it claims it in `catalogue_health_run` and reports its progress there,
 * which the others answer); its result is kept for the catalogue version it checked, in memory
 * and in the database (a restart, or another instance, answers it), and a caller after a change
 * starts a new run.
 */
export function catalogueHealthService(db: Kysely<Database>, options: CatalogueHealthOptions) {
  const pool = options.pool ?? mathCheckPool;
  const batchSize = options.batchSize ?? HEALTH_BATCH;
  const clock = options.clock ?? (() => new Date());
  const staleAfterMs = options.staleAfterMs ?? HEALTH_STALE_MS;
  const results = versionedLru<HealthDone>({ maxEntries: 1 });
  let run: Run | undefined;
  /** This process's token as the owner of a run (the database's claim on it). */
  const owner = randomUUID();

  async function check(progress: HealthRunning, actorId: number): Promise<HealthDone> {
    await recordAudit(db, {
      actorId,
      action: 'catalogue.health-check',
      targetType: 'catalogue',
      targetId: null,
      details: { catalogueVersion: progress.catalogueVersion },
      at: progress.startedAt,
    });
    const counts = Object.fromEntries(HEALTH_PROBLEM_KINDS.map((k) => [k, 0])) as HealthCounts;
    const problems: HealthProblem[] = [];
    const add = (problem: HealthProblem) => {
      if (++counts[problem.kind] <= MAX_LISTED_PROBLEMS_PER_KIND) problems.push(problem);
    };
    progress.total = await countExamples(db);
    let reported = 0;
    let rows = await examplesToCheckBatch(db, 0, batchSize);
    while (rows.length > 0) {
      const texts = rows.flatMap((r) => [r.question, r.answer, r.procedure ?? '']);
      // The next batch is read while the threads check this one (maths, and test answers).
      const [found, next, tested] = await Promise.all([
        pool.check(texts, { bareLatex: true }),
        examplesToCheckBatch(db, rows.at(-1)!.id, batchSize),
        testAnswerProblems(rows, options.tryAnswers),
      ]);
      const testedById = new Map(tested.map((p) => [p.exampleId, p]));
      rows.forEach((row, i) => {
        FIELDS.forEach((field, f) => {
          for (const p of fieldProblems(row.id, field, found[i * FIELDS.length + f]!)) add(p);
        });
        if (!row.procedure?.trim()) add(emptyProcedureProblem(row.id));
        const wrong = testedById.get(row.id);
        if (wrong) add(wrong);
      });
      progress.checked += rows.length;
      rows = next;
      const now = clock();
      if (now.getTime() - reported >= HEALTH_REPORT_MS) {
        reported = now.getTime();
        await reportHealthRun(db, owner, progress, now.toISOString());
      }
    }
    const [categories, perCategory] = await Promise.all([
      listCategories(db),
      examplesPerCategory(db),
    ]);
    const empty = emptyCategories(
      categories,
      new Map(perCategory.map((r) => [r.category_id, Number(r.n)])),
    );
    for (const c of empty) add(emptyCategoryProblem(c.id, c.path));
    return {
      ...progress,
      status: 'done',
      // Examples added while the run read the table are checked too.
      total: Math.max(progress.total, progress.checked),
      checkedAt: clock().toISOString(),
      counts,
      problems,
      categoriesWithoutExamples: empty.length,
    };
  }

  /** Ends this process's claim on the run, so that any instance's next caller may start one. */
  const release = () =>
    releaseHealthRun(db, owner).catch((err: unknown) =>
      options.log?.error({ err }, 'releasing the catalogue health run failed'),
    );

  function start(progress: HealthRunning, actorId: number): Run {
    const started: Run = { progress };
    check(started.progress, actorId).then(
      async (result) => {
        // In the database first, for a restart or another instance (kept in memory if that
        // fails): once this instance answers "done", every instance reads the same result.
        await keepHealth(db, result).catch((err: unknown) =>
          options.log?.error({ err }, 'keeping the catalogue health result failed'),
        );
        results.set('catalogue', result.catalogueVersion, result);
        run = undefined;
        await release();
      },
      async (err: Error) => {
        options.log?.error({ err }, 'catalogue health check failed');
        started.failure = err;
        await release();
      },
    );
    return started;
  }

  /** The answer when this process runs the check, or reads another instance's run. */
  const local = (): HealthStatus => ({ health: { ...run!.progress }, started: false });

  return {
    /**
     * The result for the catalogue as it is now, if kept; else the run under way (whichever
     * version it checks); else a new run, started for `actorId` (recorded in the audit log).
     */
    async status(actorId: number): Promise<HealthStatus> {
      const version = await options.catalogueVersion();
      let kept = results.get('catalogue', version);
      if (!kept && !run) {
        // Kept by an earlier process, or another instance, for this version.
        kept = await keptHealth(db, version);
        if (kept) results.set('catalogue', version, kept);
      }
      if (kept) return { health: kept, started: false };
      if (run?.failure) {
        run = undefined;
        throw new AppError(
          503,
          ErrorCode.ServiceUnavailable,
          'Checking the catalogue stopped before it finished; try again.',
        );
      }
      if (run) return local();
      // One run among instances sharing the database: another instance's run under way is
      // answered; else this process claims the run (one claim wins when two are made at once).
      for (let attempt = 0; attempt < 3; attempt++) {
        const now = clock();
        const freshSince = new Date(now.getTime() - staleAfterMs).toISOString();
        const elsewhere = await activeHealthRun(db, freshSince);
        if (run) return local();
        if (elsewhere) return { health: elsewhere.progress, started: false };
        const progress: HealthRunning = {
          status: 'running',
          checked: 0,
          total: 0,
          catalogueVersion: version,
          startedAt: now.toISOString(),
        };
        const claimed = await claimHealthRun(db, owner, progress, now.toISOString(), freshSince);
        if (run) return local();
        if (claimed) {
          // A run that ended since this call began kept its result before giving up its claim:
          // answered, rather than checked again.
          const ended = await keptHealth(db, version);
          if (ended) {
            await release();
            results.set('catalogue', version, ended);
            return { health: ended, started: false };
          }
          run = start(progress, actorId);
          return { health: { ...run.progress }, started: true };
        }
        // Another instance claimed it a moment ago (its progress is read next), or finished and
        // kept its result meanwhile.
        const done = await keptHealth(db, version);
        if (done) return { health: done, started: false };
      }
      throw new AppError(
        503,
        ErrorCode.ServiceUnavailable,
        'Checking the catalogue could not start; try again.',
      );
    },
  };
}

export type CatalogueHealthService = ReturnType<typeof catalogueHealthService>;
