import { checkMath, procedureSteps } from '@exemplar/shared/math';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestEnv, engineUnderTest, type TestEnv } from '../../../../test/helpers/test-db';
import { createDatabase, type Db } from '../../../db/database';
import { migrate } from '../../../db/migrate';
import {
  DemoCatalogueSchema,
  readDemoCatalogue,
  seedDemoCatalogue,
  type DemoCatalogue,
} from './demo-seed';

const catalogue = readDemoCatalogue();

type Node = DemoCatalogue['subjects'][number]['categories'][number];
const depth = (nodes: Node[]): number => Math.max(0, ...nodes.map((n) => 1 + depth(n.children)));
const count = (nodes: Node[]): number => nodes.reduce((sum, n) => sum + 1 + count(n.children), 0);

describe('the demo catalogue file', () => {
  it('covers the subjects, tree depth, difficulties and types the product promises', () => {
    const subjects = catalogue.subjects.map((s) => s.name);
    expect(subjects).toEqual(
      expect.arrayContaining(['Algebra', 'Calculus', 'Geometry', 'Statistics']),
    );
    expect(catalogue.subjects.reduce((n, s) => n + count(s.categories), 0)).toBeGreaterThanOrEqual(
      16,
    );
    for (const s of catalogue.subjects)
      expect(depth(s.categories), s.name).toBeGreaterThanOrEqual(3);
    expect(catalogue.difficulties.map((d) => d.name)).toEqual([
      'easy',
      'intermediate',
      'hard',
      'insane',
    ]);
    expect(catalogue.types.length).toBeGreaterThanOrEqual(3);
    expect(catalogue.examples.length).toBeGreaterThanOrEqual(80);
  });

  it('spreads examples over every subject, difficulty and type, most with a procedure', () => {
    for (const s of catalogue.subjects) {
      expect(catalogue.examples.filter((e) => e.subject === s.name).length, s.name).toBeGreaterThan(
        0,
      );
    }
    for (const d of catalogue.difficulties) {
      expect(
        catalogue.examples.some((e) => e.difficulty === d.name),
        d.name,
      ).toBe(true);
    }
    for (const t of catalogue.types) {
      expect(
        catalogue.examples.some((e) => e.type === t.name),
        t.name,
      ).toBe(true);
    }
    const withProcedure = catalogue.examples.filter((e) => e.procedure?.trim()).length;
    expect(withProcedure / catalogue.examples.length).toBeGreaterThan(0.5);
  });

  it('renders every question, answer and procedure without an error', () => {
    const problems = catalogue.examples.flatMap((e, i) =>
      [e.question, e.answer, e.procedure ?? ''].flatMap((text) =>
        checkMath(text).map(
          (issue) => `example ${i + 1}: ${issue.kind} ${issue.source}: ${issue.message}`,
        ),
      ),
    );
    expect(problems).toEqual([]);
  });

  it('writes every procedure as steps: at least two paragraphs, each one step that renders without an error', () => {
    const problems = catalogue.examples.flatMap((e, i) => {
      const steps = procedureSteps(e.procedure ?? '');
      const paragraphs = (e.procedure ?? '').split(/\n[ \t]*\n/).filter((p) => p.trim());
      const shape =
        steps.length < 2
          ? [`example ${i + 1}: ${steps.length} step`]
          : steps.length !== paragraphs.length
            ? [`example ${i + 1}: ${paragraphs.length} paragraphs read as ${steps.length} steps`]
            : [];
      return shape.concat(
        steps.flatMap((step, k) =>
          checkMath(step).map(
            (issue) => `example ${i + 1}, step ${k + 1}: ${issue.kind} ${issue.source}`,
          ),
        ),
      );
    });
    expect(problems).toEqual([]);
  });
});

describe(`seeding on ${engineUnderTest}`, () => {
  let env: TestEnv;
  let database: Db;
  afterEach(async () => {
    await database.close();
    await env.cleanup();
  });

  it('loads the whole catalogue into an empty database, once', async () => {
    env = await createTestEnv();
    database = createDatabase({
      dataDir: env.config.dataDir,
      databaseUrl: env.config.DATABASE_URL,
    });
    await migrate(database);
    expect(await seedDemoCatalogue(database.db, database.engine, catalogue)).toBe(true);
    const counts = async () => ({
      subjects: (await database.db.selectFrom('subjects').select('id').execute()).length,
      categories: (await database.db.selectFrom('categories').select('id').execute()).length,
      examples: (await database.db.selectFrom('examples').select('id').execute()).length,
    });
    const first = await counts();
    expect(first).toEqual({
      subjects: catalogue.subjects.length,
      categories: catalogue.subjects.reduce((n, s) => n + count(s.categories), 0),
      examples: catalogue.examples.length,
    });
    expect(await seedDemoCatalogue(database.db, database.engine, catalogue)).toBe(false);
    expect(await counts()).toEqual(first);
  });

  it('stores the answer spec and test answers an example of the file gives, and leaves the others inferred with none', async () => {
    env = await createTestEnv();
    database = createDatabase({
      dataDir: env.config.dataDir,
      databaseUrl: env.config.DATABASE_URL,
    });
    await migrate(database);
    const [first, withTests] = catalogue.examples;
    // The file's second example without its test answers or spec: one the file gives nothing for.
    const { testAnswers: _tests, answerSpec: _spec, ...second } = withTests!;
    const small = DemoCatalogueSchema.parse({
      ...catalogue,
      examples: [
        {
          ...first,
          answerSpec: { kind: 'expression', form: 'factorised' },
          testAnswers: [
            { answer: '(x+1)(x+2)', accept: true },
            { answer: 'x^2+3x+2', accept: false },
          ],
        },
        second,
      ],
    });
    expect(await seedDemoCatalogue(database.db, database.engine, small)).toBe(true);
    const rows = await database.db
      .selectFrom('examples')
      .select(['question', 'answer_spec', 'test_answers'])
      .orderBy('id')
      .execute();
    expect(rows.map((r) => r.question)).toEqual([first!.question, second.question]);
    expect(JSON.parse(rows[0]!.answer_spec!)).toEqual({
      kind: 'expression',
      form: 'factorised',
      unit: null,
      tolerance: null,
      choice: null,
    });
    expect(JSON.parse(rows[0]!.test_answers)).toEqual([
      { answer: '(x+1)(x+2)', accept: true },
      { answer: 'x^2+3x+2', accept: false },
    ]);
    expect(rows[1]).toMatchObject({ answer_spec: null, test_answers: '[]' });
  });

  it('refuses a demo file whose answer spec does not validate, saying where', () => {
    expect(() =>
      DemoCatalogueSchema.parse({
        ...catalogue,
        examples: [{ ...catalogue.examples[0], answerSpec: { kind: 'choice' } }],
      }),
    ).toThrow(/A multiple-choice answer needs its letter/);
  });
});
