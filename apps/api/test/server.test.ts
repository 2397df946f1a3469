import http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { createDatabase } from '../src/db/database';
import { createTestEnv, engineUnderTest, type TestEnv } from './helpers/test-db';
import { freePort, spawnServer, waitForHealth, type ServerProcess } from './helpers/server-process';

let env: TestEnv | undefined;
const servers: ServerProcess[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) {
    if (s.proc.exitCode === null) {
      s.proc.kill('SIGKILL');
      await s.exited;
    }
  }
  await env?.cleanup();
  env = undefined;
});

async function start(extra: Record<string, string> = {}) {
  env ??= await createTestEnv();
  const server = spawnServer({
    ...env.env,
    LOG_LEVEL: 'info',
    PORT: String(await freePort()),
    ...extra,
  });
  servers.push(server);
  return server;
}

/** Sends a POST whose body arrives in two parts, `gapMs` apart: a request in flight meanwhile. */
function slowPost(url: string, path: string, body: string, onHalfSent: () => void) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = http.request(`${url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
    });
    req.on('response', (res) => {
      let data = '';
      res.on('data', (d) => (data += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: data }));
    });
    req.on('error', reject);
    const half = Math.floor(body.length / 2);
    req.write(body.slice(0, half));
    setTimeout(() => {
      onHalfSent();
      setTimeout(() => req.end(body.slice(half)), 700);
    }, 200);
  });
}

describe(`the server process on ${engineUnderTest}`, () => {
  // How long starting and stopping take is measured by `npm run test:perf` (timings.perf.test.ts).
  it('starts on a fresh DATA_DIR and answers health', async () => {
    const server = await start({ SEED: 'none' });
    await waitForHealth(server, 60_000);
    const res = await fetch(`${server.url}/api/health`);
    expect(await res.json()).toMatchObject({ success: true, data: { database: engineUnderTest } });
  });

  it('on SIGTERM finishes the request in flight, refuses new work, closes the database and exits 0', async () => {
    const server = await start({ SEED: 'none' });
    await waitForHealth(server);
    const inFlight = slowPost(
      server.url,
      '/api/newsletter',
      JSON.stringify({ email: 'inflight@example.com' }),
      () => server.proc.kill('SIGTERM'),
    );
    const result = await inFlight;
    expect(result.status).toBe(202);
    const code = await server.exited;
    expect(code).toBe(0);
    expect(server.output()).toContain('shutdown complete');
    await expect(fetch(`${server.url}/api/health`)).rejects.toThrow();

    // The acknowledged write is there, and the database was closed cleanly (it opens again).
    const database = createDatabase({
      dataDir: env!.config.dataDir,
      databaseUrl: env!.config.DATABASE_URL,
    });
    try {
      const rows = await database.db.selectFrom('newsletter_signups').select('email').execute();
      expect(rows.map((r) => r.email)).toEqual(['inflight@example.com']);
    } finally {
      await database.close();
    }
  });

  it.skipIf(engineUnderTest !== 'sqlite')(
    'refuses a second process on the same DATA_DIR and leaves the first serving',
    async () => {
      const first = await start({ SEED: 'none' });
      await waitForHealth(first);
      const second = await start({ SEED: 'none' });
      const code = await second.exited;
      expect(code).not.toBe(0);
      expect(second.output()).toMatch(/in use by another Exemplar process \(pid \d+\)/);
      expect((await fetch(`${first.url}/api/health`)).status).toBe(200);
    },
  );

  it('stops at start-up on a bad configuration value, naming the key', async () => {
    const server = await start({ PORT: 'not-a-port' });
    expect(await server.exited).toBe(78);
    expect(server.output()).toMatch(/PORT/);
  });

  it('stops at start-up on a SUPERADMIN_PASSWORD holding the part of SUPERADMIN_EMAIL before the @, saying so; starts without it', async () => {
    const refused = await start({
      SEED: 'none',
      SUPERADMIN_EMAIL: 'boss@example.com',
      SUPERADMIN_PASSWORD: 'Walk-Boss-2026x',
    });
    expect(await refused.exited).toBe(1);
    expect(refused.output()).toContain(
      'Exemplar could not start: SUPERADMIN_PASSWORD: The password must not contain the part of ' +
        'the user\'s email address before the @ ("boss" in boss@example.com), in upper or lower case.',
    );
    // The whole address is not in it: the sentence must not say it is.
    expect(refused.output()).not.toMatch(/contain the user's email address/);

    const started = await start({
      SEED: 'none',
      SUPERADMIN_EMAIL: 'boss@example.com',
      SUPERADMIN_PASSWORD: 'Walk-Chief-2026x',
    });
    await waitForHealth(started);
    expect(started.output()).toContain('superadmin account ensured');
  });
});
