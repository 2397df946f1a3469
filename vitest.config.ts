import { defineConfig } from 'vitest/config';

// One runner for the whole workspace: `npm test` runs every project.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'shared',
          root: './packages/shared',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          root: './apps/api',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Server tests spawn processes and share the PostgreSQL database when DATABASE_URL is set.
          fileParallelism: false,
        },
      },
      './apps/web/vite.config.ts',
    ],
  },
});
