import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestEnv, engineUnderTest, type TestEnv } from '../../test/helpers/test-db';
import { createDatabase, type Db } from './database';
import { MigrationError, migrate, migrations } from './migrate';
import type { AnyDb } from './migrations/helpers';

const DOMAIN_TABLES = [
  'audit_log',
  'categories',
  'difficulties',
  'examples',
  'groups',
  'likes',
  'newsletter_signups',
  'refresh_tokens',
  'schema_migrations',
  'signing_keys',
  'solved_marks',
  'subjects',
  'types',
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

async function tableNames(db: Db): Promise<string[]> {
  const tables = await db.db.introspection.getTables();
  return tables.map((t) => t.name).sort();
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
    expect(await migrate(db)).toEqual(['005-session-lifetime']);
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
});
