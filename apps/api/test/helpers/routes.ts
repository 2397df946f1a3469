import type { FastifyInstance } from 'fastify';

/**
 * Every API route the app serves, as "METHOD /api/path/:param", read from Fastify's own route tree
 * (printRoutes), so a test that walks them cannot miss a route added later. Fastify's automatic
 * HEAD twins, the CORS preflight and the OpenAPI pages are left out.
 */
export async function servedApiRoutes(app: FastifyInstance): Promise<string[]> {
  await app.ready();
  const tree = app.printRoutes({ commonPrefix: false });
  const prefixes: string[] = [];
  const routes: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^([│ ]*)[├└]── (.+?)(?: \(([^)]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const path = (prefixes[depth - 1] ?? '') + match[2]!;
    prefixes[depth] = path;
    prefixes.length = depth + 1;
    for (const method of (match[3] ?? '').split(', ').filter(Boolean)) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      if (!path.startsWith('/api/') || path.startsWith('/api/docs')) continue;
      routes.push(`${method} ${path}`);
    }
  }
  if (routes.length === 0) throw new Error(`no routes found in:\n${tree}`);
  return [...new Set(routes)].sort();
}
