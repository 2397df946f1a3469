import { defineConfig } from 'vitest/config';

/**
 * `npm run test:perf`: the files that measure durations (named *.perf.test.ts, left out of
 * `npm test` by vitest.config.ts). Each prints what it measured and asserts only bounds generous
 * enough for a loaded machine; `npm test` checks the same behaviours by order, counts and results.
 * One file at a time, so that files do not load the machine for one another.
 */
export default defineConfig({
  test: {
    fileParallelism: false,
    projects: [
      {
        test: {
          name: 'shared-perf',
          root: './packages/shared',
          include: ['src/**/*.perf.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'api-perf',
          root: './apps/api',
          include: ['src/**/*.perf.test.ts', 'test/**/*.perf.test.ts'],
          environment: 'node',
          testTimeout: 300_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
