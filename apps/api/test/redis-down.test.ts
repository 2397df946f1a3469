import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { HEALTHY_FOR_MS } from '../src/modules/health';
import { controlClock } from './helpers/clock';
import { httpRequest } from './helpers/http';
import { createTestEnv, engineUnderTest, type TestEnv } from './helpers/test-db';

/** A port nothing listens on: connections are refused at once, as with a stopped Redis. */
const DEAD_REDIS = 'redis://127.0.0.1:1';

let env: TestEnv | undefined;
let app: FastifyInstance | undefined;
let dropDatabase: string | undefined;
afterEach(async () => {
  await app?.close();
  await env?.cleanup();
  if (dropDatabase) await admin(`drop database if exists ${dropDatabase} with (force)`);
  app = undefined;
  env = undefined;
  dropDatabase = undefined;
});

async function admin(query: string) {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

async function serve(overrides: Record<string, string>) {
  env = await createTestEnv(overrides);
  app = await buildApp(env.config, { logger: false });
  return `${await app.listen({ host: '127.0.0.1', port: 0 })}/api`;
}

describe(`health and Redis on ${engineUnderTest}`, () => {
  it('Redis unreachable: login, register and forgot-password answer 503 "Service temporarily unavailable."; ready is 503 naming redis down and the database ok; live and the original /api/health are 200', async () => {
    // How long each answer takes is measured by `npm run test:perf` (redis-down.perf.test.ts).
    const base = await serve({ REDIS_URL: DEAD_REDIS });
    const calls: [string, object][] = [
      ['/auth/login', { email: 'someone@example.com', password: 'Some-password-1' }],
      [
        '/auth/register',
        { email: 'new@example.com', name: 'Newcomer', password: 'Long-enough-pass-1' },
      ],
      ['/auth/forgot-password', { email: 'someone@example.com' }],
    ];
    for (const [path, body] of calls) {
      for (let attempt = 0; attempt < 2; attempt++) {
        const res = await httpRequest(`${base}${path}`, { body });
        expect({ path, status: res.status, body: res.body }).toMatchObject({
          path,
          status: 503,
          body: {
            success: false,
            code: 'ServiceUnavailable',
            message: 'Service temporarily unavailable.',
          },
        });
      }
    }

    const ready = await httpRequest(`${base}/health/ready`);
    expect(ready.status).toBe(503);
    expect(ready.body).toMatchObject({
      success: false,
      code: 'ServiceUnavailable',
      message: 'Not ready: redis is down.',
      data: { status: 'not-ready', checks: { database: 'ok', redis: 'down' } },
    });
    const live = await httpRequest(`${base}/health/live`);
    expect(live.status).toBe(200);
    expect(live.body).toEqual({ success: true, data: { status: 'alive' } });
    const health = await httpRequest(`${base}/health`);
    expect(health.status).toBe(200);
    expect(health.body).toMatchObject({ success: true, data: { status: 'ok' } });
  });

  it.skipIf(!process.env.REDIS_URL)(
    'Redis reachable: ready is 200 with database and redis ok, and login is answered (401 for a stranger)',
    async () => {
      const base = await serve({ REDIS_URL: process.env.REDIS_URL! });
      const ready = await httpRequest(`${base}/health/ready`);
      expect(ready.status).toBe(200);
      expect(ready.body).toEqual({
        success: true,
        data: { status: 'ready', checks: { database: 'ok', redis: 'ok' } },
      });
      const login = await httpRequest(`${base}/auth/login`, {
        body: { email: 'stranger@example.com', password: 'Some-password-1' },
      });
      expect(login.status).toBe(401);
    },
  );

  it('without REDIS_URL: ready is 200 with redis not-configured', async () => {
    const base = await serve({});
    const ready = await httpRequest(`${base}/health/ready`);
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({
      success: true,
      data: { status: 'ready', checks: { database: 'ok', redis: 'not-configured' } },
    });
  });

  it.skipIf(engineUnderTest !== 'postgres')(
    'PostgreSQL database gone: ready is 503 naming the database down once the last good answer is older than HEALTHY_FOR_MS, live stays 200',
    async () => {
      dropDatabase = `exemplar_ready_${process.pid}`;
      await admin(`drop database if exists ${dropDatabase} with (force)`);
      await admin(`create database ${dropDatabase}`);
      const url = new URL(process.env.DATABASE_URL!);
      url.pathname = `/${dropDatabase}`;
      url.search = '';
      const clock = controlClock(); // before the app's first health answer is stamped
      const base = await serve({ DATABASE_URL: url.toString() });
      expect((await httpRequest(`${base}/health/ready`)).status).toBe(200);
      await admin(`drop database ${dropDatabase} with (force)`);
      // A success is trusted for HEALTHY_FOR_MS; a failure is never remembered.
      clock.pass(HEALTHY_FOR_MS + 1);
      const ready = await httpRequest(`${base}/health/ready`);
      expect(ready.status).toBe(503);
      expect(ready.body).toMatchObject({
        message: 'Not ready: database is down.',
        data: { status: 'not-ready', checks: { database: 'down', redis: 'not-configured' } },
      });
      expect((await httpRequest(`${base}/health/live`)).status).toBe(200);
      expect((await httpRequest(`${base}/health`)).status).toBe(503);
    },
  );
});
