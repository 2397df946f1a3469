import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { splitMath } from '@exemplar/shared/math';
import { buildApp } from '../../../app';
import { corpusMissing, MATH_CORPUS } from '../../../../test/helpers/math-corpus';
import { createTestEnv, engineUnderTest, type TestEnv } from '../../../../test/helpers/test-db';
import { userWithRole } from '../../../../test/helpers/users';
import { checkImportMaths, importCatalogue } from './catalogue-io.service';
import { exportCatalogue } from './export';
import { parseImportFile } from './parse';

const mathRecords = [
  {
    source_id: 'MATH/train/algebra/1',
    subject: 'Algebra',
    level: 1,
    question: 'What is $2+3$?',
    answer: '5',
    procedure: '$2+3=\\boxed{5}$.',
  },
  {
    source_id: 'MATH/train/algebra/2',
    subject: 'Algebra',
    level: 5,
    question: 'Solve $x^2=4$ for $x>0$.',
    answer: '2',
    procedure: 'Take the root.',
  },
  {
    source_id: 'MATH/train/geometry/3',
    subject: 'Geometry',
    level: 3,
    question: 'Area of a unit square?',
    answer: '\\frac{2}{2}',
    procedure: 'Side squared.',
  },
  {
    source_id: 'MATH/train/geometry/4',
    subject: 'Geometry',
    level: 9,
    question: 'Bad level',
    answer: '1',
    procedure: 'x',
  },
  {
    source_id: 'MATH/train/geometry/5',
    subject: 'Geometry',
    level: 2,
    question: 'Broken $\\frac{1}{$ maths',
    answer: '1',
    procedure: 'x',
  },
  { source_id: 'MATH/train/geometry/6', subject: '', level: 2, question: '', answer: '1' },
];

describe('parseImportFile', () => {
  it('reads MATH records: level to difficulty, answers as maths, and lists what would fail', async () => {
    const parsed = parseImportFile(mathRecords, await checkImportMaths(mathRecords));
    expect(parsed.format).toBe('math-dataset');
    expect(
      parsed.examples.map((e) => [
        e.sourceRef,
        e.subject,
        e.difficulty,
        e.category,
        e.type,
        e.answer,
      ]),
    ).toEqual([
      [
        'MATH/train/algebra/1',
        'Algebra',
        'easy',
        ['Competition Problems'],
        'Competition Problem',
        '$5$',
      ],
      [
        'MATH/train/algebra/2',
        'Algebra',
        'insane',
        ['Competition Problems'],
        'Competition Problem',
        '$2$',
      ],
      [
        'MATH/train/geometry/3',
        'Geometry',
        'intermediate',
        ['Competition Problems'],
        'Competition Problem',
        '$\\frac{2}{2}$',
      ],
    ]);
    expect(parsed.failures).toEqual([
      { index: 3, ref: 'MATH/train/geometry/4', problems: ['level 9 is not 1–5'] },
      {
        index: 4,
        ref: 'MATH/train/geometry/5',
        problems: [expect.stringMatching(/^question: maths does not render/)],
      },
      {
        index: 5,
        ref: 'MATH/train/geometry/6',
        problems: ['subject is missing', 'question is missing'],
      },
    ]);
  });

  it('stores MATH texts as written for TeX, "$ x $" and "$\\$$25" included, and they pass the maths check as maths', async () => {
    const records = [
      {
        source_id: 'MATH/train/algebra/2721',
        subject: 'Algebra',
        level: 2,
        question: 'A car costs $\\$$25 a day. Let $ u $ be the days.',
        answer: '\\$ 75',
        procedure: 'So $ u= 3$ and the cost is $ \\$ 75$.',
      },
    ];
    const parsed = parseImportFile(records, await checkImportMaths(records));
    expect(parsed.failures).toEqual([]);
    const [stored] = parsed.examples;
    expect([stored!.question, stored!.answer, stored!.procedure]).toEqual([
      'A car costs $\\$$25 a day. Let $ u $ be the days.',
      '\\$ 75',
      'So $ u= 3$ and the cost is $ \\$ 75$.',
    ]);
    const maths = (text: string) =>
      splitMath(text)
        .filter((s) => s.kind === 'inline')
        .map((s) => s.value);
    expect(maths(stored!.question)).toEqual(['\\$', ' u ']);
    expect(maths(stored!.procedure!)).toEqual([' u= 3', ' \\$ 75']);
  });

  it('refuses what is neither format, clearly', () => {
    expect(() => parseImportFile({ hello: 1 }, new Map())).toThrow(
      /Not a file this importer knows/,
    );
    expect(() => parseImportFile([], new Map())).toThrow(/no records/);
    expect(() => parseImportFile({ format: 'other', examples: [] }, new Map())).toThrow(
      /Unknown format/,
    );
    expect(() => parseImportFile({ subjects: 'x', examples: [] }, new Map())).toThrow(
      /"subjects" must be a list/,
    );
  });
});

describe(`import and export on ${engineUnderTest}`, () => {
  let env: TestEnv;
  let app: FastifyInstance;
  afterEach(async () => {
    await app?.close();
    await env?.cleanup();
  });
  const counts = async (a: FastifyInstance) =>
    Object.fromEntries(
      await Promise.all(
        (['subjects', 'categories', 'difficulties', 'types', 'examples'] as const).map(
          async (t) =>
            [t, (await a.database.db.selectFrom(t).select('id').execute()).length] as const,
        ),
      ),
    );

  it('dry-runs without writing, imports, and re-imports as a no-op', async () => {
    env = await createTestEnv();
    app = await buildApp(env.config, { logger: false });
    const empty = await counts(app);
    const dry = await importCatalogue(app.database.db, mathRecords, { dryRun: true });
    expect(dry).toMatchObject({ dryRun: true, total: 6, imported: 3, duplicates: 0, failed: 3 });
    expect(dry.created).toEqual({ subjects: 2, categories: 2, difficulties: 3, types: 1 });
    expect(await counts(app)).toEqual(empty);

    const typeset = async () =>
      (await app.database.db.selectFrom('typeset_formulas').select('key').execute()).length;
    expect(await typeset()).toBe(0);

    const real = await importCatalogue(app.database.db, mathRecords, { dryRun: false });
    expect({ ...real, dryRun: true }).toEqual(dry);
    const after = await counts(app);
    expect(after).toMatchObject({ subjects: 2, categories: 2, examples: 3 });
    // Their formulas typeset (on the maths checker's thread) and kept.
    expect(await typeset()).toBeGreaterThan(0);
    const again = await importCatalogue(app.database.db, mathRecords, { dryRun: false });
    expect(again).toMatchObject({
      imported: 0,
      duplicates: 3,
      created: { subjects: 0, categories: 0, difficulties: 0, types: 0 },
    });
    expect(await counts(app)).toEqual(after);
  });

  it('round-trips: export, import into an empty database, export again gives the same catalogue', async () => {
    env = await createTestEnv({ SEED: 'demo' });
    app = await buildApp(env.config, { logger: false });
    await importCatalogue(app.database.db, mathRecords, { dryRun: false });
    const first = await exportCatalogue(app.database.db);
    expect(first.examples.length).toBeGreaterThan(100);

    const other = await createTestEnv();
    const empty = await buildApp(other.config, { logger: false });
    try {
      const report = await importCatalogue(empty.database.db, JSON.parse(JSON.stringify(first)), {
        dryRun: false,
      });
      expect(report).toMatchObject({ failed: 0, duplicates: 0, imported: first.examples.length });
      const second = await exportCatalogue(empty.database.db);
      expect({ ...second, exportedAt: 'x' }).toEqual({ ...first, exportedAt: 'x' });
      expect(await counts(empty)).toEqual(await counts(app));
    } finally {
      await empty.close();
      await other.cleanup();
    }
  });

  it('serves import and export over HTTP to admins', async () => {
    env = await createTestEnv();
    app = await buildApp(env.config, { logger: false });
    const admin = await userWithRole(app, 'admin');
    const dry = await app.inject({
      method: 'POST',
      url: '/api/admin/import',
      headers: admin.auth,
      payload: { dryRun: true, data: mathRecords },
    });
    expect(dry.json()).toMatchObject({
      success: true,
      message: 'Dry run: 3 to import, 0 already there, 3 refused.',
    });
    const bad = await app.inject({
      method: 'POST',
      url: '/api/admin/import',
      headers: admin.auth,
      payload: { dryRun: false, data: { nope: true } },
    });
    expect(bad.statusCode).toBe(400);
    // A category description that is not text (it used to reach .trim() and answer 500).
    const before = await counts(app);
    const oddDescription = await app.inject({
      method: 'POST',
      url: '/api/admin/import',
      headers: admin.auth,
      payload: {
        dryRun: false,
        data: {
          subjects: [
            { name: 'Algebra', categories: [{ name: 'Linear', description: 7, children: [] }] },
          ],
          examples: [],
        },
      },
    });
    expect(oddDescription.statusCode).toBe(400);
    expect(oddDescription.json().message).toBe(
      'The catalogue file is malformed: Algebra category 1 description must be text',
    );
    expect(await counts(app)).toEqual(before);
    await app.inject({
      method: 'POST',
      url: '/api/admin/import',
      headers: admin.auth,
      payload: { dryRun: false, data: mathRecords },
    });
    const exported = await app.inject({
      method: 'GET',
      url: '/api/admin/export',
      headers: admin.auth,
    });
    expect(exported.headers['content-disposition']).toMatch(
      /^attachment; filename="exemplar-catalogue-\d{4}-\d\d-\d\d\.json"$/,
    );
    expect(exported.json()).toMatchObject({ format: 'exemplar-catalogue', version: 1 });
    expect(exported.json().examples).toHaveLength(3);
    const basic = await userWithRole(app, 'basic');
    expect(
      (await app.inject({ method: 'GET', url: '/api/admin/export', headers: basic.auth }))
        .statusCode,
    ).toBe(403);
  });

  it('imports the 3,000 public-sample records, and again as a no-op', async ({ skip }) => {
    if (corpusMissing) skip(corpusMissing);
    env = await createTestEnv();
    app = await buildApp(env.config, { logger: false });
    const records = JSON.parse(fs.readFileSync(MATH_CORPUS, 'utf8')) as unknown[];
    const checkTimeoutMs = env.config.IMPORT_CHECK_TIMEOUT_MS;
    const first = await importCatalogue(app.database.db, records, {
      dryRun: false,
      checkTimeoutMs,
    });
    expect(first.total).toBe(3000);
    expect(first.imported + first.failed).toBe(3000);
    expect(first.failed).toBeLessThan(30);
    const again = await importCatalogue(app.database.db, records, {
      dryRun: true,
      checkTimeoutMs,
    });
    expect(again).toMatchObject({ imported: 0, duplicates: first.imported });
  }, 600_000);
});
