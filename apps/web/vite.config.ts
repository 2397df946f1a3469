/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API listens on 127.0.0.1:3000 in development (`npm run dev`); the SPA calls it under /api.
const apiProxy = { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } };

export default defineConfig({
  plugins: [react()],
  server: { port: 5173, strictPort: false, proxy: apiProxy },
  preview: { proxy: apiProxy },
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
  },
});
