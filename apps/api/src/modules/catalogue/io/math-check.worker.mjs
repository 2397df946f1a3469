// Worker entry in plain JavaScript so that it starts the same way under `node --import tsx`, under
// vitest and in any thread: it registers tsx in this thread, then loads the TypeScript checker.
import { register } from 'tsx/esm/api';

register();
await import('./math-check.thread.ts');
