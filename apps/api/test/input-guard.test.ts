import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import {
  insertCategory,
  insertExample,
  insertNamed,
  insertSubject,
  smallCatalogue,
} from './factories';
import { databaseFingerprint } from './helpers/fingerprint';
import { servedApiRoutes } from './helpers/routes';
import { createTestEnv, engineUnderTest, type TestEnv } from './helpers/test-db';
import { userWithRole, type TestUser } from './helpers/users';

/** Text, empty bodies and slow clients, over real HTTP against a listening server. */
const TIMEOUT_MS = 1000;
let env: TestEnv;
let app: FastifyInstance;
let base: string;
let port: number;
let superadmin: TestUser;
let learner: TestUser;
let cat: Awaited<ReturnType<typeof smallCatalogue>>;

beforeAll(async () => {
  env = await createTestEnv({ REQUEST_TIMEOUT_MS: String(TIMEOUT_MS) });
  app = await buildApp(env.config, { logger: false });
  cat = await smallCatalogue(app.database.db);
  superadmin = await userWithRole(app, 'superadmin');
  learner = await userWithRole(app, 'basic');
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as net.AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  await app.close();
  await env.cleanup();
});

const json = { 'content-type': 'application/json' };

/** `body` is sent exactly as written: JSON escapes such as \ud800 reach the server's parser. */
async function call(method: string, path: string, body?: string | ArrayBuffer, headers = {}) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { ...json, ...headers },
    ...(body !== undefined ? { body } : {}),
  });
  return { status: res.status, body: await res.json() };
}

async function counts() {
  const db = app.database.db;
  const [signups, subjects, examples, users] = await Promise.all([
    db.selectFrom('newsletter_signups').select('email').execute(),
    db.selectFrom('subjects').select(['name', 'description']).execute(),
    db.selectFrom('examples').select(['question', 'answer']).execute(),
    db.selectFrom('users').select(['email', 'name']).execute(),
  ]);
  return JSON.stringify({ signups, subjects, examples, users });
}

const SURROGATE = /not valid Unicode|valid Unicode: it holds a lone UTF-16 surrogate/;

describe(`request input over real HTTP on ${engineUnderTest}`, () => {
  it('a lone surrogate ("\\ud800", "\\udc00") in any JSON text field or key is a 400 saying the text is not valid Unicode, and nothing is stored', async () => {
    const before = await counts();
    const deep = JSON.stringify({
      dryRun: false,
      data: {
        format: 'exemplar-catalogue',
        version: 1,
        subjects: [{ name: 'S', categories: [{ name: 'A', children: [{ name: 'B@@' }] }] }],
        difficulties: [],
        types: [],
        examples: [],
      },
    }).replace('@@', '\\udfff');
    const cases: [string, string, string, TestUser | null][] = [
      ['POST', '/api/newsletter', '{"email":"a\\ud800@example.com"}', null],
      [
        'POST',
        '/api/auth/register',
        '{"email":"r@example.com","password":"Aa-123456789","name":"Ad\\udc00a"}',
        null,
      ],
      ['PATCH', '/api/auth/me', '{"name":"Lone \\ud83d"}', learner],
      ['POST', '/api/subjects', '{"name":"Alg\\ud800ebra"}', superadmin],
      ['POST', '/api/subjects', '{"name":"Algebra 2","descr\\ud800iption":"x"}', superadmin],
      [
        'PUT',
        `/api/examples/${cat.ex.linear}`,
        JSON.stringify({
          question: 'Q@@',
          answer: 'A',
          difficultyId: cat.easy,
          typeId: cat.worked,
          categoryId: cat.linear,
        }).replace('@@', '\\ud800'),
        superadmin,
      ],
      ['POST', '/api/admin/import', deep, superadmin],
    ];
    for (const [method, path, body, user] of cases) {
      const res = await call(method, path, body, user ? user.auth : {});
      expect(res.status, `${method} ${path} ${body}`).toBe(400);
      expect(res.body, `${method} ${path}`).toMatchObject({
        success: false,
        code: 'ValidationError',
        message: expect.stringMatching(SURROGATE),
      });
    }
    expect(await counts()).toBe(before);
  });

  it('a surrogate pair ("\\ud835\\udcb3", 𝒳) is valid Unicode and is stored as sent', async () => {
    const res = await call(
      'POST',
      '/api/subjects',
      '{"name":"Set \\ud835\\udcb3"}',
      superadmin.auth,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data.subject.name).toBe('Set 𝒳');
  });

  it('a body that is not UTF-8 is a 400 saying so, not text with U+FFFD in it', async () => {
    const before = await counts();
    const bytes = Buffer.concat([
      Buffer.from('{"email":"a'),
      Buffer.from([0xff, 0xfe]),
      Buffer.from('@example.com"}'),
    ]);
    const res = await call('POST', '/api/newsletter', new Uint8Array(bytes).buffer);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('The request body is not valid UTF-8.');
    expect(await counts()).toBe(before);
  });

  it('a query or path whose percent-escapes are not UTF-8 (%ED%A0%80 is \\ud800 encoded) is a 400 in the API error shape; 𝒳 encoded is fine', async () => {
    for (const path of [
      '/api/examples?q=%ED%A0%80',
      '/api/examples?subjectId=%FF',
      '/api/admin/audit?before=%C0',
    ]) {
      const res = await call('GET', path, undefined, superadmin.auth);
      expect(res.status, path).toBe(400);
      expect(res.body, path).toMatchObject({
        success: false,
        message: 'The query string is not valid UTF-8 once percent-decoded.',
      });
    }
    for (const path of ['/api/examples/%ED%A0%80', '/api/admin/users/%FF']) {
      const res = await call('GET', path, undefined, superadmin.auth);
      expect(res.status, path).toBe(400);
      expect(res.body, path).toMatchObject({
        success: false,
        code: 'ValidationError',
        message: 'The path is not valid: its percent-escapes are not UTF-8.',
      });
    }
    expect((await call('GET', '/api/examples?q=%F0%9D%92%B3')).status).toBe(200);
  });

  it('every DELETE route answers 200 to a bodiless request sent with Content-Type: application/json (Content-Length: 0, and no length at all)', async () => {
    const fresh = bodylessTargets();
    const deletes = (await servedApiRoutes(app)).filter((r) => r.startsWith('DELETE '));
    expect(deletes.filter((r) => !(r in fresh))).toEqual([]);
    for (const route of deletes) {
      // fetch with an empty body sends Content-Length: 0, as axios and many others do.
      const a = await fresh[route]!();
      const withLength = await call('DELETE', a.path, '', a.user.auth);
      expect(withLength.status, `${route} ${JSON.stringify(withLength.body)}`).toBe(200);
      const b = await fresh[route]!();
      const noLength = await rawRequest(
        `DELETE ${b.path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nAuthorization: ${b.user.auth.authorization}\r\nConnection: close\r\n\r\n`,
      );
      expect(noLength.split('\r\n')[0], `${route} ${noLength}`).toBe('HTTP/1.1 200 OK');
    }
  });

  it('every route that takes no body refuses one (a JSON object, a 4 KB string, {}, null) with 400, changing nothing', async () => {
    const fresh = bodylessTargets();
    const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { requestBody?: unknown }>>;
    };
    const bodyless = Object.entries(doc.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([method]) => ['post', 'put', 'patch', 'delete'].includes(method))
        .filter(([, op]) => op.requestBody === undefined)
        .map(([method]) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
    );
    expect(bodyless).toContain('PUT /api/reviews/:exampleId');
    expect(bodyless.filter((r) => !(r in fresh))).toEqual([]);
    const bodies = ['{"rating":5}', JSON.stringify('x'.repeat(4096)), '{}', 'null'];
    for (const route of bodyless) {
      const method = route.split(' ')[0]!;
      const { path, user } = await fresh[route]!();
      const before = await databaseFingerprint(app.database.db);
      for (const body of bodies) {
        const res = await call(method, path, body, user.auth);
        expect(res.status, `${route} ${body.slice(0, 20)}`).toBe(400);
        expect(res.body).toEqual({
          success: false,
          code: 'ValidationError',
          message: 'This request takes no body; send it without one.',
        });
      }
      expect(await databaseFingerprint(app.database.db), route).toBe(before);
      // The same request without a body is answered: the refusal was the body's.
      const res = await call(method, path, undefined, user.auth);
      expect(res.status, `${route} ${JSON.stringify(res.body)}`).toBe(200);
    }
    // An address no route serves stays a 404 with or without a body.
    expect((await call('PUT', '/api/nowhere', '{"rating":5}', learner.auth)).status).toBe(404);
  });

  it('a POST, PUT or PATCH that needs a body, sent empty with Content-Type: application/json, is still a 400 "The request body is empty"', async () => {
    for (const [method, path, user] of [
      ['POST', '/api/newsletter', null],
      ['POST', '/api/subjects', superadmin],
      ['PUT', `/api/subjects/${cat.algebra}`, superadmin],
      ['PATCH', '/api/auth/me', learner],
      ['PUT', `/api/admin/users/${learner.username}`, superadmin],
    ] as const) {
      const res = await call(method, path, '', user ? user.auth : {});
      expect(res.status, `${method} ${path}`).toBe(400);
      expect(res.body.message, `${method} ${path}`).toBe(
        'The request body is empty; send a JSON object.',
      );
    }
  });

  /**
   * Sends `head`, then one more piece from `next` every 100 ms until the server closes the socket;
   * gives the status line the server answered. How long that takes is measured by
   * `npm run test:perf` (timings.perf.test.ts).
   */
  async function dribble(head: string, next: (n: number) => string) {
    const socket = net.connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (chunk) => (received += chunk.toString()));
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    socket.write(head);
    let n = 0;
    const drip = setInterval(() => socket.writable && socket.write(next(n++)), 100);
    await closed;
    clearInterval(drip);
    return { statusLine: received.split('\r\n')[0] };
  }

  it(`a client that sends headers then dribbles its body is answered 408 and cut off by REQUEST_TIMEOUT_MS (${TIMEOUT_MS} ms here)`, async () => {
    const { statusLine } = await dribble(
      'POST /api/newsletter HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n{"email":"',
      () => 'a',
    );
    // The dribble kept the socket busy, so only the request timeout can have ended it: 408.
    expect(statusLine).toBe('HTTP/1.1 408 Request Timeout');
  });

  it(`a client that dribbles its headers is answered 408 and cut off by REQUEST_TIMEOUT_MS (${TIMEOUT_MS} ms here)`, async () => {
    const { statusLine } = await dribble(
      'GET /api/health HTTP/1.1\r\nHost: x\r\n',
      (n) => `X-Slow-${n}: 1\r\n`,
    );
    expect(statusLine).toBe('HTTP/1.1 408 Request Timeout');
    // The server is still there for everyone else.
    expect((await fetch(`${base}/api/health`)).status).toBe(200);
  });
});

/**
 * Per route that takes no body (each DELETE; the PUT of a mark or a review card), a fresh target
 * and who may call it: a request without a body answers 200. Each call makes a new target, so a
 * test can send one request per target.
 */
function bodylessTargets(): Record<string, () => Promise<{ path: string; user: TestUser }>> {
  const db = app.database.db;
  /** A new learner who has put the mark (or card) at `path`, for a DELETE that takes it away. */
  const marked = async (path: string) => {
    const user = await userWithRole(app, 'basic');
    expect((await call('PUT', path, undefined, user.auth)).status, path).toBe(200);
    return { path, user };
  };
  return {
    'DELETE /api/admin/users/:username': async () => ({
      path: `/api/admin/users/${(await userWithRole(app, 'basic')).username}`,
      user: superadmin,
    }),
    'DELETE /api/admin/users/:username/groups/:group': async () => ({
      path: `/api/admin/users/${(await userWithRole(app, 'admin')).username}/groups/admin`,
      user: superadmin,
    }),
    'DELETE /api/subjects/:id': async () => ({
      path: `/api/subjects/${await insertSubject(db, `Doomed ${Math.random()}`)}`,
      user: superadmin,
    }),
    'DELETE /api/categories/:id': async () => ({
      path: `/api/categories/${await insertCategory(db, cat.geometry, `Doomed ${Math.random()}`)}`,
      user: superadmin,
    }),
    'DELETE /api/difficulties/:id': async () => ({
      path: `/api/difficulties/${await insertNamed(db, 'difficulties', `doomed ${Math.random()}`)}`,
      user: superadmin,
    }),
    'DELETE /api/types/:id': async () => ({
      path: `/api/types/${await insertNamed(db, 'types', `Doomed ${Math.random()}`)}`,
      user: superadmin,
    }),
    'DELETE /api/examples/:id': async () => ({
      path: `/api/examples/${await insertExample(db, { categoryId: cat.circles, difficultyId: cat.easy, typeId: cat.worked })}`,
      user: superadmin,
    }),
    'DELETE /api/examples/:id/like': () => marked(`/api/examples/${cat.ex.linear}/like`),
    'DELETE /api/examples/:id/solved': () => marked(`/api/examples/${cat.ex.linear}/solved`),
    'DELETE /api/reviews/:exampleId': () => marked(`/api/reviews/${cat.ex.linear}`),
    'PUT /api/examples/:id/like': async () => ({
      path: `/api/examples/${cat.ex.linear}/like`,
      user: await userWithRole(app, 'basic'),
    }),
    'PUT /api/examples/:id/solved': async () => ({
      path: `/api/examples/${cat.ex.linear}/solved`,
      user: await userWithRole(app, 'basic'),
    }),
    'PUT /api/reviews/:exampleId': async () => ({
      path: `/api/reviews/${cat.ex.linear}`,
      user: await userWithRole(app, 'basic'),
    }),
  };
}

/** Sends `text` on a fresh socket and returns all the server answers until it closes. */
function rawRequest(text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(text));
    let received = '';
    socket.on('data', (chunk) => (received += chunk.toString()));
    socket.on('close', () => resolve(received));
    socket.on('error', reject);
  });
}
