import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import SqliteDatabase from 'libsql';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import type { Config } from '../src/config';
import { exportCatalogue } from '../src/modules/catalogue/io';
import { SQLITE_FILE } from '../src/db/database';
import { catalogueVersion } from '../src/modules/catalogue/taxonomy';
import { VERSION_MAX_AGE_MS } from '../src/plugins/app/public-cache';
import { insertSubject } from './factories';
import { controlClock } from './helpers/clock';
import { createTestEnv, engineUnderTest, type TestEnv } from './helpers/test-db';

const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const hasPgDump = spawnSync('pg_dump', ['--version']).status === 0;

function cli(env: Record<string, string>, ...args: string[]) {
  return spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/backup.ts', ...args], {
    cwd: apiRoot,
    env: { PATH: process.env.PATH ?? '', ...env },
    encoding: 'utf8',
  });
}

async function snapshot(config: Config) {
  const app = await buildApp(config, { logger: false });
  try {
    const file = await exportCatalogue(app.database.db);
    const users = await app.database.db
      .selectFrom('users')
      .select(['email', 'password_hash'])
      .orderBy('email')
      .execute();
    return { ...file, exportedAt: 'x', users };
  } finally {
    await app.close();
  }
}

let env: TestEnv | undefined;
let pgName: string | undefined;
afterEach(async () => {
  await env?.cleanup();
  env = undefined;
  if (pgName) {
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${pgName}`);
    await admin.end();
    pgName = undefined;
  }
});

/** A test env on a PostgreSQL database of its own (a restore replaces whole schemas), demo loaded. */
async function demoOnOwnPostgresDatabase(): Promise<TestEnv> {
  pgName = `exemplar_backup_${process.pid}`;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`drop database if exists ${pgName}`);
  await admin.query(`create database ${pgName}`);
  await admin.end();
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `/${pgName}`;
  url.search = '';
  return createTestEnv({ DATABASE_URL: url.toString(), SEED: 'demo' });
}

describe(`backup and restore on ${engineUnderTest}`, () => {
  it.skipIf(engineUnderTest !== 'sqlite')(
    'copies SQLite online, refuses to restore under a running server, and restores',
    async () => {
      env = await createTestEnv({
        SEED: 'demo',
        SUPERADMIN_EMAIL: 'keeper@example.com',
        SUPERADMIN_PASSWORD: 'Safe-Keeping-55',
      });
      const before = await snapshot(env.config);
      const running = await buildApp(env.config, { logger: false });
      const target = path.join(env.dataDir, 'copies', 'one.sqlite');
      try {
        const backup = cli(env.env, 'backup', target);
        expect(backup.status, backup.stderr).toBe(0);
        expect(backup.stdout).toContain(target);
        await running.database.db.deleteFrom('likes').execute();
        await running.database.db.deleteFrom('examples').where('id', '<', 50).execute();
        await running.database.db.deleteFrom('users').execute();
        const refused = cli(env.env, 'restore', target);
        expect(refused.status).toBe(1);
        expect(refused.stderr).toMatch(
          /in use by another Exemplar process.*Stop the server before restoring/,
        );
      } finally {
        await running.close();
      }
      expect((await snapshot(env.config)).examples.length).toBeLessThan(before.examples.length);
      const restore = cli(env.env, 'restore', target);
      expect(restore.status, restore.stderr).toBe(0);
      expect(restore.stdout).toMatch(/replaced database was kept as .*before-restore/);
      expect(await snapshot(env.config)).toEqual(before);
      expect(cli(env.env, 'restore', path.join(env.dataDir, 'missing.sqlite')).status).toBe(1);
    },
  );

  it.skipIf(engineUnderTest !== 'postgres' || !hasPgDump)(
    'dumps and restores PostgreSQL',
    async () => {
      env = await demoOnOwnPostgresDatabase();
      const before = await snapshot(env.config);
      const target = path.join(env.dataDir, 'pg.dump');
      const backup = cli(env.env, 'backup', target);
      expect(backup.status, backup.stderr).toBe(0);
      const app = await buildApp(env.config, { logger: false });
      await app.database.db.deleteFrom('examples').where('id', '<', 50).execute();
      await app.close();
      expect((await snapshot(env.config)).examples.length).toBeLessThan(before.examples.length);
      const restore = cli(env.env, 'restore', target);
      expect(restore.status, restore.stderr).toBe(0);
      expect(await snapshot(env.config)).toEqual(before);
    },
  );

  it.skipIf(engineUnderTest !== 'sqlite')(
    'SQLite restore keeps every row the replaced file held only in its write-ahead log, and raises the catalogue version above the replaced one',
    async () => {
      env = await createTestEnv({ SEED: 'demo' });
      await (await buildApp(env.config, { logger: false })).close();
      const target = path.join(env.dataDir, 'copies', 'wal.sqlite');
      expect(cli(env.env, 'backup', target).status).toBe(0);
      const live = path.join(env.dataDir, SQLITE_FILE);
      // A process that writes and dies before any checkpoint: its rows are only in the -wal file.
      const writer = spawnSync(
        process.execPath,
        [
          '--input-type=module',
          '-e',
          `import Database from 'libsql';
           const db = new Database(${JSON.stringify(live)});
           db.pragma('wal_autocheckpoint = 0');
           const at = new Date().toISOString();
           const subject = db.prepare("insert into subjects (name, description, created_at, updated_at) values (?, '', ?, ?)");
           for (let i = 0; i < 41; i++) subject.run('After backup ' + i, at, at);
           const signup = db.prepare('insert into newsletter_signups (email, created_at) values (?, ?)');
           for (let i = 0; i < 185; i++) signup.run('reader' + i + '@example.com', at);
           process.kill(process.pid, 'SIGKILL');`,
        ],
        { cwd: apiRoot, encoding: 'utf8' },
      );
      expect(writer.signal, writer.stderr).toBe('SIGKILL');
      expect(fs.statSync(`${live}-wal`).size).toBeGreaterThan(0);

      const restore = cli(env.env, 'restore', target);
      expect(restore.status, restore.stderr).toBe(0);
      const kept = /kept as (.*)\.$/m.exec(restore.stdout)?.[1];
      expect(kept && fs.existsSync(kept)).toBe(true);
      const count = (file: string) => {
        const db = new SqliteDatabase(file, { readonly: true });
        try {
          const one = (q: string) => Number((db.prepare(q).get() as { n: number }).n);
          return {
            subjects: one("select count(*) as n from subjects where name like 'After backup %'"),
            signups: one('select count(*) as n from newsletter_signups'),
            version: one('select version as n from catalogue_state where id = 1'),
          };
        } finally {
          db.close();
        }
      };
      const replaced = count(kept!);
      expect(replaced.subjects).toBe(41);
      expect(replaced.signups).toBe(185);
      const restored = count(live);
      expect(restored.subjects).toBe(0);
      expect(restored.signups).toBe(0);
      expect(restored.version).toBeGreaterThan(replaced.version);
    },
  );

  it.skipIf(engineUnderTest !== 'postgres' || !hasPgDump)(
    'PostgreSQL restore: the catalogue version afterwards is above every version seen before, and a running instance serving cached answers shows the restored catalogue',
    async () => {
      env = await demoOnOwnPostgresDatabase();
      const clock = controlClock(); // before the instance reads the catalogue version
      const running = await buildApp(env.config, { logger: false });
      try {
        const base = await running.listen({ host: '127.0.0.1', port: 0 });
        const subjects = async () => {
          const res = await fetch(`${base}/api/subjects`);
          const body = (await res.json()) as { data: { subjects: { name: string }[] } };
          return {
            cache: res.headers.get('x-catalogue-cache'),
            names: body.data.subjects.map((s) => s.name).sort(),
          };
        };
        // The catalogue version the instance read is trusted this long: let it pass.
        const settle = () => clock.pass(VERSION_MAX_AGE_MS);
        const original = (await subjects()).names;
        const db = running.database.db;

        const target = path.join(env.dataDir, 'pg.dump');
        expect(cli(env.env, 'backup', target).status).toBe(0);
        await insertSubject(db, 'Added after backup');
        settle();
        expect((await subjects()).names).toContain('Added after backup');
        expect((await subjects()).cache).toBe('hit');
        const seenBefore = Number(await catalogueVersion(db));

        const restore = cli(env.env, 'restore', target);
        expect(restore.status, restore.stderr).toBe(0);
        expect(Number(await catalogueVersion(db))).toBeGreaterThan(seenBefore);
        settle();
        expect((await subjects()).names).toEqual(original);

        // A later change is seen as itself, never as an answer cached before the restore.
        await insertSubject(db, 'Added after restore');
        settle();
        expect((await subjects()).names).toEqual([...original, 'Added after restore'].sort());
      } finally {
        await running.close();
      }
    },
  );
});
