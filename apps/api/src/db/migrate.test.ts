import { formulaStructureTokens } from '@exemplar/shared/search';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestEnv, engineUnderTest, type TestEnv } from '../../test/helpers/test-db';
import { createDatabase, type Db } from './database';
import { MigrationError, migrate, migrations } from './migrate';
import type { AnyDb } from './migrations/helpers';

const DOMAIN_TABLES = [
  'answer_attempts',
  'audit_log',
  'catalogue_health',
  'catalogue_health_run',
  'categories',
  'difficulties',
  'example_versions',
  'examples',
  'groups',
  'help_opened',
  'likes',
  'newsletter_signups',
  'refresh_tokens',
  'review_cards',
  'review_log',
  'schema_migrations',
  'signing_keys',
  'solved_marks',
  'subjects',
  'types',
  'typeset_formulas',
  'user_groups',
  'users',
  'verification_codes',
];

let env: TestEnv | undefined;
let database: Db | undefined;
afterEach(async () => {
  await database?.close();
  await env?.cleanup();
  database = undefined;
  env = undefined;
});

async function open() {
  env = await createTestEnv();
  database = createDatabase({ dataDir: env.config.dataDir, databaseUrl: env.config.DATABASE_URL });
  return database;
}

/** The tables of this test's database: on PostgreSQL, of its own schema (other files work beside it). */
async function tableNames(db: Db): Promise<string[]> {
  const tables = await db.db.introspection.getTables();
  const own =
    db.engine === 'postgres'
      ? (await sql<{ name: string }>`select current_schema() as name`.execute(db.db)).rows[0]!.name
      : undefined;
  return tables
    .filter((t) => own === undefined || t.schema === own)
    .map((t) => t.name)
    .sort();
}

/** A subject, category, difficulty and type, inserted for a migration test's examples to refer to. */
async function exampleRefs(tx: AnyDb, at: string) {
  const named = async (table: string, extra: object = {}) =>
    (
      await tx
        .insertInto(table)
        .values({ name: `${table} 1`, description: '', created_at: at, updated_at: at, ...extra })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id as number;
  const subject = await named('subjects');
  return {
    category_id: await named('categories', { subject_id: subject }),
    difficulty_id: await named('difficulties', { rank: 0 }),
    type_id: await named('types'),
  };
}

describe(`migrations on ${engineUnderTest}`, () => {
  it('create the whole domain once and are idempotent', async () => {
    const db = await open();
    expect(await migrate(db)).toEqual(migrations.map((m) => m.name));
    const names = await tableNames(db);
    for (const t of DOMAIN_TABLES) expect(names).toContain(t);
    expect(await migrate(db)).toEqual([]);
    const groups = await db.db.selectFrom('groups').select('name').orderBy('precedence').execute();
    expect(groups.map((g) => g.name)).toEqual(['superadmin', 'admin', 'basic']);
  });

  it('apply all-or-nothing: a failing migration leaves no trace and stops with its name', async () => {
    const db = await open();
    const failing = [
      ...migrations,
      {
        name: '999-broken',
        async up(tx: Parameters<(typeof migrations)[number]['up']>[0]) {
          await tx.schema.createTable('half_done').addColumn('x', 'integer').execute();
          await sql`select * from no_such_table`.execute(tx);
        },
      },
    ];
    await expect(migrate(db, failing)).rejects.toThrow(MigrationError);
    await expect(migrate(db, failing)).rejects.toThrow(/999-broken/);
    const names = await tableNames(db);
    expect(names).not.toContain('half_done');
    expect(names).not.toContain('users');
  });

  it('enforce foreign keys', async () => {
    const db = await open();
    await migrate(db);
    const now = new Date().toISOString();
    await expect(
      db.db
        .insertInto('categories')
        .values({
          subject_id: 424242,
          name: 'Orphan',
          description: '',
          created_at: now,
          updated_at: now,
        })
        .execute(),
    ).rejects.toThrow();
  });

  it('005 gives existing sessions their login time: every token of a family gets its oldest created_at', async () => {
    const db = await open();
    const before = migrations.findIndex((m) => m.name === '005-session-lifetime');
    await migrate(db, migrations.slice(0, before));
    const at = (day: number) => new Date(Date.UTC(2026, 10, day)).toISOString();
    const tx = db.db as unknown as AnyDb;
    const user = await tx
      .insertInto('users')
      .values({
        username: 'u-1',
        email: 'old@example.com',
        name: 'Old',
        password_hash: 'x',
        status: 'CONFIRMED',
        enabled: 1,
        email_verified: 1,
        created_at: at(1),
        updated_at: at(1),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const token = (family: string, hash: string, day: number) => ({
      user_id: user.id,
      family_id: family,
      token_hash: hash,
      parent_id: null,
      created_at: at(day),
      expires_at: at(day + 30),
    });
    await tx
      .insertInto('refresh_tokens')
      .values([token('a', 'h1', 3), token('a', 'h2', 9), token('b', 'h3', 5)])
      .execute();
    expect(await migrate(db, migrations.slice(0, before + 1))).toEqual(['005-session-lifetime']);
    const rows = await db.db
      .selectFrom('refresh_tokens')
      .select(['token_hash', 'session_started_at', 'successor'])
      .orderBy('token_hash')
      .execute();
    expect(rows).toEqual([
      { token_hash: 'h1', session_started_at: at(3), successor: null },
      { token_hash: 'h2', session_started_at: at(3), successor: null },
      { token_hash: 'h3', session_started_at: at(5), successor: null },
    ]);
  });

  it('006 keeps solved marks set before it (how null), refuses an unknown how, and cascades attempts and help with their user and example', async () => {
    const db = await open();
    const before = migrations.findIndex((m) => m.name === '006-answer-attempts');
    await migrate(db, migrations.slice(0, before));
    const at = new Date(Date.UTC(2026, 10, 1)).toISOString();
    const tx = db.db as unknown as AnyDb;
    const userOf = async (n: number) =>
      (
        await tx
          .insertInto('users')
          .values({
            username: `u-${n}`,
            email: `u${n}@example.com`,
            name: `U${n}`,
            password_hash: 'x',
            status: 'CONFIRMED',
            enabled: 1,
            email_verified: 1,
            created_at: at,
            updated_at: at,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id as number;
    const [ada, bob] = [await userOf(1), await userOf(2)];
    const refs = await exampleRefs(tx, at);
    const exampleOf = async (question: string) =>
      (
        await tx
          .insertInto('examples')
          .values({
            question,
            answer: '$1$',
            ...refs,
            created_at: at,
            updated_at: at,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id as number;
    const [kept, removed] = [await exampleOf('Kept?'), await exampleOf('Removed?')];
    await tx
      .insertInto('solved_marks')
      .values({ user_id: ada, example_id: kept, created_at: at })
      .execute();

    expect(await migrate(db, migrations.slice(0, before + 1))).toEqual(['006-answer-attempts']);
    expect(
      await db.db.selectFrom('solved_marks').select(['user_id', 'example_id', 'how']).execute(),
    ).toEqual([{ user_id: ada, example_id: kept, how: null }]);
    await expect(
      tx.updateTable('solved_marks').set({ how: 'guessed' }).where('user_id', '=', ada).execute(),
    ).rejects.toThrow();

    for (const user of [ada, bob]) {
      for (const example of [kept, removed]) {
        await db.db
          .insertInto('answer_attempts')
          .values({
            user_id: user,
            example_id: example,
            answer: '1',
            correct: 1,
            after_help: 0,
            created_at: at,
          })
          .execute();
        await db.db
          .insertInto('help_opened')
          .values({ user_id: user, example_id: example, steps_opened: 1, first_opened_at: at })
          .execute();
      }
    }
    await tx.deleteFrom('examples').where('id', '=', removed).execute();
    await tx.deleteFrom('users').where('id', '=', bob).execute();
    for (const table of ['answer_attempts', 'help_opened'] as const) {
      expect(await db.db.selectFrom(table).select(['user_id', 'example_id']).execute()).toEqual([
        { user_id: ada, example_id: kept },
      ]);
    }
  });

  it('007 fills question_key of existing examples (more than one batch of 500) and indexes it', async () => {
    const db = await open();
    const before = migrations.findIndex((m) => m.name === '007-question-key');
    await migrate(db, migrations.slice(0, before));
    const at = new Date(Date.UTC(2026, 10, 1)).toISOString();
    const tx = db.db as unknown as AnyDb;
    const refs = {
      ...(await exampleRefs(tx, at)),
      answer: '$1$',
      created_at: at,
      updated_at: at,
    };
    const questions = Array.from({ length: 600 }, (_, i) => `Question ${i}?`);
    questions[0] = 'Find $\\dfrac{1}{2}\\,x^{2}$';
    questions[599] = 'FIND  \\(\\left(y\\right)\\)';
    for (let i = 0; i < questions.length; i += 200) {
      await tx
        .insertInto('examples')
        .values(questions.slice(i, i + 200).map((question) => ({ question, ...refs })))
        .execute();
    }

    expect(await migrate(db, migrations.slice(0, before + 1))).toEqual(['007-question-key']);
    const rows = await db.db
      .selectFrom('examples')
      .select(['question', 'question_key'])
      .orderBy('id')
      .execute();
    expect(rows).toHaveLength(600);
    expect(rows[0]!.question_key).toBe('find$\\frac{1}{2}x^2$');
    expect(rows[1]!.question_key).toBe('question 1?');
    expect(rows[599]!.question_key).toBe('find$(y)$');
    expect(rows.filter((r) => r.question_key === '')).toEqual([]);
    const indexes =
      db.engine === 'postgres'
        ? await sql<{
            name: string;
          }>`select indexname as name from pg_indexes where tablename = 'examples'`.execute(db.db)
        : await sql<{
            name: string;
          }>`select name from sqlite_master where type = 'index' and tbl_name = 'examples'`.execute(
            db.db,
          );
    expect(indexes.rows.map((r) => r.name)).toContain('examples_question_key_idx');
  });

  it('010 publishes every existing example, refuses any status but draft or published, and indexes status with each filter column', async () => {
    const db = await open();
    const before = migrations.findIndex((m) => m.name === '010-example-status');
    await migrate(db, migrations.slice(0, before));
    const at = new Date(Date.UTC(2026, 10, 1)).toISOString();
    const tx = db.db as unknown as AnyDb;
    const refs = { ...(await exampleRefs(tx, at)), answer: '$1$', created_at: at, updated_at: at };
    await tx
      .insertInto('examples')
      .values([
        { ...refs, question: 'Old one?' },
        { ...refs, question: 'Old two?' },
      ])
      .execute();

    expect(await migrate(db, migrations.slice(0, before + 1))).toEqual(['010-example-status']);
    const rows = await db.db.selectFrom('examples').select('status').execute();
    expect(rows).toEqual([{ status: 'published' }, { status: 'published' }]);
    await expect(
      tx
        .insertInto('examples')
        .values({ ...refs, question: 'Hidden?', status: 'secret' })
        .execute(),
    ).rejects.toThrow();
    const indexes =
      db.engine === 'postgres'
        ? await sql<{
            name: string;
          }>`select indexname as name from pg_indexes where tablename = 'examples'`.execute(db.db)
        : await sql<{
            name: string;
          }>`select name from sqlite_master where type = 'index' and tbl_name = 'examples'`.execute(
            db.db,
          );
    expect(indexes.rows.map((r) => r.name)).toEqual(
      expect.arrayContaining([
        'examples_status_category_idx',
        'examples_status_difficulty_idx',
        'examples_status_type_idx',
      ]),
    );
  });

  it('013 leaves every existing example and version with its spec inferred (null) and no test answers, and stores both as set', async () => {
    const db = await open();
    const before = migrations.findIndex((m) => m.name === '013-answer-specs');
    await migrate(db, migrations.slice(0, before));
    const at = new Date(Date.UTC(2026, 10, 1)).toISOString();
    const tx = db.db as unknown as AnyDb;
    const refs = { ...(await exampleRefs(tx, at)), answer: '$1$', created_at: at, updated_at: at };
    const { id } = await tx
      .insertInto('examples')
      .values({ ...refs, question: 'Old one?', question_key: 'old one?' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await tx
      .insertInto('example_versions')
      .values({
        example_id: id,
        version: 1,
        question: 'Old one?',
        answer: '$1$',
        procedure: null,
        edited_at: at,
        action: 'create',
      })
      .execute();

    expect(await migrate(db, migrations.slice(0, before + 1))).toEqual(['013-answer-specs']);
    expect(
      await db.db.selectFrom('examples').select(['answer_spec', 'test_answers']).execute(),
    ).toEqual([{ answer_spec: null, test_answers: '[]' }]);
    expect(
      await db.db.selectFrom('example_versions').select(['answer_spec', 'test_answers']).execute(),
    ).toEqual([{ answer_spec: null, test_answers: '[]' }]);
    const spec = JSON.stringify({
      kind: 'value',
      form: 'any',
      unit: 'm',
      tolerance: null,
      choice: null,
    });
    const tests = JSON.stringify([{ answer: '1200 cm', accept: true }]);
    await db.db
      .updateTable('examples')
      .set({ answer_spec: spec, test_answers: tests })
      .where('id', '=', id)
      .execute();
    expect(
      await db.db.selectFrom('examples').select(['answer_spec', 'test_answers']).execute(),
    ).toEqual([{ answer_spec: spec, test_answers: tests }]);
    await expect(
      tx
        .insertInto('examples')
        .values({ ...refs, question: 'No tests?', question_key: 'no tests?', test_answers: null })
        .execute(),
    ).rejects.toThrow();
  });

  it('014 turns try first on for every existing account and every new one, and stores only 0 or 1', async () => {
    const db = await open();
    const before = migrations.findIndex((m) => m.name === '014-learner-preferences');
    await migrate(db, migrations.slice(0, before));
    const at = new Date(Date.UTC(2026, 10, 1)).toISOString();
    const tx = db.db as unknown as AnyDb;
    const account = (n: number) => ({
      username: `00000000-0000-4000-8000-00000000000${n}`,
      email: `old${n}@example.com`,
      name: `Old ${n}`,
      password_hash: 'x',
      status: 'CONFIRMED',
      enabled: n % 2,
      email_verified: 1,
      created_at: at,
      updated_at: at,
    });
    await tx
      .insertInto('users')
      .values([account(1), account(2)])
      .execute();

    expect(await migrate(db, migrations.slice(0, before + 1))).toEqual(['014-learner-preferences']);
    const rows = () =>
      db.db.selectFrom('users').select(['email', 'try_first']).orderBy('email').execute();
    expect(await rows()).toEqual([
      { email: 'old1@example.com', try_first: 1 },
      { email: 'old2@example.com', try_first: 1 },
    ]);
    await tx.insertInto('users').values(account(3)).execute();
    expect((await rows())[2]).toEqual({ email: 'old3@example.com', try_first: 1 });
    await db.db
      .updateTable('users')
      .set({ try_first: 0 })
      .where('email', '=', 'old1@example.com')
      .execute();
    expect((await rows()).map((r) => r.try_first)).toEqual([0, 1, 1]);
    for (const value of [2, null]) {
      await expect(
        tx
          .updateTable('users')
          .set({ try_first: value })
          .where('email', '=', 'old2@example.com')
          .execute(),
      ).rejects.toThrow();
    }
    expect((await rows()).map((r) => r.try_first)).toEqual([0, 1, 1]);
  });

  it('008 keys cards by (user, example), refuses an unknown state or rating, and cascades cards and log with their user and example', async () => {
    const db = await open();
    await migrate(db);
    const at = new Date(Date.UTC(2026, 10, 1)).toISOString();
    const tx = db.db as unknown as AnyDb;
    const userOf = async (n: number) =>
      (
        await tx
          .insertInto('users')
          .values({
            username: `u-${n}`,
            email: `u${n}@example.com`,
            name: `U${n}`,
            password_hash: 'x',
            status: 'CONFIRMED',
            enabled: 1,
            email_verified: 1,
            created_at: at,
            updated_at: at,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id as number;
    const [ada, bob] = [await userOf(1), await userOf(2)];
    const refs = await exampleRefs(tx, at);
    const exampleOf = async (question: string) =>
      (
        await tx
          .insertInto('examples')
          .values({ question, answer: '$1$', ...refs, created_at: at, updated_at: at })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id as number;
    const [kept, removed] = [await exampleOf('Kept?'), await exampleOf('Removed?')];
    const card = (user: number, example: number, state = 0) => ({
      user_id: user,
      example_id: example,
      due: at,
      stability: 0,
      difficulty: 0,
      elapsed_days: 0,
      scheduled_days: 0,
      learning_steps: 0,
      reps: 0,
      lapses: 0,
      state,
      last_review: null,
      created_at: at,
    });
    const log = (user: number, example: number, rating = 3) => ({
      user_id: user,
      example_id: example,
      rating,
      state_before: 0,
      due_before: at,
      reviewed_at: at,
    });
    for (const user of [ada, bob]) {
      for (const example of [kept, removed]) {
        await tx.insertInto('review_cards').values(card(user, example)).execute();
        await tx.insertInto('review_log').values(log(user, example)).execute();
      }
    }
    await expect(tx.insertInto('review_cards').values(card(ada, kept)).execute()).rejects.toThrow();
    await expect(
      tx
        .insertInto('review_cards')
        .values(card(ada, kept, 4))
        .execute(),
    ).rejects.toThrow();
    await expect(
      tx
        .insertInto('review_log')
        .values(log(ada, kept, 0))
        .execute(),
    ).rejects.toThrow();

    await tx.deleteFrom('examples').where('id', '=', removed).execute();
    await tx.deleteFrom('users').where('id', '=', bob).execute();
    for (const table of ['review_cards', 'review_log'] as const) {
      expect(await db.db.selectFrom(table).select(['user_id', 'example_id']).execute()).toEqual([
        { user_id: ada, example_id: kept },
      ]);
    }
  });

  it('009 gives every existing example its version 1 (more than one batch of 1000), keeps history when the example goes, and forgets only the editor id when the account goes', async () => {
    const db = await open();
    const before = migrations.findIndex((m) => m.name === '009-example-versions');
    await migrate(db, migrations.slice(0, before));
    const at = (n: number) => new Date(Date.UTC(2026, 10, 1, 0, 0, n)).toISOString();
    const tx = db.db as unknown as AnyDb;
    const refs = await exampleRefs(tx, at(0));
    const rows = Array.from({ length: 1205 }, (_, i) => ({
      question: `Question ${i}?`,
      question_key: `question ${i}?`,
      answer: `$${i}$`,
      procedure: i % 2 ? null : `Step ${i}`,
      ...refs,
      created_at: at(0),
      updated_at: at(i % 50),
    }));
    for (let i = 0; i < rows.length; i += 200) {
      await tx
        .insertInto('examples')
        .values(rows.slice(i, i + 200))
        .execute();
    }

    expect(await migrate(db, migrations.slice(0, before + 1))).toEqual(['009-example-versions']);
    const versions = await db.db
      .selectFrom('example_versions')
      .selectAll()
      .orderBy('example_id')
      .execute();
    expect(versions).toHaveLength(1205);
    const examples = await db.db.selectFrom('examples').selectAll().orderBy('id').execute();
    expect(
      versions.map((v) => [
        v.example_id,
        v.version,
        v.question,
        v.procedure,
        v.edited_at,
        v.action,
      ]),
    ).toEqual(examples.map((e) => [e.id, 1, e.question, e.procedure, e.updated_at, 'create']));
    expect(versions[1204]).toMatchObject({
      ...refs,
      answer: '$1204$',
      edited_by: null,
      editor_email: null,
    });

    const user = await tx
      .insertInto('users')
      .values({
        username: 'u-9',
        email: 'ed@example.com',
        name: 'Ed',
        password_hash: 'x',
        status: 'CONFIRMED',
        enabled: 1,
        email_verified: 1,
        created_at: at(0),
        updated_at: at(0),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const first = examples[0]!.id;
    await db.db
      .insertInto('example_versions')
      .values({
        ...refs,
        example_id: first,
        version: 2,
        question: 'Edited?',
        answer: '$1$',
        procedure: null,
        edited_by: user.id,
        editor_email: 'ed@example.com',
        editor_name: 'Ed',
        edited_at: at(60),
        action: 'edit',
      })
      .execute();
    await expect(
      db.db
        .insertInto('example_versions')
        .values({ ...versions[0]!, version: 2 })
        .execute(),
    ).rejects.toThrow();
    await tx.deleteFrom('examples').where('id', '=', first).execute();
    await tx.deleteFrom('users').where('id', '=', user.id).execute();
    expect(
      await db.db
        .selectFrom('example_versions')
        .select(['version', 'edited_by', 'editor_email'])
        .where('example_id', '=', first)
        .orderBy('version')
        .execute(),
    ).toEqual([
      { version: 1, edited_by: null, editor_email: null },
      { version: 2, edited_by: null, editor_email: 'ed@example.com' },
    ]);
  });

  it("015 writes every existing example's search document (more than one batch of 500) and indexes it", async () => {
    const db = await open();
    const before = migrations.findIndex((m) => m.name === '015-example-search-documents');
    await migrate(db, migrations.slice(0, before));
    const at = new Date(Date.UTC(2026, 10, 1)).toISOString();
    const tx = db.db as unknown as AnyDb;
    const refs = { ...(await exampleRefs(tx, at)), created_at: at, updated_at: at };
    const rows = Array.from({ length: 600 }, (_, i) => ({
      question: i === 599 ? 'Integrate $\\int x\\,dx$ again' : `Question ${i}?`,
      answer: '$1$',
      question_key: `q${i}`,
      ...refs,
    }));
    for (let i = 0; i < rows.length; i += 200) {
      await tx
        .insertInto('examples')
        .values(rows.slice(i, i + 200))
        .execute();
    }

    expect(await migrate(db, migrations.slice(0, before + 1))).toEqual([
      '015-example-search-documents',
    ]);
    const docs = await db.db
      .selectFrom('examples')
      .select(['search_question', 'search_names'])
      .orderBy('id')
      .execute();
    expect(docs[0]).toEqual({ search_question: 'question', search_names: 'categori subject' });
    expect(docs[599]!.search_question).toBe('integr integr dx again');
    expect(docs.filter((d) => d.search_question === '')).toEqual([]);
    // Indexed: the stemmed word finds the one example holding any of its forms.
    const match =
      db.engine === 'postgres'
        ? await sql<{
            id: number;
          }>`select id from examples where search @@ to_tsquery('simple', 'integr')`.execute(db.db)
        : await sql<{
            id: number;
          }>`select rowid as id from examples_fts where examples_fts match 'integr'`.execute(db.db);
    expect(match.rows).toHaveLength(1);
  });

  it("016 writes every existing example's formula index (more than one batch of 500)", async () => {
    const db = await open();
    const before = migrations.findIndex((m) => m.name === '016-example-formula-tokens');
    await migrate(db, migrations.slice(0, before));
    const at = new Date(Date.UTC(2026, 10, 1)).toISOString();
    const tx = db.db as unknown as AnyDb;
    const refs = { ...(await exampleRefs(tx, at)), created_at: at, updated_at: at };
    const rows = Array.from({ length: 600 }, (_, i) => ({
      question: i === 599 ? 'Find $\\int x e^{2x}\\,dx$.' : `Solve $x^2 - ${i}x + 1 = 0$.`,
      answer: '$1$',
      question_key: `q${i}`,
      ...refs,
    }));
    for (let i = 0; i < rows.length; i += 200) {
      await tx
        .insertInto('examples')
        .values(rows.slice(i, i + 200))
        .execute();
    }

    expect(await migrate(db, migrations.slice(0, before + 1))).toEqual([
      '016-example-formula-tokens',
    ]);
    const [quadratic, integral] = [
      formulaStructureTokens('x^2 - 7x + 3 = 0'),
      formulaStructureTokens('\\int t e^{5t}\\,dt'),
    ];
    const holding = async (tokens: string[]) =>
      (
        await db.db
          .selectFrom('example_formula_tokens')
          .select((eb) => ['example_id', eb.fn.countAll<number | string>().as('n')])
          .where('token', 'in', tokens)
          .groupBy('example_id')
          .execute()
      ).filter((r) => Number(r.n) === tokens.length);
    expect(await holding(quadratic)).toHaveLength(599);
    const withIntegral = await holding(integral);
    expect(withIntegral).toHaveLength(1);
    const last = await db.db
      .selectFrom('examples')
      .select('id')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(withIntegral[0]!.example_id).toBe(last.id);
  });
});
