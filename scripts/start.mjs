// `npm start`: make sure the web app is built, then run the API server in this process
// (it serves the app and /api on one port; see apps/api/src/server.ts).
import { buildWebIfStale } from './web-build.mjs';

await buildWebIfStale();
await import('../apps/api/src/server.ts');
