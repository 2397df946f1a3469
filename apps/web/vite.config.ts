/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API listens on 127.0.0.1:3000 in development (`npm run dev`); the SPA calls it under /api.
const apiProxy = { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } };

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react()],
  // The server bundle needs no copy of public/ (the client build serves it).
  publicDir: isSsrBuild ? false : 'public',
  server: { port: 5173, strictPort: false, proxy: apiProxy },
  preview: { proxy: apiProxy },
  // The server bundle (entry-server.tsx, built with --ssr into dist-server) takes the workspace's
  // shared package in (its sources are TypeScript) and imports the rest from node_modules.
  ssr: { noExternal: ['@exemplar/shared'] },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // scripts/bundle-size.mjs reads it to add up what each page loads first.
    manifest: true,
    rolldownOptions: {
      output: {
        // KaTeX in a chunk of its own, named 'katex' in the manifest: the pages that show maths
        // have a budget of 200 KB plus KaTeX (docs/decisions/006-bundle-budget.md).
        codeSplitting: { groups: [{ name: 'katex', test: /node_modules[\\/]katex[\\/]/ }] },
      },
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // A screen test clicks through a whole flow; on a loaded two-core machine that can take more
    // than Vitest's default 5 s, which would fail a test that is right.
    testTimeout: 30_000,
    // Two workers, each loading React, Mantine and jsdom once for all its files rather than once
    // per file (half the suite's CPU); src/test/setup.ts clears what a test leaves behind
    // (docs/decisions/053-test-workers.md).
    pool: 'threads',
    maxWorkers: 2,
    isolate: false,
    // After the shared and API projects (vitest.config.ts).
    sequence: { groupOrder: 2 },
  },
}));
