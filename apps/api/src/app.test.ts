import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { controlClock } from '../test/helpers/clock';
import { createTestEnv, engineUnderTest, type TestEnv } from '../test/helpers/test-db';
import { buildApp } from './app';
import { HEALTHY_FOR_MS } from './modules/health';

let env: TestEnv;
let app: FastifyInstance;
afterEach(async () => {
  await app?.close();
  await env?.cleanup();
});

async function start(overrides: Record<string, string> = {}) {
  env = await createTestEnv(overrides);
  app = await buildApp(env.config, { logger: false });
  return app;
}

describe(`the app on ${engineUnderTest}`, () => {
  it('answers health with the engine, and 503 once shutting down', async () => {
    await start();
    const ok = await app.inject({ method: 'GET', url: '/api/health' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      success: true,
      data: { status: 'ok', database: engineUnderTest },
    });
    app.lifecycle.shuttingDown = true;
    const draining = await app.inject({ method: 'GET', url: '/api/health' });
    expect(draining.statusCode).toBe(503);
    expect(draining.json()).toEqual({
      success: false,
      code: 'ServiceUnavailable',
      message: 'Shutting down.',
    });
  });

  it('answers health 503 once the database stops answering, within HEALTHY_FOR_MS', async () => {
    const clock = controlClock();
    await start();
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    await app.database.db.destroy(); // every query now fails
    // The last good answer is trusted for HEALTHY_FOR_MS, then the database is asked again.
    clock.pass(HEALTHY_FOR_MS - 1);
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    clock.pass(1);
    const down = await app.inject({ method: 'GET', url: '/api/health' });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toMatchObject({ message: 'The database is not answering.' });
  });

  it('answers unknown API paths with a JSON 404', async () => {
    await start();
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await app.inject({ method, url: '/api/no/such/thing?x=1' });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.json()).toEqual({
        success: false,
        code: 'NotFound',
        message: `No API route ${method} /api/no/such/thing.`,
      });
    }
  });

  it('gives clear 4xx messages for malformed bodies and never a 5xx', async () => {
    await start();
    const cases = [
      { payload: '{not json', type: 'application/json', status: 400, message: /not valid JSON/ },
      { payload: 'email=a@b.c', type: 'text/plain', status: 415, message: /content type/ },
      { payload: '{"email": 42}', type: 'application/json', status: 400, message: /email/ },
      {
        payload: '{"email":"x@y.z","admin":true}',
        type: 'application/json',
        status: 400,
        message: /admin/,
      },
      { payload: '[]', type: 'application/json', status: 400, message: /body/ },
    ];
    for (const c of cases) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/newsletter',
        payload: c.payload,
        headers: { 'content-type': c.type },
      });
      expect(res.statusCode, c.payload).toBe(c.status);
      expect(res.json(), c.payload).toMatchObject({
        success: false,
        message: expect.stringMatching(c.message),
      });
    }
  });

  it('refuses NUL characters anywhere in a request, before any database sees them', async () => {
    await start();
    for (const [method, url, payload] of [
      ['GET', '/api/examples?subjectId=%00', undefined],
      ['GET', '/api/examples?q=a%00b', undefined],
      ['GET', '/api/categories/subject/%00', undefined],
      ['POST', '/api/newsletter', { email: 'a\u0000@example.com' }],
      ['POST', '/api/newsletter', { 'e\u0000': 'x' }],
    ] as const) {
      const res = await app.inject({ method, url, payload });
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toMatchObject({
        message: 'Text must not contain NUL characters (U+0000).',
      });
    }
  });

  it('limits the request body size', async () => {
    await start({ BODY_LIMIT_BYTES: '2048' });
    const res = await app.inject({
      method: 'POST',
      url: '/api/newsletter',
      payload: JSON.stringify({ email: `${'a'.repeat(5000)}@example.com` }),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ success: false, code: 'PayloadTooLarge' });
  });

  it('sends security headers with a CSP under which KaTeX works and scripts cannot be injected', async () => {
    await start();
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("font-src 'self' data:");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(res.headers['x-frame-options']).toBe('DENY');
    // The same headers on errors and on responses served from the visitors' cache.
    const missing = await app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-security-policy']).toBe(csp);
    await app.inject({ method: 'GET', url: '/api/subjects' });
    const cached = await app.inject({ method: 'GET', url: '/api/subjects' });
    expect(cached.headers['x-catalogue-cache']).toBe('hit');
    expect(cached.headers['content-security-policy']).toBe(csp);
    expect(cached.headers['x-frame-options']).toBe('DENY');
  });

  it('allows cross-origin calls only from configured origins, and sends HSTS in production', async () => {
    await start({ CORS_ORIGINS: 'https://partner.example', NODE_ENV: 'production' });
    const allowed = await app.inject({
      method: 'OPTIONS',
      url: '/api/examples',
      headers: { origin: 'https://partner.example', 'access-control-request-method': 'GET' },
    });
    expect(allowed.headers['access-control-allow-origin']).toBe('https://partner.example');
    const other = await app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { origin: 'https://evil.example' },
    });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    expect(other.headers['strict-transport-security']).toMatch(/max-age=31536000/);
  });

  it('sends no CORS headers at all when no origin is configured', async () => {
    await start();
    const res = await app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { origin: 'https://evil.example' },
    });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('echoes a sane x-request-id and replaces a hostile one', async () => {
    await start();
    const given = await app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'abc-123' },
    });
    expect(given.headers['x-request-id']).toBe('abc-123');
    const hostile = await app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'x\u0000'.repeat(100) },
    });
    expect(hostile.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('subscribes to the newsletter idempotently', async () => {
    await start();
    for (let i = 0; i < 2; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/newsletter',
        payload: { email: '  Reader@Example.COM ' },
      });
      expect(res.statusCode).toBe(202);
      expect(res.json()).toMatchObject({ success: true, data: { email: 'reader@example.com' } });
    }
    const rows = await app.database.db.selectFrom('newsletter_signups').selectAll().execute();
    expect(rows.map((r) => r.email)).toEqual(['reader@example.com']);
  });

  it('serves the built web app: the app shell for its pages (200) and for paths no page has or unknown examples (404)', async () => {
    env = await createTestEnv();
    const dist = path.join(env.dataDir, 'dist');
    fs.mkdirSync(path.join(dist, 'assets'), { recursive: true });
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><title>Exemplar</title><div id="root"></div>',
    );
    fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
    app = await buildApp({ ...env.config, SEED: 'demo', WEB_DIST_DIR: dist }, { logger: false });

    const { id } = await app.database.db
      .selectFrom('examples')
      .select('id')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    // A page of the app: 200. A path no page has, or an example that does not exist: the same
    // shell (the client shows its not-found page) with status 404.
    for (const [url, status] of [
      ['/', 200],
      ['/examples', 200],
      ['/Examples/', 200],
      [`/examples/${id}`, 200],
      ['/dashboard/user/abc', 200],
      ['/login?next=%2Fadmin', 200],
      ['/no-such-page', 404],
      ['/examples/999999', 404],
      ['/examples/not-a-number', 404],
      ['/examples/99999999999', 404],
      ['/admin/anything', 404],
    ] as const) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(status);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('<div id="root">');
    }
    const asset = await app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const post = await app.inject({ method: 'POST', url: '/examples' });
    expect(post.statusCode).toBe(404);
  });

  it('explains when the web app has not been built', async () => {
    await start();
    const res = await app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(503);
    expect(res.body).toMatch(/npm run build/);
  });

  it('publishes the OpenAPI document', async () => {
    await start();
    const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toEqual(
      expect.arrayContaining(['/api/health', '/api/newsletter']),
    );
  });
});
