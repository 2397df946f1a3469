import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { VERSION_MAX_AGE_MS } from '../src/plugins/app/public-cache';
import { createTestEnv, type TestEnv } from './helpers/test-db';
import { freePort, spawnServer, waitForHealth, type ServerProcess } from './helpers/server-process';

/**
 * Two API processes on one PostgreSQL and one Redis, as in production behind a load balancer.
 * Runs where both services are configured (CI's PostgreSQL step); skipped on a laptop.
 */
const enabled = !!process.env.DATABASE_URL && !!process.env.REDIS_URL;

let env: TestEnv;
let a: ServerProcess;
let b: ServerProcess;

beforeAll(async () => {
  if (!enabled) return;
  env = await createTestEnv({
    REDIS_URL: process.env.REDIS_URL!,
    SUPERADMIN_EMAIL: 'chief@example.com',
    SUPERADMIN_PASSWORD: 'Twin-Instances-42',
  });
  a = spawnServer({ ...env.env, PORT: String(await freePort()) });
  await waitForHealth(a);
  b = spawnServer({ ...env.env, PORT: String(await freePort()) });
  await waitForHealth(b);
}, 60_000);
afterAll(async () => {
  for (const s of [a, b]) {
    if (s && s.proc.exitCode === null) {
      s.proc.kill('SIGTERM');
      await s.exited;
    }
  }
  await env?.cleanup();
});

const post = (s: ServerProcess, path: string, body: object, token?: string) =>
  fetch(`${s.url}/api${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });

describe.skipIf(!enabled)('two instances on one PostgreSQL and Redis', () => {
  it('share sessions: log in on one, use and refresh on the other', async () => {
    const login = await (
      await post(a, '/auth/login', { email: 'chief@example.com', password: 'Twin-Instances-42' })
    ).json();
    expect(login.success).toBe(true);
    const me = await fetch(`${b.url}/api/auth/me`, {
      headers: { authorization: `Bearer ${login.data.idToken}` },
    });
    expect(me.status).toBe(200);
    const refreshed = await post(b, '/auth/refresh', { refreshToken: login.data.refreshToken });
    expect(refreshed.status).toBe(200);
    const { data } = await refreshed.json();
    expect(
      (
        await fetch(`${a.url}/api/auth/me`, {
          headers: { authorization: `Bearer ${data.idToken}` },
        })
      ).status,
    ).toBe(200);
  });

  it('count login failures across both instances', async () => {
    // Unique per run: Redis keeps counters between runs on the same machine.
    const email = `nobody-${Date.now()}@example.com`;
    for (let i = 0; i < 5; i++) {
      const res = await post(i % 2 ? a : b, '/auth/login', { email, password: 'Wrong-Password-1' });
      expect(res.status).toBe(401);
    }
    expect((await post(a, '/auth/login', { email, password: 'Wrong-Password-1' })).status).toBe(
      429,
    );
    expect((await post(b, '/auth/login', { email, password: 'Wrong-Password-1' })).status).toBe(
      429,
    );
  });

  it('see a catalogue write made on the other instance within VERSION_MAX_AGE_MS', async () => {
    const login = await (
      await post(a, '/auth/login', { email: 'chief@example.com', password: 'Twin-Instances-42' })
    ).json();
    const before = await (await fetch(`${b.url}/api/subjects`)).json();
    await fetch(`${b.url}/api/subjects`); // now cached on b
    const created = await post(a, '/subjects', { name: 'Twin Subject' }, login.data.idToken);
    expect(created.status).toBe(201);
    // a's own visitors see it at once; b re-reads the catalogue version at most that late.
    const onA = await (await fetch(`${a.url}/api/subjects`)).json();
    expect(onA.data.subjects.length).toBe(before.data.subjects.length + 1);
    // b reads the catalogue version again (in its own process) once the one it holds is
    // VERSION_MAX_AGE_MS old: asked until its answer changes, it then lists the new subject too.
    const namesOnB = async (): Promise<string[]> =>
      (await (await fetch(`${b.url}/api/subjects`)).json()).data.subjects.map(
        (s: { name: string }) => s.name,
      );
    const old = before.data.subjects.map((s: { name: string }) => s.name);
    await vi.waitFor(async () => expect(await namesOnB()).not.toEqual(old), {
      timeout: 10_000,
      interval: VERSION_MAX_AGE_MS / 2,
    });
    expect((await namesOnB()).sort()).toEqual([...old, 'Twin Subject'].sort());
  });
});
