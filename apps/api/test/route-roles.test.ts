import { can, PERMISSIONS, type Role } from '@exemplar/shared/roles';
import { describe, expect, it, vi } from 'vitest';
import {
  exampleBody as exampleOf,
  insertCategory,
  insertExample,
  insertNamed,
  insertSubject,
  oneExampleCatalogue,
} from './factories';
import { databaseFingerprint } from './helpers/fingerprint';
import { servedApiRoutes } from './helpers/routes';
import { useTestApp } from './helpers/test-app';
import { engineUnderTest } from './helpers/test-db';
import type { TestUser } from './helpers/users';

const CALLERS = ['anonymous', 'basic', 'admin', 'superadmin'] as const;
type Caller = (typeof CALLERS)[number];

const api = useTestApp({ smtp: true, catalogue: true, users: ['basic', 'admin', 'superadmin'] });
const { smtp, cat, users } = api;

/* ---- A real, successful request for every route, with targets made fresh for each cell ---- */

let n = 0;
const unique = (what: string) => `${what} ${++n}.${Date.now()}`;
/** Every request from an address of its own, so per-IP limits never decide a cell. */
const nextIp = () => `198.18.${Math.floor(n / 250) % 250}.${(n++ % 250) + 1}`;

interface Cell {
  url: string;
  payload?: object;
  /** The status an allowed caller gets: the request really succeeds. */
  status: number;
}

async function inject(method: string, url: string, payload?: object, user?: TestUser) {
  return api.app.inject({
    method: method as 'GET',
    url,
    ...(payload ? { payload } : {}),
    headers: user ? user.auth : {},
    remoteAddress: nextIp(),
  });
}

/** A registered, unconfirmed account and the code mailed to it. */
async function registered() {
  const email = `${unique('new').replace(/\W/g, '')}@example.com`;
  const since = smtp.messages.length;
  const res = await inject('POST', '/api/auth/register', {
    email,
    password: 'Fixture-Secret-91',
    name: 'New',
  });
  expect(res.statusCode, res.body).toBe(201);
  return { email, code: smtp.codeIn(await smtp.nextTo(email, since)) };
}

/** A confirmed account's reset code, mailed by forgot-password. */
async function resetCode(user: TestUser) {
  const since = smtp.messages.length;
  expect(
    (await inject('POST', '/api/auth/forgot-password', { email: user.email })).statusCode,
  ).toBe(200);
  return smtp.codeIn(await smtp.nextTo(user.email, since));
}

const fresh = (role: Role) => api.newUser(role);
const db = () => api.app.database.db;
const named = (name: string) => ({ name: unique(name), description: 'Made for one cell' });
const exampleBody = () => exampleOf(cat, unique('What is $1+1$?'), '$2$');
const catalogueFile = () =>
  oneExampleCatalogue('Roles', ['Cells'], { question: 'Who may import?', answer: 'Admins.' });

const REQUESTS: Record<string, () => Promise<Cell>> = {
  'GET /api/health': async () => ({ url: '/api/health', status: 200 }),
  'GET /api/health/live': async () => ({ url: '/api/health/live', status: 200 }),
  'GET /api/health/ready': async () => ({ url: '/api/health/ready', status: 200 }),
  'POST /api/newsletter': async () => ({
    url: '/api/newsletter',
    payload: { email: `${unique('reader').replace(/\W/g, '')}@example.com` },
    status: 202,
  }),
  'GET /api/subjects': async () => ({ url: '/api/subjects', status: 200 }),
  'GET /api/difficulties': async () => ({ url: '/api/difficulties', status: 200 }),
  'GET /api/types': async () => ({ url: '/api/types', status: 200 }),
  'GET /api/categories': async () => ({ url: '/api/categories', status: 200 }),
  'GET /api/categories/subject/:id': async () => ({
    url: `/api/categories/subject/${cat.algebra}`,
    status: 200,
  }),
  'GET /api/categories/tree': async () => ({ url: '/api/categories/tree', status: 200 }),
  'GET /api/examples': async () => ({ url: `/api/examples?subjectId=${cat.algebra}`, status: 200 }),
  'GET /api/examples/:id': async () => ({ url: `/api/examples/${cat.ex.linear}`, status: 200 }),
  'GET /api/examples/random': async () => ({ url: '/api/examples/random', status: 200 }),
  'GET /api/examples/worksheet': async () => ({
    url: `/api/examples/worksheet?subjectId=${cat.algebra}&count=3&seed=roles`,
    status: 200,
  }),
  'GET /api/examples/suggest': async () => ({
    url: '/api/examples/suggest?q=linear',
    status: 200,
  }),
  'GET /api/examples/:id/related': async () => ({
    url: `/api/examples/${cat.ex.linear}/related`,
    status: 200,
  }),
  'GET /api/examples/:id/position': async () => ({
    url: `/api/examples/${cat.ex.linear}/position?subjectId=${cat.algebra}`,
    status: 200,
  }),
  'POST /api/auth/register': async () => ({
    url: '/api/auth/register',
    payload: {
      email: `${unique('reg').replace(/\W/g, '')}@example.com`,
      password: 'Fixture-Secret-91',
      name: 'Registered',
    },
    status: 201,
  }),
  'POST /api/auth/confirm': async () => ({
    url: '/api/auth/confirm',
    payload: await registered(),
    status: 200,
  }),
  'POST /api/auth/resend-code': async () => ({
    url: '/api/auth/resend-code',
    payload: { email: (await registered()).email },
    status: 200,
  }),
  'POST /api/auth/login': async () => {
    const user = await fresh('basic');
    return {
      url: '/api/auth/login',
      payload: { email: user.email, password: user.password },
      status: 200,
    };
  },
  'POST /api/auth/refresh': async () => ({
    url: '/api/auth/refresh',
    payload: { refreshToken: (await fresh('basic')).refreshToken },
    status: 200,
  }),
  'POST /api/auth/logout': async () => ({
    url: '/api/auth/logout',
    payload: { refreshToken: (await fresh('basic')).refreshToken },
    status: 200,
  }),
  'POST /api/auth/forgot-password': async () => ({
    url: '/api/auth/forgot-password',
    payload: { email: (await fresh('basic')).email },
    status: 200,
  }),
  'POST /api/auth/confirm-forgot-password': async () => {
    const user = await fresh('basic');
    return {
      url: '/api/auth/confirm-forgot-password',
      payload: { email: user.email, code: await resetCode(user), newPassword: 'Another-Secret-42' },
      status: 200,
    };
  },
  'GET /api/.well-known/jwks.json': async () => ({
    url: '/api/.well-known/jwks.json',
    status: 200,
  }),
  'GET /api/auth/me': async () => ({ url: '/api/auth/me', status: 200 }),
  'PATCH /api/auth/me': async () => ({
    url: '/api/auth/me',
    payload: { name: 'Renamed' },
    status: 200,
  }),
  // The caller's own password: see CALLER_OF, each cell signs in as a fresh user of its role.
  'POST /api/auth/change-password': async () => ({
    url: '/api/auth/change-password',
    payload: { currentPassword: 'Fixture-Secret-91', newPassword: 'Another-Secret-42' },
    status: 200,
  }),
  'GET /api/admin/permissions': async () => ({ url: '/api/admin/permissions', status: 200 }),
  'PUT /api/examples/:id/like': async () => ({
    url: `/api/examples/${cat.ex.linear}/like`,
    status: 200,
  }),
  'DELETE /api/examples/:id/like': async () => ({
    url: `/api/examples/${cat.ex.linear}/like`,
    status: 200,
  }),
  'PUT /api/examples/:id/solved': async () => ({
    url: `/api/examples/${cat.ex.linear}/solved`,
    status: 200,
  }),
  'DELETE /api/examples/:id/solved': async () => ({
    url: `/api/examples/${cat.ex.linear}/solved`,
    status: 200,
  }),
  'GET /api/me/progress': async () => ({ url: '/api/me/progress', status: 200 }),
  'GET /api/me/preferences': async () => ({ url: '/api/me/preferences', status: 200 }),
  'PATCH /api/me/preferences': async () => ({
    url: '/api/me/preferences',
    payload: { tryFirst: false },
    status: 200,
  }),
  'POST /api/examples/:id/check': async () => ({
    url: `/api/examples/${cat.ex.linear}/check`,
    payload: { answer: 'x = 4' },
    status: 200,
  }),
  'POST /api/examples/:id/read': async () => ({
    url: `/api/examples/${cat.ex.linear}/read`,
    payload: { answer: 'x = 4' },
    status: 200,
  }),
  'POST /api/admin/answer-check/try': async () => ({
    url: '/api/admin/answer-check/try',
    payload: { question: 'What is $1+1$?', answer: '$2$', answerSpec: null, answers: ['2'] },
    status: 200,
  }),
  'POST /api/examples/:id/help': async () => ({
    url: `/api/examples/${cat.ex.quadEasy}/help`,
    payload: { kind: 'step' },
    status: 200,
  }),
  'POST /api/reviews': async () => ({
    url: '/api/reviews',
    payload: { exampleId: cat.ex.linear, rating: 'good' },
    status: 200,
  }),
  'GET /api/reviews/due': async () => ({ url: '/api/reviews/due?limit=5', status: 200 }),
  'GET /api/reviews/stats': async () => ({
    url: '/api/reviews/stats?tz=Europe%2FLondon',
    status: 200,
  }),
  'GET /api/reviews/suggestions': async () => ({
    url: '/api/reviews/suggestions?limit=3',
    status: 200,
  }),
  'GET /api/reviews/:exampleId': async () => ({
    url: `/api/reviews/${cat.ex.quadEasy}`,
    status: 200,
  }),
  'PUT /api/reviews/:exampleId': async () => ({
    url: `/api/reviews/${cat.ex.quadEasy}`,
    status: 200,
  }),
  'DELETE /api/reviews/:exampleId': async () => ({
    url: `/api/reviews/${cat.ex.quadEasy}`,
    status: 200,
  }),
  'GET /api/admin/users/dashboard': async () => ({
    url: '/api/admin/users/dashboard',
    status: 200,
  }),
  'GET /api/admin/users/:username': async () => ({
    url: `/api/admin/users/${(await fresh('basic')).username}`,
    status: 200,
  }),
  'PUT /api/admin/users/:username': async () => ({
    url: `/api/admin/users/${(await fresh('basic')).username}`,
    payload: { enabled: false },
    status: 200,
  }),
  'DELETE /api/admin/users/:username': async () => ({
    url: `/api/admin/users/${(await fresh('basic')).username}`,
    status: 200,
  }),
  'POST /api/admin/users/:username/groups': async () => ({
    url: `/api/admin/users/${(await fresh('basic')).username}/groups`,
    payload: { groupName: 'admin' },
    status: 200,
  }),
  'DELETE /api/admin/users/:username/groups/:group': async () => ({
    url: `/api/admin/users/${(await fresh('admin')).username}/groups/admin`,
    status: 200,
  }),
  'GET /api/admin/audit': async () => ({ url: '/api/admin/audit', status: 200 }),
  'POST /api/admin/import': async () => ({
    url: '/api/admin/import',
    payload: { dryRun: true, data: catalogueFile() },
    status: 200,
  }),
  'GET /api/admin/export': async () => ({ url: '/api/admin/export', status: 200 }),
  // A run finished for the catalogue as it is: every allowed caller gets the kept result.
  'GET /api/admin/catalogue-health': async () => {
    await vi.waitUntil(
      async () => {
        const res = await inject('GET', '/api/admin/catalogue-health', undefined, users.admin);
        if (res.statusCode !== 200) expect(res.statusCode, res.body).toBe(202);
        return res.statusCode === 200;
      },
      { timeout: 20_000, interval: 20 },
    );
    return { url: '/api/admin/catalogue-health', status: 200 };
  },
  'POST /api/subjects': async () => ({
    url: '/api/subjects',
    payload: named('Subject'),
    status: 201,
  }),
  'PUT /api/subjects/:id': async () => ({
    url: `/api/subjects/${await insertSubject(db(), unique('Subject'))}`,
    payload: named('Subject'),
    status: 200,
  }),
  'DELETE /api/subjects/:id': async () => ({
    url: `/api/subjects/${await insertSubject(db(), unique('Subject'))}`,
    status: 200,
  }),
  'POST /api/categories': async () => ({
    url: '/api/categories',
    payload: { ...named('Category'), subjectId: cat.algebra },
    status: 201,
  }),
  'PUT /api/categories/:id': async () => ({
    url: `/api/categories/${await insertCategory(db(), cat.geometry, unique('Category'))}`,
    payload: { ...named('Category'), subjectId: cat.geometry },
    status: 200,
  }),
  'DELETE /api/categories/:id': async () => ({
    url: `/api/categories/${await insertCategory(db(), cat.geometry, unique('Category'))}`,
    status: 200,
  }),
  'POST /api/difficulties': async () => ({
    url: '/api/difficulties',
    payload: named('difficulty'),
    status: 201,
  }),
  'PUT /api/difficulties/:id': async () => ({
    url: `/api/difficulties/${await insertNamed(db(), 'difficulties', unique('difficulty'))}`,
    payload: named('difficulty'),
    status: 200,
  }),
  'DELETE /api/difficulties/:id': async () => ({
    url: `/api/difficulties/${await insertNamed(db(), 'difficulties', unique('difficulty'))}`,
    status: 200,
  }),
  'POST /api/types': async () => ({ url: '/api/types', payload: named('Type'), status: 201 }),
  'PUT /api/types/:id': async () => ({
    url: `/api/types/${await insertNamed(db(), 'types', unique('Type'))}`,
    payload: named('Type'),
    status: 200,
  }),
  'DELETE /api/types/:id': async () => ({
    url: `/api/types/${await insertNamed(db(), 'types', unique('Type'))}`,
    status: 200,
  }),
  'POST /api/examples': async () => ({ url: '/api/examples', payload: exampleBody(), status: 201 }),
  'PUT /api/examples/:id': async () => ({
    url: `/api/examples/${await freshExample()}`,
    payload: exampleBody(),
    status: 200,
  }),
  'DELETE /api/examples/:id': async () => ({
    url: `/api/examples/${await freshExample()}`,
    status: 200,
  }),
  'GET /api/examples/deleted': async () => {
    // An example written and deleted through the API, so it has a history and is listed.
    const made = await inject('POST', '/api/examples', exampleBody(), users.superadmin);
    const id = (made.json() as { data: { example: { id: number } } }).data.example.id;
    expect(
      (await inject('DELETE', `/api/examples/${id}`, undefined, users.superadmin)).statusCode,
    ).toBe(200);
    return { url: '/api/examples/deleted?limit=5', status: 200 };
  },
  'GET /api/examples/:id/versions': async () => ({
    url: `/api/examples/${await freshExample()}/versions`,
    status: 200,
  }),
  'POST /api/examples/:id/versions/:version/restore': async () => ({
    url: `/api/examples/${await freshExample()}/versions/1/restore`,
    payload: {},
    status: 200,
  }),
};

const freshExample = () =>
  insertExample(db(), {
    categoryId: cat.circles,
    difficultyId: cat.easy,
    typeId: cat.worked,
    question: unique('Area?'),
  });

/**
 * Permissions a service checks inside a route guarded by another (a deleted example's history
 * needs catalogue:restore-deleted beyond the route's catalogue:write; example-versions.test.ts
 * tests it as each role). GET /api/examples/deleted declares it too.
 */
const DECIDED_IN_SERVICE = ['catalogue:restore-deleted'];

/** Routes that end the caller's sessions: each cell signs in as a fresh user of its role. */
const FRESH_CALLER = new Set(['POST /api/auth/change-password']);

/** Rows a refused request must leave alone. */
const fingerprint = () => databaseFingerprint(api.app.database.db);

/**
 * Whether `caller` may call `route`, from what the route itself declares (its auth hook, read
 * through api.app.declaredAccess): public and optional-sign-in routes take everyone; the others need a
 * signed-in caller whose role has the route's permission, if it names one (can()).
 */
function allowed(route: string, caller: Caller): boolean {
  const access = api.app.declaredAccess.get(route);
  if (!access || access.signIn === 'optional') return true;
  if (caller === 'anonymous') return false;
  return access.permission ? can([caller], access.permission) : true;
}

describe(`every route × every role on ${engineUnderTest}`, () => {
  it('has a declared access and a real request for every API route the app serves, and none for a route it lacks; every permission guards some route and every /api/admin route needs sign-in', async () => {
    const routes = await servedApiRoutes(api.app);
    expect(routes.filter((r) => !api.app.declaredAccess.has(r))).toEqual([]);
    expect(Object.keys(REQUESTS).sort()).toEqual(routes);
    const guarded = routes.flatMap((r) => {
      const access = api.app.declaredAccess.get(r);
      return access?.signIn === 'required' && access.permission ? [access.permission] : [];
    });
    expect([...new Set([...guarded, ...DECIDED_IN_SERVICE])].sort()).toEqual(
      Object.keys(PERMISSIONS).sort(),
    );
    // A route under /api/admin that forgot its hook would be public: none is.
    const openAdmin = routes.filter(
      (r) => r.includes(' /api/admin/') && api.app.declaredAccess.get(r)?.signIn !== 'required',
    );
    expect(openAdmin).toEqual([]);
  });

  for (const route of Object.keys(REQUESTS)) {
    it(`${route}: each role succeeds where the route's declared access allows it, and otherwise gets 401 (anonymous) or 403; a refusal changes nothing`, async () => {
      const method = route.split(' ')[0]!;
      for (const caller of CALLERS) {
        // A fresh target (user, entity, code) for each cell: no cell sees what another did.
        const cell = await REQUESTS[route]!();
        const user =
          caller === 'anonymous'
            ? undefined
            : FRESH_CALLER.has(route)
              ? await fresh(caller)
              : users[caller];
        const may = allowed(route, caller);
        const before = may ? '' : await fingerprint();
        const res = await inject(method, cell.url, cell.payload, user);
        const what = `${caller} (${JSON.stringify(api.app.declaredAccess.get(route) ?? 'public')}): ${res.body.slice(0, 300)}`;
        if (may) {
          expect(res.statusCode, what).toBe(cell.status);
        } else {
          expect(res.statusCode, what).toBe(caller === 'anonymous' ? 401 : 403);
          expect(res.json(), what).toMatchObject({
            success: false,
            code: caller === 'anonymous' ? 'Unauthorized' : 'Forbidden',
          });
          expect(await fingerprint(), `${caller} changed something`).toBe(before);
        }
      }
    });
  }
});
