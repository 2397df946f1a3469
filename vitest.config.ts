import { configDefaults, defineConfig } from 'vitest/config';

/**
 * The API's test files run two at a time when each works on files of its own: a temporary SQLite
 * DATA_DIR, loopback ports chosen by the system, no Redis. With DATABASE_URL or REDIS_URL set they
 * share a server, so they run one after another. (Vitest's default on a two-core machine is one
 * worker; most API files wait on servers and child processes rather than compute:
 * docs/decisions/053-test-workers.md.)
 */
const apiFilesShareAServer = Boolean(process.env.DATABASE_URL || process.env.REDIS_URL);

/**
 * Files named *.perf.test.ts measure durations (`npm run test:perf`, vitest.perf.config.ts): they
 * are not part of `npm test`, whose results must not depend on how busy the machine is.
 */
export const PERF_TESTS = '**/*.perf.test.ts';

// One runner for the whole workspace: `npm test` runs every project, one after another (each its
// own `sequence.groupOrder`: Vitest runs projects side by side only when their worker counts match,
// and the API's count drops to one when its files share a server).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'shared',
          root: './packages/shared',
          include: ['src/**/*.test.ts'],
          exclude: [...configDefaults.exclude, PERF_TESTS],
          environment: 'node',
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'api',
          root: './apps/api',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          exclude: [...configDefaults.exclude, PERF_TESTS],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          fileParallelism: !apiFilesShareAServer,
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
      './apps/web/vite.config.ts',
    ],
  },
});
