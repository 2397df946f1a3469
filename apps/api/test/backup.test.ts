import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import type { Config } from '../src/config';
import { exportCatalogue } from '../src/modules/catalogue-io/catalogue-io.service';
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
      pgName = `exemplar_backup_${process.pid}`;
      const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
      await admin.query(`drop database if exists ${pgName}`);
      await admin.query(`create database ${pgName}`);
      await admin.end();
      const url = new URL(process.env.DATABASE_URL!);
      url.pathname = `/${pgName}`;
      url.search = '';
      env = await createTestEnv({ DATABASE_URL: url.toString(), SEED: 'demo' });
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
});
