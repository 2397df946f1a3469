// Worker entry in plain JavaScript so that it starts the same way under `node --import tsx`, under
// vitest and in any thread: it registers tsx in this thread, then loads the TypeScript checker
// (the pattern of catalogue-io/math-check.worker.mjs, ADR 011).
import { register } from 'tsx/esm/api';

register();
await import('./answer-check.thread.ts');
