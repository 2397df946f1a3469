import type { HealthDone, HealthProblem } from '@exemplar/shared/catalogue-health';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  insertCategory,
  insertManyExamples,
  insertExample,
  insertNamed,
  insertSubject,
} from '../../../../test/factories';
import { beforeInserts } from '../../../../test/helpers/before-inserts';
import { useTestApp } from '../../../../test/helpers/test-app';
import { userId } from '../../../../test/helpers/users';
import { engineUnderTest } from '../../../../test/helpers/test-db';
import { mathCheckPool, type MathCheckPool } from '../io';
import { keepHealth, keptHealth } from './catalogue-health.repository';
import { catalogueHealthService, type CatalogueHealthOptions } from './catalogue-health.service';

const api = useTestApp({ users: ['admin', 'superadmin'] });
const db = () => api.app.database.db;
const URL = '/admin/catalogue-health';

/** GET the health as an admin until the run is done: the statuses seen, and the result. */
async function untilDone(as: 'admin' | 'superadmin' = 'admin') {
  const statuses: number[] = [];
  let health: HealthDone | undefined;
  await vi.waitUntil(
    async () => {
      const { status, body } = await api.request('GET', URL, { as });
      statuses.push(status);
      if (status === 200) {
        expect(body.data.status).toBe('done');
        health = body.data as HealthDone;
      } else {
        expect(status, JSON.stringify(body)).toBe(202);
        expect(body.data.status).toBe('running');
      }
      return health !== undefined;
    },
    { timeout: 60_000, interval: 20 },
  );
  return { statuses, health: health! };
}

async function healthRuns(): Promise<number> {
  const { body } = await api.request('GET', '/admin/audit?limit=200', { as: 'superadmin' });
  return body.data.entries.filter((e: { action: string }) => e.action === 'catalogue.health-check')
    .length;
}

const sorted = (problems: HealthProblem[]) =>
  [...problems].sort(
    (a, b) =>
      (a.exampleId ?? 0) - (b.exampleId ?? 0) ||
      (a.categoryId ?? 0) - (b.categoryId ?? 0) ||
      a.kind.localeCompare(b.kind),
  );

const ids = { subject: 0, algebra: 0, easy: 0, worked: 0 };

beforeAll(async () => {
  ids.subject = await insertSubject(db(), 'Mathematics');
  ids.algebra = await insertCategory(db(), ids.subject, 'Algebra');
  ids.easy = await insertNamed(db(), 'difficulties', 'easy');
  ids.worked = await insertNamed(db(), 'types', 'Worked Example');
  await insertExample(db(), {
    categoryId: ids.algebra,
    difficultyId: ids.easy,
    typeId: ids.worked,
    question: 'Solve $2x + 3 = 11$ and \\[x^2 = 16.\\]',
    answer: '$x = 4$',
    procedure: 'Subtract $3$: $2x = 8$. Divide by $2$: $$x = \\frac{8}{2} = 4.$$',
  });
});

describe(`GET /api/admin/catalogue-health on ${engineUnderTest}`, () => {
  it('a clean catalogue: the first call starts a run (202, running), which ends with no problems in its 1 example', async () => {
    const { statuses, health } = await untilDone();
    expect(statuses[0]).toBe(202);
    expect(health).toMatchObject({
      status: 'done',
      checked: 1,
      total: 1,
      problems: [],
      categoriesWithoutExamples: 0,
      counts: {
        'render-error': 0,
        'leaked-delimiter': 0,
        'bare-latex': 0,
        'empty-procedure': 0,
        'empty-category': 0,
      },
    });
    expect(Date.parse(health.checkedAt)).toBeGreaterThanOrEqual(Date.parse(health.startedAt));
  });

  it('a second call with no catalogue change answers the kept result (200 at once) and starts no run', async () => {
    const runs = await healthRuns();
    const first = await api.request('GET', URL, { as: 'admin' });
    const second = await api.request('GET', URL, { as: 'admin' });
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.body.data).toEqual(first.body.data);
    expect(await healthRuns()).toBe(runs);
  });

  it('a restart answers the result kept in the database for the same catalogue version, and checks nothing', async () => {
    const kept = (await api.request('GET', URL, { as: 'admin' })).body.data as HealthDone;
    expect(kept.status).toBe('done');
    const runs = await healthRuns();
    // A new service on the same database: what a restarted process, or another instance, is. Its
    // maths thread fails the test if it is asked anything.
    const restarted = catalogueHealthService(db(), {
      catalogueVersion: () => api.app.catalogueVersion.read(),
      pool: {
        check: () => Promise.reject(new Error('the kept result should have been answered')),
      } as unknown as MathCheckPool,
    });
    const adminId = await userId(db(), api.users.admin);
    const answer = await restarted.status(adminId);
    expect(answer).toEqual({ health: kept, started: false });
    expect(await healthRuns()).toBe(runs);
  });

  it('a kept result in a shape this code no longer reads, or of another version, is not answered', async () => {
    const kept = (await api.request('GET', URL, { as: 'admin' })).body.data as HealthDone;
    expect(await keptHealth(db(), kept.catalogueVersion)).toEqual(kept);
    expect(await keptHealth(db(), `${kept.catalogueVersion}0`)).toBeUndefined();
    const stored = await db().selectFrom('catalogue_health').selectAll().execute();
    expect(stored.map((r) => r.catalogue_version)).toEqual([kept.catalogueVersion]);
    try {
      await db()
        .updateTable('catalogue_health')
        .set({ result: JSON.stringify({ ...kept, counts: { render: 0 } }) })
        .execute();
      expect(await keptHealth(db(), kept.catalogueVersion)).toBeUndefined();
      await db().updateTable('catalogue_health').set({ result: 'not json' }).execute();
      expect(await keptHealth(db(), kept.catalogueVersion)).toBeUndefined();
    } finally {
      await keepHealth(db(), kept);
    }
  });

  it('starting a run is recorded in the audit log: who, and the catalogue version checked', async () => {
    const { body } = await api.request('GET', '/admin/audit?limit=200', { as: 'superadmin' });
    const entry = body.data.entries.find(
      (e: { action: string }) => e.action === 'catalogue.health-check',
    );
    const kept = (await api.request('GET', URL, { as: 'admin' })).body.data as HealthDone;
    expect(entry).toMatchObject({
      actor: api.users.admin.email,
      targetType: 'catalogue',
      targetId: null,
      details: { catalogueVersion: kept.catalogueVersion },
    });
  });

  it('finds every kind of problem in its field, with a sentence for an editor', async () => {
    const example = (question: string, answer: string, procedure: string | null) =>
      insertExample(db(), {
        categoryId: ids.algebra,
        difficultyId: ids.easy,
        typeId: ids.worked,
        question,
        answer,
        procedure,
      });
    const renderError = await example('What is $\\frc{1}{2}$ of $10$?', '$5$', 'Halve $10$.');
    const leakedParen = await example('Solve $x + 1 = 3$.', 'It is \\( x = 2', 'Take $1$ away.');
    const leakedDollar = await example('Solve $x - 1 = 3$.', '$4$', 'Add $1$: $x = 4');
    const bareLatex = await example(
      'Find \\frac{1}{2} of $8$.',
      '$4$',
      'Multiply $8$ by $\\frac{1}{2}$.',
    );
    const blank = await example('Is $3 > 2$?', 'Yes', '  \n\t ');
    const missing = await example('Is $2 > 3$?', 'No', null);
    // A category whose subcategory has examples is not empty; one without any, and its child, are.
    const geometry = await insertCategory(db(), ids.subject, 'Geometry');
    const circles = await insertCategory(db(), ids.subject, 'Circles', geometry);
    const statistics = await insertCategory(db(), ids.subject, 'Statistics');
    const means = await insertCategory(db(), ids.subject, 'Means', statistics);
    await insertExample(db(), {
      categoryId: circles,
      difficultyId: ids.easy,
      typeId: ids.worked,
      question: 'Area of a circle of radius $1$?',
      answer: '$\\pi$',
      procedure: '$A = \\pi r^2 = \\pi$.',
    });
    // The factories write straight to the tables: this instance learns of it as another would.
    api.app.catalogueVersion.forget();

    const { statuses, health } = await untilDone();
    expect(statuses[0]).toBe(202);
    expect(health.checked).toBe(8);
    expect(sorted(health.problems)).toEqual(
      sorted([
        {
          exampleId: renderError,
          categoryId: null,
          field: 'question',
          kind: 'render-error',
          message:
            'The question\'s maths fails to render: Undefined control sequence: \\frc (in "$\\frc{1}{2}$").',
        },
        {
          exampleId: leakedParen,
          categoryId: null,
          field: 'answer',
          kind: 'leaked-delimiter',
          message:
            'The answer has an opening "\\(" with no closing "\\)", so readers see the delimiter and the maths after it as plain text.',
        },
        {
          exampleId: leakedDollar,
          categoryId: null,
          field: 'procedure',
          kind: 'leaked-delimiter',
          message:
            'The procedure has a "$" that is never closed, so readers see a dollar sign and the maths after it as plain text.',
        },
        {
          exampleId: bareLatex,
          categoryId: null,
          field: 'question',
          kind: 'bare-latex',
          message:
            'The question has \\frac outside maths, so readers see it as written; put the expression between $ signs.',
        },
        ...[blank, missing].map((exampleId): HealthProblem => ({
          exampleId,
          categoryId: null,
          field: 'procedure',
          kind: 'empty-procedure',
          message: 'The procedure is empty, so readers get the answer with no worked steps.',
        })),
        {
          exampleId: null,
          categoryId: statistics,
          field: null,
          kind: 'empty-category',
          message:
            'The category "Statistics" has no examples in it or in its subcategories, so readers who open it find nothing.',
        },
        {
          exampleId: null,
          categoryId: means,
          field: null,
          kind: 'empty-category',
          message:
            'The category "Statistics › Means" has no examples in it or in its subcategories, so readers who open it find nothing.',
        },
      ]),
    );
    expect(health.counts).toEqual({
      'render-error': 1,
      'leaked-delimiter': 2,
      'bare-latex': 1,
      'empty-procedure': 2,
      'empty-category': 2,
      'test-answer': 0,
    });
    expect(health.categoriesWithoutExamples).toBe(2);
  });

  it('an edit through the admin API starts a new run, whose result no longer lists the fixed problem', async () => {
    const before = (await untilDone()).health;
    const broken = before.problems.find((p) => p.kind === 'render-error')!;
    const runs = await healthRuns();
    const { status } = await api.request('PUT', `/examples/${broken.exampleId}`, {
      as: 'admin',
      payload: {
        question: 'What is $\\frac{1}{2}$ of $10$?',
        answer: '$5$',
        procedure: 'Halve $10$.',
        difficultyId: ids.easy,
        typeId: ids.worked,
        categoryId: ids.algebra,
      },
    });
    expect(status).toBe(200);
    const { statuses, health } = await untilDone();
    expect(statuses[0]).toBe(202);
    expect(health.catalogueVersion).not.toBe(before.catalogueVersion);
    expect(health.problems.filter((p) => p.kind === 'render-error')).toEqual([]);
    expect(health.problems).toHaveLength(before.problems.length - 1);
    expect(await healthRuns()).toBe(runs + 1);
  });

  it('callers at the same time share one run: each answer (progress or result) is of the run started at the same moment, and one run is audited', async () => {
    api.app.catalogueVersion.forget();
    await insertExample(db(), {
      categoryId: ids.algebra,
      difficultyId: ids.easy,
      typeId: ids.worked,
      question: 'Solve $3x = 9$.',
      answer: '$3$',
      procedure: 'Divide by $3$.',
    });
    api.app.catalogueVersion.forget();
    const runs = await healthRuns();
    const answers = await Promise.all([
      api.request('GET', URL, { as: 'admin' }),
      api.request('GET', URL, { as: 'superadmin' }),
      api.request('GET', URL, { as: 'admin' }),
    ]);
    // The first to arrive (in any order) starts the run; the others join it, or read its result
    // if it has already ended.
    expect(answers.some((a) => a.status === 202)).toBe(true);
    for (const a of answers) expect([202, 200]).toContain(a.status);
    expect(new Set(answers.map((a) => a.body.data.startedAt)).size).toBe(1);
    const { health } = await untilDone('superadmin');
    expect(health.startedAt).toBe(answers[0]!.body.data.startedAt);
    expect(health.checked).toBe(9);
    expect(await healthRuns()).toBe(runs + 1);
  });

  it('is for admins: a visitor gets 401 and a basic user 403', async () => {
    expect((await api.request('GET', URL)).status).toBe(401);
    expect((await api.request('GET', URL, { as: 'basic' })).status).toBe(403);
  });
});

describe(`instances sharing one database share one health run, on ${engineUnderTest}`, () => {
  /** A maths thread that fails the test if it is asked anything. */
  const unused = {
    check: () => Promise.reject(new Error('this instance should not have checked anything')),
  } as unknown as MathCheckPool;
  /** The real maths thread, held back until `open()` is called. */
  function heldPool() {
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const pool = {
      check: async (...args: Parameters<MathCheckPool['check']>) => {
        await gate;
        return mathCheckPool.check(...args);
      },
    } as unknown as MathCheckPool;
    return { pool, open };
  }
  /** Another instance of the API on the same database: a health service of its own. */
  const instance = (pool: MathCheckPool, more: Partial<CatalogueHealthOptions> = {}) =>
    catalogueHealthService(db(), {
      catalogueVersion: () => api.app.catalogueVersion.read(),
      pool,
      batchSize: 1,
      ...more,
    });
  const runRows = () => db().selectFrom('catalogue_health_run').selectAll().execute();
  async function changeCatalogue() {
    await insertExample(db(), {
      categoryId: ids.algebra,
      difficultyId: ids.easy,
      typeId: ids.worked,
      question: `Solve $x + ${Math.random()} = 1$.`,
      answer: '$x = 1$',
      procedure: 'Subtract.',
    });
    api.app.catalogueVersion.forget();
  }
  async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
    let value!: T;
    await vi.waitUntil(async () => done((value = await read())), { timeout: 20_000, interval: 20 });
    return value;
  }
  let adminId: number;
  beforeAll(async () => {
    adminId = await userId(db(), api.users.admin);
  });

  it("another instance answers the run under way with its progress, checks nothing and starts nothing, then answers the run's kept result", async () => {
    await changeCatalogue();
    const runs = await healthRuns();
    const held = heldPool();
    const a = instance(held.pool);
    const b = instance(unused);
    const first = await a.status(adminId);
    expect(first.started).toBe(true);
    expect(first.health.status).toBe('running');
    const meanwhile = await b.status(adminId);
    expect(meanwhile).toEqual({ health: first.health, started: false });
    expect(await runRows()).toHaveLength(1);

    held.open();
    // B answers the progress A reports as it goes, then the result A kept.
    const seen = await until(
      () => b.status(adminId),
      (answer) => answer.health.status === 'done',
    );
    const done = await a.status(adminId);
    expect(done.health.status).toBe('done');
    expect(seen).toEqual({ health: done.health, started: false });
    expect(done.health.startedAt).toBe(first.health.startedAt);
    expect(await runRows()).toEqual([]);
    expect(await healthRuns()).toBe(runs + 1);
  });

  it('two instances asked at the same moment: one claims the run, the other answers its progress', async () => {
    await changeCatalogue();
    const runs = await healthRuns();
    const one = heldPool();
    const other = heldPool();
    const answers = await Promise.all([
      instance(one.pool).status(adminId),
      instance(other.pool).status(adminId),
    ]);
    expect(answers.map((a) => a.started).sort()).toEqual([false, true]);
    expect(answers[0]!.health.startedAt).toBe(answers[1]!.health.startedAt);
    expect(await healthRuns()).toBe(runs + 1);
    one.open();
    other.open();
    await until(runRows, (rows) => rows.length === 0);
  });

  it('a run that ends between a look and a claim is answered, not run again', async () => {
    await changeCatalogue();
    const runs = await healthRuns();
    const other = instance(mathCheckPool);
    let otherRan = false;
    // Just before this instance's claim is written, another instance runs the whole check: it
    // keeps its result, then gives up its claim, so this claim finds no run under way.
    const late = catalogueHealthService(
      beforeInserts(
        db(),
        async () => {
          if (otherRan) return;
          otherRan = true;
          expect((await other.status(adminId)).started).toBe(true);
          await until(
            () => other.status(adminId),
            (answer) => answer.health.status === 'done',
          );
          await until(runRows, (rows) => rows.length === 0);
        },
        { into: 'catalogue_health_run' },
      ),
      { catalogueVersion: () => api.app.catalogueVersion.read(), pool: unused, batchSize: 1 },
    );
    const answer = await late.status(adminId);
    expect(otherRan).toBe(true);
    expect(answer.started).toBe(false);
    expect(answer.health).toEqual((await other.status(adminId)).health);
    expect(await runRows()).toEqual([]);
    expect(await healthRuns()).toBe(runs + 1);
  });

  it('a run whose owner stopped reporting is taken over; a fresh one is not', async () => {
    await changeCatalogue();
    const version = await api.app.catalogueVersion.read();
    const progress = {
      status: 'running',
      checked: 3,
      total: 10,
      catalogueVersion: version,
      startedAt: new Date(Date.now() - 30_000).toISOString(),
    };
    const claimBy = (heartbeat: Date) =>
      db()
        .insertInto('catalogue_health_run')
        .values({
          id: 1,
          owner: 'an instance that stopped',
          progress: JSON.stringify(progress),
          heartbeat_at: heartbeat.toISOString(),
        })
        .execute();
    try {
      // Reported 5 s ago, with 10 s allowed: under way elsewhere.
      await claimBy(new Date(Date.now() - 5_000));
      expect(await instance(unused, { staleAfterMs: 10_000 }).status(adminId)).toEqual({
        health: progress,
        started: false,
      });
      // Reported 20 s ago: its owner stopped; this instance takes the run over.
      await db()
        .updateTable('catalogue_health_run')
        .set({ heartbeat_at: new Date(Date.now() - 20_000).toISOString() })
        .execute();
      const taker = instance(mathCheckPool, { staleAfterMs: 10_000 });
      const taken = await taker.status(adminId);
      expect(taken.started).toBe(true);
      expect(taken.health).toMatchObject({ status: 'running', catalogueVersion: version });
      const done = await until(
        () => taker.status(adminId),
        (answer) => answer.health.status === 'done',
      );
      expect(done.health.startedAt).toBe(taken.health.startedAt);
    } finally {
      await db().deleteFrom('catalogue_health_run').execute();
    }
  });

  it('a failed run ends its claim: the next caller on another instance starts a new run', async () => {
    await changeCatalogue();
    const failing = instance({
      check: () => Promise.reject(new Error('the maths thread died')),
    } as unknown as MathCheckPool);
    expect((await failing.status(adminId)).started).toBe(true);
    await until(runRows, (rows) => rows.length === 0);
    const next = instance(mathCheckPool);
    expect((await next.status(adminId)).started).toBe(true);
    await until(
      () => next.status(adminId),
      (answer) => answer.health.status === 'done',
    );
    // The failed instance's next caller is told, once; the one after reads the kept result.
    await expect(failing.status(adminId)).rejects.toThrow(
      'Checking the catalogue stopped before it finished; try again.',
    );
    expect((await failing.status(adminId)).health.status).toBe('done');
  });
});

describe(`a health run over many examples on ${engineUnderTest}`, () => {
  it(
    'checks 1,000 examples in batches of 200, answering 202 with its progress meanwhile, while a 5 ms timer keeps ticking',
    { timeout: 120_000 },
    async () => {
      await insertManyExamples(db(), 1000, ids);
      api.app.catalogueVersion.forget();

      // How long the timer's turns wait is measured by `npm run test:perf`
      // (catalogue-health.perf.test.ts, over 3,000 examples).
      let running = true;
      let ticksDuring = 0;
      const timer = setInterval(() => {
        if (running) ticksDuring++;
      }, 5);
      const { statuses, health } = await untilDone().finally(() => (running = false));
      clearInterval(timer);

      expect(health.checked).toBeGreaterThanOrEqual(1000);
      expect(health.counts['render-error']).toBe(0);
      expect(statuses.filter((s) => s === 202).length).toBeGreaterThan(3);
      expect(ticksDuring).toBeGreaterThanOrEqual(10);
    },
  );
});
