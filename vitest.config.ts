import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Files named *.perf.test.ts measure durations (`npm run test:perf`, vitest.perf.config.ts): they
 * are not part of `npm test`, whose results must not depend on how busy the machine is.
 */
export const PERF_TESTS = '**/*.perf.test.ts';

// One runner for the whole workspace: `npm test` runs every project, one after another (each its
// own `sequence.groupOrder`).
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
        /**
         * The API's test files run two at a time: each works on things of its own, on SQLite a
         * temporary DATA_DIR, on PostgreSQL (DATABASE_URL) a schema of its own, with Redis
         * (REDIS_URL) keys under a prefix of its own, and loopback ports chosen by the system.
         * (Vitest's default on a two-core machine is one worker; most API files wait on servers
         * and child processes rather than compute: docs/decisions/053-test-workers.md.)
         */
        test: {
          name: 'api',
          root: './apps/api',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          exclude: [...configDefaults.exclude, PERF_TESTS],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
      './apps/web/vite.config.ts',
    ],
  },
});
