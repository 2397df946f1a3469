import fs from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestEnv, engineUnderTest, type TestEnv } from '../../test/helpers/test-db';
import { buildApp } from '../app';
import { keyringPlugin } from './app/keyring';
import { mailerPlugin } from './app/mailer';

let env: TestEnv | undefined;
afterEach(async () => {
  await env?.cleanup();
  env = undefined;
});

describe('the plugin tree', () => {
  it('refuses a plugin registered before a plugin it depends on, naming both', async () => {
    const app = Fastify({ logger: false });
    await expect(app.register(keyringPlugin)).rejects.toThrow(
      "The dependency 'database' of plugin 'keyring' is not registered",
    );
    await app.close();
  });

  it('refuses a plugin registered before the decorator it reads, naming both', async () => {
    const app = Fastify({ logger: false });
    await expect(app.register(mailerPlugin)).rejects.toThrow(
      "The decorator 'config' required by 'mailer' is not present",
    );
    await app.close();
  });

  it.skipIf(engineUnderTest !== 'sqlite')(
    'a start-up failure after the database opened closes it (its DATA_DIR lock is gone)',
    async () => {
      env = await createTestEnv({
        SUPERADMIN_EMAIL: 'root@example.com',
        SUPERADMIN_PASSWORD: 'short',
      });
      await expect(buildApp(env.config, { logger: false })).rejects.toThrow(
        /^SUPERADMIN_PASSWORD: /,
      );
      expect(fs.existsSync(path.join(env.config.dataDir, 'exemplar.lock'))).toBe(false);
    },
  );
});
