import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDatabase } from '../src/db/database';
import { createTestEnv, engineUnderTest, type TestEnv } from './helpers/test-db';
import { freePort, spawnServer, waitForHealth, type ServerProcess } from './helpers/server-process';

let env: TestEnv | undefined;
const servers: ServerProcess[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) {
    if (s.proc.exitCode === null && s.proc.signalCode === null) {
      s.proc.kill('SIGKILL');
      await s.exited;
    }
  }
  await env?.cleanup();
  env = undefined;
});

describe(`kill -9 during writes on ${engineUnderTest}`, () => {
  it('keeps every acknowledged write, and the database opens again', async () => {
    // Writes by an admin: anonymous newsletter signups are rate limited to a few per minute.
    const admin = { email: 'crash-admin@example.com', password: 'Crash-Secret-93' };
    env = await createTestEnv({
      SUPERADMIN_EMAIL: admin.email,
      SUPERADMIN_PASSWORD: admin.password,
    });
    const port = String(await freePort());
    const first = spawnServer({ ...env.env, PORT: port });
    servers.push(first);
    await waitForHealth(first);
    const login = await fetch(`${first.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(admin),
    });
    const { idToken } = (await login.json()).data as { idToken: string };

    const acknowledged: string[] = [];
    let stop = false;
    const writer = async (worker: number) => {
      for (let i = 0; !stop; i++) {
        const name = `w${worker}-${i}`;
        try {
          const res = await fetch(`${first.url}/api/subjects`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${idToken}` },
            body: JSON.stringify({ name }),
          });
          if (res.status === 201) acknowledged.push(name);
        } catch {
          return; // the server is gone
        }
      }
    };
    const writers = [0, 1, 2, 3].map(writer);
    // Killed once writes are acknowledged, while the four writers keep writing.
    await vi.waitUntil(() => acknowledged.length >= 20, { timeout: 20_000, interval: 10 });
    first.proc.kill('SIGKILL');
    await first.exited;
    stop = true;
    await Promise.all(writers);
    expect(acknowledged.length).toBeGreaterThan(10);

    // The same DATA_DIR (its lock left behind by the dead process) opens again and serves.
    const second = spawnServer({ ...env.env, PORT: port });
    servers.push(second);
    await waitForHealth(second);
    second.proc.kill('SIGTERM');
    expect(await second.exited).toBe(0);

    const database = createDatabase({
      dataDir: env.config.dataDir,
      databaseUrl: env.config.DATABASE_URL,
    });
    try {
      const stored = new Set(
        (await database.db.selectFrom('subjects').select('name').execute()).map((r) => r.name),
      );
      expect(acknowledged.filter((e) => !stored.has(e))).toEqual([]);
    } finally {
      await database.close();
    }
  });
});
