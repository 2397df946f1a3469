import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { VERSION_MAX_AGE_MS } from './public-cache';
import { controlClock } from '../../../test/helpers/clock';
import { engineUnderTest } from '../../../test/helpers/test-db';
import { useTestApp } from '../../../test/helpers/test-app';

const api = useTestApp({ catalogue: true, users: ['admin'] });
const { cat } = api;
const admin = api.users.admin;
let app: FastifyInstance;
let other: FastifyInstance;

beforeAll(async () => {
  app = api.app;
  // A second instance on the same database (PostgreSQL), or the same one again (SQLite).
  other = api.env.config.DATABASE_URL ? await buildApp(api.env.config, { logger: false }) : app;
});
afterAll(async () => {
  if (other !== app) await other.close();
});

const get = (a: FastifyInstance, url: string, headers: Record<string, string> = {}) =>
  a.inject({ method: 'GET', url: `/api${url}`, headers });

describe(`the visitors' catalogue cache on ${engineUnderTest}`, () => {
  it('serves repeats from memory and drops them when any instance changes the catalogue', async () => {
    const clock = controlClock();
    other.catalogueVersion.forget();
    const first = await get(other, '/subjects');
    expect(first.headers['x-catalogue-cache']).toBeUndefined();
    const second = await get(other, '/subjects');
    expect(second.headers['x-catalogue-cache']).toBe('hit');
    expect(second.body).toBe(first.body);
    expect(second.headers['content-type']).toBe(first.headers['content-type']);

    // A write through the first instance...
    const res = await app.inject({
      method: 'POST',
      url: '/api/subjects',
      headers: admin.auth,
      payload: { name: 'Logic' },
    });
    expect(res.statusCode).toBe(201);
    // ...is seen at once by the instance that made it...
    const names = (r: { json: () => { data: { subjects: { name: string }[] } } }) =>
      r.json().data.subjects.map((s) => s.name);
    const mine = await get(app, '/subjects');
    expect(mine.headers['x-catalogue-cache']).toBeUndefined();
    expect(names(mine)).toContain('Logic');
    // ...and by the other within VERSION_MAX_AGE_MS.
    clock.pass(VERSION_MAX_AGE_MS);
    const after = await get(other, '/subjects');
    if (other !== app) expect(after.headers['x-catalogue-cache']).toBeUndefined();
    expect(names(after)).toContain('Logic');
  });

  it('keys by the full URL and never serves signed-in callers from the cache', async () => {
    await get(app, `/examples?categoryId=${cat.equations}`);
    const cached = await get(app, `/examples?categoryId=${cat.equations}`);
    expect(cached.headers['x-catalogue-cache']).toBe('hit');
    const different = await get(app, `/examples?categoryId=${cat.circles}`);
    expect(different.headers['x-catalogue-cache']).toBeUndefined();
    expect(different.json().data.total).toBe(1);
    const signedIn = await get(app, `/examples?categoryId=${cat.equations}`, admin.auth);
    expect(signedIn.headers['x-catalogue-cache']).toBeUndefined();
    expect(signedIn.json().data.examples[0].liked).toBe(false);
    // Errors are not cached.
    await get(app, '/examples/999999');
    expect((await get(app, '/examples/999999')).headers['x-catalogue-cache']).toBeUndefined();
  });

  it('sees changes made by direct SQL too (triggers bump the version)', async () => {
    const clock = controlClock();
    app.catalogueVersion.forget();
    await get(app, `/examples/${cat.ex.linear}`);
    await app.database.db
      .updateTable('examples')
      .set({ answer: '$x = 4$ exactly' })
      .where('id', '=', cat.ex.linear)
      .execute();
    clock.pass(VERSION_MAX_AGE_MS);
    const res = await get(app, `/examples/${cat.ex.linear}`);
    expect(res.json().data.example.answer).toBe('$x = 4$ exactly');
  });
});
