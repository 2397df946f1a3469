import { spawn } from 'node:child_process';
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

/** Runs `npm run user` as its own process, `input` on its standard input. */
function runCli(args: string[], input: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/user.ts', ...args], {
    cwd: apiRoot,
    env: { PATH: process.env.PATH ?? '', ...env.env },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  child.stdin.end(input);
  return new Promise<{ status: number | null; stdout: string; stderr: string }>(
    (resolve, reject) => {
      child.on('error', reject);
      child.on('close', (status) => resolve({ status, stdout, stderr }));
    },
  );
}

describe(`npm run user on ${engineUnderTest}`, () => {
  it('creates a confirmed superadmin who can log in, idempotently', async () => {
    env = await createTestEnv();
    const first = await runCli(
      ['create', '--email', 'Chief@Example.com', '--role', 'superadmin'],
      'Leader-Secret-77\n',
    );
    expect(first.status, first.stderr).toBe(0);
    expect(first.stdout).toContain('Created chief@example.com (superadmin)');
    const again = await runCli(
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
    // Refused on their arguments before the database is opened: side by side with one that
    // opens it (on SQLite one process at a time holds the data folder).
    const [badEmail, badRole, weak] = await Promise.all([
      runCli(['create', '--email', 'nope', '--role', 'admin'], 'Good-Secret-12\n'),
      runCli(['create', '--email', 'a@example.com', '--role', 'king'], 'Good-Secret-12\n'),
      runCli(['create', '--email', 'a@example.com', '--role', 'admin'], 'password\n'),
    ]);
    const named = await runCli(
      ['create', '--email', 'boss@example.com', '--role', 'admin'],
      'Walk-Boss-2026x\nWalk-Boss-2026x\n',
    );
    expect(badEmail.status).toBe(64);
    expect(badRole.status).toBe(64);
    expect(weak.status).toBe(1);
    expect(weak.stderr).toMatch(
      /Nothing was changed: The password needs at least one uppercase letter \(A–Z\)\./,
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
