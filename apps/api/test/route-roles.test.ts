import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { smallCatalogue } from './factories';
import { createTestEnv, engineUnderTest, type TestEnv } from './helpers/test-db';
import { userWithRole, type TestUser } from './helpers/users';

/**
 * Every API route and the least it needs: `public`, any signed-in `user`, or a permission's role.
 * A route missing here fails the first test, so a new route cannot ship without its rule.
 */
type Need = 'public' | 'user' | 'admin' | 'superadmin';
const RULES: Record<string, Need> = {
  'GET /api/health': 'public',
  'GET /api/health/live': 'public',
  'GET /api/health/ready': 'public',
  'POST /api/newsletter': 'public',
  'GET /api/subjects': 'public',
  'GET /api/difficulties': 'public',
  'GET /api/types': 'public',
  'GET /api/categories': 'public',
  'GET /api/categories/subject/{id}': 'public',
  'GET /api/categories/tree': 'public',
  'GET /api/examples': 'public',
  'GET /api/examples/{id}': 'public',
  'GET /api/examples/random': 'public',
  'POST /api/auth/register': 'public',
  'POST /api/auth/confirm': 'public',
  'POST /api/auth/resend-code': 'public',
  'POST /api/auth/login': 'public',
  'POST /api/auth/refresh': 'public',
  'POST /api/auth/logout': 'public',
  'POST /api/auth/forgot-password': 'public',
  'POST /api/auth/confirm-forgot-password': 'public',
  'GET /api/.well-known/jwks.json': 'public',
  'GET /api/auth/me': 'user',
  'PATCH /api/auth/me': 'user',
  'POST /api/auth/change-password': 'user',
  'GET /api/admin/permissions': 'user',
  'PUT /api/examples/{id}/like': 'user',
  'DELETE /api/examples/{id}/like': 'user',
  'PUT /api/examples/{id}/solved': 'user',
  'DELETE /api/examples/{id}/solved': 'user',
  'GET /api/me/progress': 'user',
  'GET /api/admin/users/dashboard': 'superadmin',
  'GET /api/admin/users/{username}': 'superadmin',
  'PUT /api/admin/users/{username}': 'superadmin',
  'DELETE /api/admin/users/{username}': 'superadmin',
  'POST /api/admin/users/{username}/groups': 'superadmin',
  'DELETE /api/admin/users/{username}/groups/{group}': 'superadmin',
  'GET /api/admin/audit': 'superadmin',
  'POST /api/admin/import': 'admin',
  'GET /api/admin/export': 'admin',
  'POST /api/subjects': 'admin',
  'PUT /api/subjects/{id}': 'admin',
  'DELETE /api/subjects/{id}': 'admin',
  'POST /api/categories': 'admin',
  'PUT /api/categories/{id}': 'admin',
  'DELETE /api/categories/{id}': 'admin',
  'POST /api/difficulties': 'admin',
  'PUT /api/difficulties/{id}': 'admin',
  'DELETE /api/difficulties/{id}': 'admin',
  'POST /api/types': 'admin',
  'PUT /api/types/{id}': 'admin',
  'DELETE /api/types/{id}': 'admin',
  'POST /api/examples': 'admin',
  'PUT /api/examples/{id}': 'admin',
  'DELETE /api/examples/{id}': 'admin',
};
const RANK: Record<Exclude<Need, 'public'>, number> = { user: 1, admin: 2, superadmin: 3 };
const CALLERS = ['anonymous', 'basic', 'admin', 'superadmin'] as const;
const CALLER_RANK = { anonymous: 0, basic: 1, admin: 2, superadmin: 3 } as const;

let env: TestEnv;
let app: FastifyInstance;
let users: Record<Exclude<(typeof CALLERS)[number], 'anonymous'>, TestUser>;
let target: TestUser;
let exampleId: number;

beforeAll(async () => {
  env = await createTestEnv();
  app = await buildApp(env.config, { logger: false });
  exampleId = (await smallCatalogue(app.database.db)).ex.linear;
  users = {
    basic: await userWithRole(app, 'basic'),
    admin: await userWithRole(app, 'admin'),
    superadmin: await userWithRole(app, 'superadmin'),
  };
  target = await userWithRole(app, 'basic');
});
afterAll(async () => {
  await app.close();
  await env.cleanup();
});

async function documentedRoutes(): Promise<string[]> {
  const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json();
  return Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(
    ([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`),
  );
}

describe(`every route × every role on ${engineUnderTest}`, () => {
  it('has a rule for every documented API route', async () => {
    const routes = await documentedRoutes();
    expect(routes.filter((r) => !(r in RULES))).toEqual([]);
    expect(Object.keys(RULES).filter((r) => !routes.includes(r))).toEqual([]);
  });

  for (const [route, need] of Object.entries(RULES)) {
    it(`${route} needs ${need}`, async () => {
      const [method, template] = route.split(' ') as [string, string];
      const url = template
        .replace('{id}', String(exampleId))
        .replace('{username}', target.username)
        .replace('{group}', 'admin');
      for (const caller of CALLERS) {
        const res = await app.inject({
          method: method as 'GET',
          url,
          // An empty body: authorisation is decided before validation, so it is 401/403 or a 400.
          ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
          headers: caller === 'anonymous' ? {} : users[caller].auth,
          remoteAddress: `198.18.0.${CALLER_RANK[caller] + 1}`,
        });
        const status = res.statusCode;
        if (need === 'public') {
          expect([401, 403], `${caller}: ${res.body}`).not.toContain(status);
        } else if (CALLER_RANK[caller] === 0) {
          expect(status, `${caller}: ${res.body}`).toBe(401);
        } else if (CALLER_RANK[caller] < RANK[need]) {
          expect(status, `${caller}: ${res.body}`).toBe(403);
        } else {
          expect([401, 403], `${caller}: ${res.body}`).not.toContain(status);
          expect(status, `${caller}: ${res.body}`).toBeLessThan(500);
        }
      }
    });
  }
});
