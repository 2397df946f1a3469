import { ID_MAX } from '@exemplar/shared/fields';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertExample } from '../../../../test/factories';
import { engineUnderTest } from '../../../../test/helpers/test-db';
import { useTestApp } from '../../../../test/helpers/test-app';
import type { TestUser } from '../../../../test/helpers/users';

const api = useTestApp({ catalogue: true, users: ['basic'] });
const { cat } = api;
const ada = api.users.basic;
/** Every example in catalogue order (the list's order when not searching). */
let all: number[];
beforeAll(() => {
  all = Object.values(cat.ex);
});

async function call(url: string, user?: TestUser) {
  const res = await api.inject('GET', url, { as: user });
  return { status: res.statusCode, body: res.json(), cache: res.headers['x-catalogue-cache'] };
}
const position = (id: number, query = '', user?: TestUser) =>
  call(`/examples/${id}/position${query}`, user);
const listIds = async (query: string, user?: TestUser) =>
  (await call(`/examples?limit=100${query}`, user)).body.data.examples.map(
    (e: { id: number }) => e.id,
  );

/** What position should answer for `id` in `ids` (the list's ids in its order). */
const expected = (ids: number[], id: number) => {
  const at = ids.indexOf(id);
  return at < 0
    ? { position: null, total: ids.length, previousId: null, nextId: null }
    : {
        position: at + 1,
        total: ids.length,
        previousId: ids[at - 1] ?? null,
        nextId: ids[at + 1] ?? null,
      };
};

/** Follows nextId from the first listed example to the end, as the example page's Next does. */
async function walk(query: string, first: number, user?: TestUser): Promise<number[]> {
  const seen: number[] = [];
  let id: number | null = first;
  while (id !== null && seen.length < 50) {
    seen.push(id);
    const { status, body } = await position(id, query, user);
    expect(status, `${id}${query}`).toBe(200);
    expect(body.data.position, `${id}${query}`).toBe(seen.length);
    id = body.data.nextId;
  }
  return seen;
}

describe(`GET /api/examples/:id/position on ${engineUnderTest}`, () => {
  it('answers position, total and neighbours for the first, a middle and the last example', async () => {
    for (const id of [all[0]!, all[2]!, all.at(-1)!]) {
      const { status, body } = await position(id);
      expect(status).toBe(200);
      expect(body).toEqual({ success: true, data: expected(all, id) });
    }
    expect((await position(all[0]!)).body.data).toEqual({
      position: 1,
      total: 6,
      previousId: null,
      nextId: all[1],
    });
    expect((await position(all.at(-1)!)).body.data).toMatchObject({
      position: 6,
      nextId: null,
    });
  });

  it("answers within the filters in the list's order: category subtree, subject, difficulty and type, by id or name, and search", async () => {
    const queries = [
      `?categoryId=${cat.equations}`,
      `?subjectId=${cat.algebra}&difficultyId=easy`,
      '?subjectId=Geometry',
      `?typeId=${cat.worked}&difficultyId=${cat.hard}`,
      '?q=solve',
      `?q=solve&categoryId=${cat.equations}`,
    ];
    for (const query of queries) {
      const ids = await listIds(`&${query.slice(1)}`);
      expect(ids.length, query).toBeGreaterThan(0);
      for (const id of all) {
        const { status, body } = await position(id, query);
        expect(status, `${id}${query}`).toBe(200);
        expect(body.data, `${id}${query}`).toEqual(expected(ids, id));
      }
    }
  });

  it("walking nextId from the first listed example visits every listed id in the list endpoint's order", async () => {
    for (const query of [
      '',
      `?subjectId=${cat.algebra}`,
      `?difficultyId=${cat.easy}`,
      '?q=solve',
    ]) {
      const ids = await listIds(query ? `&${query.slice(1)}` : '');
      expect(await walk(query, ids[0]!)).toEqual(ids);
    }
  });

  it('orders search results by relevance, as the list does, not by id', async () => {
    const at = { categoryId: cat.circles, difficultyId: cat.easy, typeId: cat.worked };
    const db = api.app.database.db;
    const inProcedure = await insertExample(db, {
      ...at,
      question: 'How far does it go?',
      answer: 'Far.',
      procedure: 'Follow the quokka.',
    });
    const inQuestion = await insertExample(db, {
      ...at,
      question: 'How tall is the quokka?',
      answer: 'Small.',
    });
    try {
      const ids = await listIds('&q=quokka');
      expect(ids).toEqual([inQuestion, inProcedure]);
      expect((await position(inQuestion, '?q=quokka')).body.data).toEqual({
        position: 1,
        total: 2,
        previousId: null,
        nextId: inProcedure,
      });
      expect(await walk('?q=quokka', inQuestion)).toEqual(ids);
    } finally {
      await db.deleteFrom('examples').where('id', 'in', [inProcedure, inQuestion]).execute();
    }
  });

  it('answers position null with the total when the example exists but the filters leave it out', async () => {
    expect((await position(cat.ex.circle, `?subjectId=${cat.algebra}`)).body).toEqual({
      success: true,
      data: { position: null, total: 5, previousId: null, nextId: null },
    });
    // Both quadratics match: one by its question, the other by its category's name.
    expect((await position(cat.ex.circle, '?q=quadratic')).body.data).toEqual({
      position: null,
      total: 2,
      previousId: null,
      nextId: null,
    });
    // An unknown name matches nothing.
    expect((await position(cat.ex.circle, '?difficultyId=impossible')).body.data).toEqual({
      position: null,
      total: 0,
      previousId: null,
      nextId: null,
    });
  });

  it('applies liked and solved for a signed-in learner, and ignores them for a visitor as the list does', async () => {
    for (const id of [cat.ex.quadEasy, cat.ex.sequence]) {
      const res = await api.app.inject({
        method: 'PUT',
        url: `/api/examples/${id}/like`,
        headers: ada.auth,
      });
      expect(res.statusCode).toBe(200);
    }
    await api.app.inject({
      method: 'PUT',
      url: `/api/examples/${cat.ex.sequence}/solved`,
      headers: ada.auth,
    });
    for (const query of ['?liked=true', '?liked=true&solved=false', '?solved=false']) {
      const ids = await listIds(`&${query.slice(1)}`, ada);
      for (const id of all) {
        expect((await position(id, query, ada)).body.data, `${id}${query}`).toEqual(
          expected(ids, id),
        );
      }
    }
    expect((await position(cat.ex.sequence, '?liked=true', ada)).body.data).toEqual({
      position: 2,
      total: 2,
      previousId: cat.ex.quadEasy,
      nextId: null,
    });
    // Marks are personal: a change shows at once (no cached answer for these filters).
    await api.app.inject({
      method: 'DELETE',
      url: `/api/examples/${cat.ex.quadEasy}/like`,
      headers: ada.auth,
    });
    expect((await position(cat.ex.sequence, '?liked=true', ada)).body.data).toEqual({
      position: 1,
      total: 1,
      previousId: null,
      nextId: null,
    });
    // A visitor's liked/solved are ignored, as GET /api/examples ignores them.
    expect((await position(cat.ex.sequence, '?liked=true&solved=false')).body.data).toEqual(
      expected(all, cat.ex.sequence),
    );
    expect(await listIds('&liked=true&solved=false')).toEqual(all);
  });

  it("keeps a visitor's answer per catalogue version and answers a change after it", async () => {
    const query = `?categoryId=${cat.circles}`;
    const first = await position(cat.ex.circle, query);
    expect(first.body.data).toEqual({ position: 1, total: 1, previousId: null, nextId: null });
    expect((await position(cat.ex.circle, query)).cache).toBe('hit');
    const added = await api.app.inject({
      method: 'POST',
      url: '/api/examples',
      headers: (await api.newUser('superadmin')).auth,
      payload: {
        question: 'Find the circumference of a circle of radius $2$.',
        answer: '$4\\pi$',
        difficultyId: cat.easy,
        typeId: cat.worked,
        categoryId: cat.circles,
      },
    });
    expect(added.statusCode).toBe(201);
    const newId = added.json().data.example.id;
    const after = await position(cat.ex.circle, query);
    expect(after.cache).toBeUndefined();
    expect(after.body.data).toEqual({ position: 1, total: 2, previousId: null, nextId: newId });
    await api.app.database.db.deleteFrom('examples').where('id', '=', newId).execute();
  });

  it('answers 404 for an unknown example, with or without filters, and 400 for an id beyond the range', async () => {
    for (const query of ['', `?subjectId=${cat.algebra}`, '?q=solve']) {
      expect(await position(999_999, query)).toMatchObject({
        status: 404,
        body: { success: false, code: 'NotFound', message: 'Example 999999 not found.' },
      });
    }
    for (const bad of [String(ID_MAX + 1), '0', '-3', '1e3', 'abc']) {
      const { status, body } = await call(`/examples/${bad}/position`);
      expect(status, bad).toBe(400);
      expect(body, bad).toMatchObject({ success: false, code: 'ValidationError' });
    }
    const edge = await position(ID_MAX);
    expect(edge.status).toBe(404);
    for (const query of [`?categoryId=${ID_MAX + 1}`, '?limit=5', '?cursor=abc', '?colour=red']) {
      const { status, body } = await position(cat.ex.linear, query);
      expect(status, query).toBe(400);
      expect(body.code, query).toBe('ValidationError');
    }
  });
});

describe(`GET /api/examples/random on ${engineUnderTest}`, () => {
  it('picks among the filtered list with the position of the pick, and reaches every listed example', async () => {
    const query = `?subjectId=${cat.algebra}`;
    const ids = await listIds(`&${query.slice(1)}`);
    const picked = new Set<number>();
    for (let i = 0; i < 80 && picked.size < ids.length; i++) {
      const { status, body } = await call(`/examples/random${query}`);
      expect(status).toBe(200);
      const { example, position: place } = body.data;
      expect(ids).toContain(example.id);
      expect(place).toEqual(expected(ids, example.id));
      picked.add(example.id);
    }
    // Uniform over 5: 80 picks leave one out with probability below 5 * 0.8^80 (1e-7).
    expect([...picked].sort()).toEqual([...ids].sort());
  });

  it('answers 404 when nothing matches', async () => {
    expect(await call('/examples/random?q=nothingmatchesthis')).toMatchObject({
      status: 404,
      body: { success: false, code: 'NotFound', message: 'No examples match these filters.' },
    });
  });
});
