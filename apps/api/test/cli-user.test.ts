import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { createTestEnv, engineUnderTest, type TestEnv } from './helpers/test-db';
import { currentUser, logIn } from './helpers/users';

const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
let env: TestEnv;
afterEach(async () => {
  await env.cleanup();
});

function runCli(args: string[], input: string) {
  return spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/user.ts', ...args], {
    cwd: apiRoot,
    env: { PATH: process.env.PATH ?? '', ...env.env },
    input,
    encoding: 'utf8',
  });
}

describe(`npm run user on ${engineUnderTest}`, () => {
  it('creates a confirmed superadmin who can log in, idempotently', async () => {
    env = await createTestEnv();
    const first = runCli(
      ['create', '--email', 'Chief@Example.com', '--role', 'superadmin'],
      'Leader-Secret-77\n',
    );
    expect(first.status, first.stderr).toBe(0);
    expect(first.stdout).toContain('Created chief@example.com (superadmin)');
    const again = runCli(
      ['create', '--email', 'chief@example.com', '--role', 'superadmin'],
      'Other-Secret-88\n',
    );
    expect(again.status, again.stderr).toBe(0);
    expect(again.stdout).toContain('password is unchanged');

    const app = await buildApp(env.config, { logger: false });
    try {
      const { idToken } = await logIn(app, 'chief@example.com', 'Leader-Secret-77');
      expect(await currentUser(app, idToken)).toMatchObject({
        groups: ['superadmin'],
        status: 'CONFIRMED',
      });
      expect(await app.database.db.selectFrom('users').select('id').execute()).toHaveLength(1);
    } finally {
      await app.close();
    }
  });

  it('refuses bad arguments and weak passwords, changing nothing', async () => {
    env = await createTestEnv();
    expect(
      runCli(['create', '--email', 'nope', '--role', 'admin'], 'Good-Secret-12\n').status,
    ).toBe(64);
    expect(
      runCli(['create', '--email', 'a@example.com', '--role', 'king'], 'Good-Secret-12\n').status,
    ).toBe(64);
    const weak = runCli(['create', '--email', 'a@example.com', '--role', 'admin'], 'password\n');
    expect(weak.status).toBe(1);
    expect(weak.stderr).toMatch(
      /Nothing was changed: The password needs at least one uppercase letter \(A–Z\)\./,
    );
    const named = runCli(
      ['create', '--email', 'boss@example.com', '--role', 'admin'],
      'Walk-Boss-2026x\nWalk-Boss-2026x\n',
    );
    expect(named.status).toBe(1);
    expect(named.stderr).toContain(
      "Nothing was changed: The password must not contain the part of the user's email address " +
        'before the @ ("boss" in boss@example.com), in upper or lower case.',
    );
    const app = await buildApp(env.config, { logger: false });
    try {
      expect(await app.database.db.selectFrom('users').select('id').execute()).toHaveLength(0);
    } finally {
      await app.close();
    }
  });
});
