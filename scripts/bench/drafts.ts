// What the drafts' status condition costs on cold reads (`npm run bench -- --only drafts`): the
// same kind of never-asked-before `GET /api/examples` as a visitor (status = 'published'), as an
// editor asking `status=all` (no status condition, drafts included) and, as the control that
// differs from the latter in the status condition alone, as the same editor asking
// `status=published`; in alternating rounds. And the plans of one list's queries.
import type { Db } from '../../apps/api/src/db/database';
import { examplesService } from '../../apps/api/src/modules/catalogue/examples';
import type { Catalogue, Engine } from './types';
import { median, ROUNDS, runCold } from './load';
import { queryPlans, type QueryPlan } from './plans';
import { log } from './processes';

/** The callers compared, in the order of the odd rounds (the even rounds go backwards). */
export const DRAFT_CALLERS = [
  { caller: 'visitor', condition: "status = 'published'", editor: false, append: '' },
  {
    caller: 'editor, status=all',
    condition: 'none (drafts included)',
    editor: true,
    append: '&status=all',
  },
  {
    caller: 'editor, status=published',
    condition: "status = 'published'",
    editor: true,
    append: '&status=published',
  },
] as const;

export interface DraftsRow {
  engine: string;
  caller: string;
  condition: string;
  /** Distinct queries sent over the measured rounds. */
  requests: number;
  /** Medians of the rounds. */
  rps: number;
  p50: number;
  p99: number;
  /** Each round's req/s, in the order run. */
  roundsRps: number[];
  errors: number;
  /** Answers from the visitors' cache (x-catalogue-cache: hit): 0 when every query is new. */
  cacheHits: number;
}

/** The whole list's totals as each caller sees them: proof the drafts are there to skip. */
export interface DraftsTotals {
  engine: string;
  path: string;
  visitor: number;
  editorAll: number;
}

/**
 * The three callers over `cold` (a list of distinct queries shared with every other cold run on
 * this server, so none is asked twice): a 1 s warm-up each, then ROUNDS rounds of
 * duration ÷ ROUNDS seconds (visitor, editor all, editor published; then backwards; ...).
 */
export async function benchDrafts(
  engine: Engine,
  {
    base,
    editor,
    duration,
    cold,
  }: {
    base: string;
    /** An editor's headers (a bearer token of a caller with catalogue:write). */
    editor: Record<string, string>;
    duration: number;
    cold: { list: string[]; next: number };
  },
): Promise<{ rows: DraftsRow[]; totals: DraftsTotals }> {
  const headersOf = (c: (typeof DRAFT_CALLERS)[number]) => (c.editor ? editor : {});
  const probe = '/api/examples?limit=1';
  const totalOf = async (c: (typeof DRAFT_CALLERS)[number]) => {
    const answer = await fetch(`${base}${probe}${c.append}`, { headers: headersOf(c) });
    if (!answer.ok) throw new Error(`${probe}${c.append} answered ${answer.status}`);
    return ((await answer.json()) as { data: { total: number } }).data.total;
  };
  const totals: DraftsTotals = {
    engine,
    path: probe,
    visitor: await totalOf(DRAFT_CALLERS[0]),
    editorAll: await totalOf(DRAFT_CALLERS[1]),
  };
  if (totals.editorAll <= totals.visitor) {
    throw new Error(
      `the editor's status=all total (${totals.editorAll}) is not above the visitor's (${totals.visitor}): no drafts to include`,
    );
  }

  for (const c of DRAFT_CALLERS) {
    log(`${engine}: GET /api/examples cold, ${c.caller} (warm-up)`);
    await runCold(base, cold, 1, headersOf(c), { append: c.append });
  }
  const each = Math.max(1, Math.round(duration / ROUNDS));
  const runs = DRAFT_CALLERS.map(() => [] as Awaited<ReturnType<typeof runCold>>[]);
  for (let round = 0; round < ROUNDS; round++) {
    const order = [...DRAFT_CALLERS.keys()];
    if (round % 2 === 1) order.reverse();
    for (const i of order) {
      const c = DRAFT_CALLERS[i]!;
      log(`${engine}: GET /api/examples cold, ${c.caller} (round ${round + 1} of ${ROUNDS})`);
      runs[i]!.push(await runCold(base, cold, each, headersOf(c), { append: c.append }));
    }
  }
  const rows = DRAFT_CALLERS.map((c, i) => {
    const r = runs[i]!;
    return {
      engine,
      caller: c.caller,
      condition: c.condition,
      requests: r.reduce((n, x) => n + x.requests, 0),
      rps: median(r.map((x) => x.rps)),
      p50: median(r.map((x) => x.p50)),
      p99: median(r.map((x) => x.p99)),
      roundsRps: r.map((x) => x.rps),
      errors: r.reduce((n, x) => n + x.errors, 0),
      cacheHits: r.reduce((n, x) => n + x.cacheHits, 0),
    };
  });
  return { rows, totals };
}

export interface DraftsPlan extends QueryPlan {
  engine: string;
  caller: string;
  /** The API request whose queries these are. */
  request: string;
}

/**
 * The plans of one list request's page and total queries (the category subtree + difficulty of
 * the endpoints' rows, a page of 20), through the examples service with no cache, as a visitor and
 * as an editor with status=all. The editor's are read without a viewer, so its rows carry no marks
 * columns (per-row look-ups of the caller's marks, which do not change how the rows are found). On
 * SQLite, take them after the server has gathered its statistics.
 */
export async function draftsPlans(
  engine: Engine,
  database: Db,
  catalogue: Catalogue,
): Promise<DraftsPlan[]> {
  const query = {
    categoryId: catalogue.mainCategoryIds[17]!,
    difficultyId: String(catalogue.difficultyIds[2]!),
    limit: 20,
  };
  const request = `/api/examples?categoryId=${query.categoryId}&difficultyId=${query.difficultyId}&limit=${query.limit}`;
  type Service = ReturnType<typeof examplesService>;
  const plans: DraftsPlan[] = [];
  for (const [caller, run] of [
    ['visitor', (s: Service) => s.list(query)],
    ['editor, status=all', (s: Service) => s.list({ ...query, status: 'all' }, undefined, true)],
  ] as const) {
    for (const plan of await queryPlans(
      database,
      (db) => run(examplesService(db, database.engine)),
      (text) => /from "examples"/.test(text),
    )) {
      plans.push({
        engine,
        caller,
        request: caller === 'visitor' ? request : `${request}&status=all`,
        ...plan,
      });
    }
  }
  return plans;
}
