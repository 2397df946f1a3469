import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterEach } from 'vitest';
import { loadConfig, type Config } from '../../src/config';

/**
 * The engine under test: PostgreSQL when the environment gives DATABASE_URL (CI's second run),
 * else SQLite. Each test database is fresh: a temporary DATA_DIR, and on PostgreSQL a schema of its
 * own selected through the connection string's search_path; with Redis, keys of its own.
 */
export const baseDatabaseUrl = process.env.DATABASE_URL || undefined;
export const engineUnderTest = baseDatabaseUrl ? 'postgres' : 'sqlite';

export interface TestEnv {
  config: Config;
  env: Record<string, string>;
  dataDir: string;
  cleanup(): Promise<void>;
}

export async function createTestEnv(overrides: Record<string, string> = {}): Promise<TestEnv> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'exemplar-test-'));
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    SEED: 'none',
    LOG_LEVEL: 'silent',
    NODE_ENV: 'test',
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    // An import's maths check is CPU work that a loaded machine stretches many times over: the
    // tests check what an import does, so its time limit (60 s in the app) does not decide them.
    IMPORT_CHECK_TIMEOUT_MS: '600000',
    // Test files run side by side: with REDIS_URL their counters (rate limits on 127.0.0.1, login
    // failures) must not add up in one Redis.
    REDIS_KEY_PREFIX: `test:${randomBytes(6).toString('hex')}:`,
    ...overrides,
  };
  let schema: string | undefined;
  if (baseDatabaseUrl && !('DATABASE_URL' in overrides)) {
    schema = `t_${randomBytes(6).toString('hex')}`;
    await withAdminClient((c) => c.query(`create schema ${schema}`));
    const url = new URL(baseDatabaseUrl);
    url.searchParams.set('options', `-c search_path=${schema}`);
    env.DATABASE_URL = url.toString();
  }
  return {
    config: loadConfig(env),
    env,
    dataDir,
    async cleanup() {
      if (schema) await withAdminClient((c) => c.query(`drop schema if exists ${schema} cascade`));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function withAdminClient<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: baseDatabaseUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/**
 * For a file whose tests each make an environment of their own (`env(overrides)`) and may build an
 * app on it (`keep(app)`): after each test the app is closed and the environment removed.
 */
export function useEnvPerTest() {
  let env: TestEnv | undefined;
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
    await env?.cleanup();
    app = undefined;
    env = undefined;
  });
  return {
    async env(overrides: Record<string, string> = {}) {
      env = await createTestEnv(overrides);
      return env;
    },
    keep(built: FastifyInstance) {
      app = built;
      return built;
    },
  };
}
