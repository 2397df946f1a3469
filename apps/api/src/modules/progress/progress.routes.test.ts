import { beforeAll, describe, expect, it } from 'vitest';
import { insertExample } from '../../../test/factories';
import { deleteExample } from '../catalogue/examples';
import { progressService } from './progress.service';
import { engineUnderTest } from '../../../test/helpers/test-db';
import { useTestApp } from '../../../test/helpers/test-app';
import { beforeInserts } from '../../../test/helpers/before-inserts';
import { userId, type TestUser } from '../../../test/helpers/users';

const api = useTestApp({ catalogue: true });
const { cat } = api;
const db = () => api.app.database.db;
let ada: TestUser;
let bob: TestUser;
beforeAll(async () => {
  ada = await api.newUser('basic');
  bob = await api.newUser('basic');
});

const call = (method: 'GET' | 'PUT' | 'DELETE', url: string, who?: TestUser) =>
  api.request(method, url, { as: who });
const ids = (body: { data: { examples: { id: number }[] } }) =>
  body.data.examples.map((e) => e.id).sort((a, b) => a - b);

describe(`likes and solved marks on ${engineUnderTest}`, () => {
  it('sets and clears marks idempotently, 404 for an unknown example', async () => {
    for (let i = 0; i < 2; i++) {
      expect(await call('PUT', `/examples/${cat.ex.linear}/like`, ada)).toEqual({
        status: 200,
        body: { success: true, data: { id: cat.ex.linear, liked: true } },
      });
    }
    expect((await call('GET', `/examples/${cat.ex.linear}`, ada)).body.data.example).toMatchObject({
      liked: true,
      solved: false,
    });
    for (let i = 0; i < 2; i++)
      expect((await call('DELETE', `/examples/${cat.ex.linear}/like`, ada)).status).toBe(200);
    expect((await call('GET', `/examples/${cat.ex.linear}`, ada)).body.data.example.liked).toBe(
      false,
    );
    expect((await call('PUT', '/examples/999999/solved', ada)).status).toBe(404);
  });

  it('carries each caller’s own marks and filters by them, alone and together', async () => {
    await call('PUT', `/examples/${cat.ex.quadEasy}/like`, ada);
    await call('PUT', `/examples/${cat.ex.quadEasy}/solved`, ada);
    await call('PUT', `/examples/${cat.ex.circle}/like`, ada);
    await call('PUT', `/examples/${cat.ex.sequence}/solved`, ada);
    await call('PUT', `/examples/${cat.ex.linear}/like`, bob);

    const all = Object.values(cat.ex).sort((a, b) => a - b);
    expect(ids((await call('GET', '/examples?liked=true', ada)).body)).toEqual(
      [cat.ex.quadEasy, cat.ex.circle].sort((a, b) => a - b),
    );
    expect(ids((await call('GET', '/examples?solved=true', ada)).body)).toEqual(
      [cat.ex.quadEasy, cat.ex.sequence].sort((a, b) => a - b),
    );
    expect(ids((await call('GET', '/examples?liked=true&solved=true', ada)).body)).toEqual([
      cat.ex.quadEasy,
    ]);
    expect(ids((await call('GET', '/examples?liked=false&solved=false', ada)).body)).toEqual(
      all.filter((id) => ![cat.ex.quadEasy, cat.ex.circle, cat.ex.sequence].includes(id)),
    );
    expect(
      (await call('GET', `/examples?liked=true&categoryId=${cat.equations}`, ada)).body.data.total,
    ).toBe(1);

    // Bob sees his own marks only.
    expect(ids((await call('GET', '/examples?liked=true', bob)).body)).toEqual([cat.ex.linear]);
    const bobsView = (await call('GET', '/examples', bob)).body.data.examples.find(
      (e: { id: number }) => e.id === cat.ex.quadEasy,
    );
    expect(bobsView).toMatchObject({ liked: false, solved: false });

    // One page seen by a visitor, Ada and Bob: the rows are the same, the marks each caller's own,
    // and a mark just changed shows at once.
    type Row = { id: number; liked?: boolean; solved?: boolean };
    const page = async (who?: TestUser) =>
      (await call('GET', '/examples?limit=4', who)).body.data.examples as Row[];
    const marksOf = (rows: Row[]) => rows.map((e) => [e.id, e.liked, e.solved]);
    const seen = await page();
    const expected = (liked: number[], solved: number[]) =>
      seen.map((e) => [e.id, liked.includes(e.id), solved.includes(e.id)]);
    expect(marksOf(await page(ada))).toEqual(
      expected([cat.ex.quadEasy, cat.ex.circle], [cat.ex.quadEasy, cat.ex.sequence]),
    );
    expect(marksOf(await page(bob))).toEqual(expected([cat.ex.linear], []));
    await call('DELETE', `/examples/${cat.ex.quadEasy}/like`, ada);
    expect(marksOf(await page(ada))).toEqual(
      expected([cat.ex.circle], [cat.ex.quadEasy, cat.ex.sequence]),
    );
    await call('PUT', `/examples/${cat.ex.quadEasy}/like`, ada);

    // Visitors: no marks in rows, and the filters are ignored.
    const visitor = await call('GET', '/examples?liked=true&solved=false');
    expect(ids(visitor.body)).toEqual(all);
    expect(visitor.body.data.examples[0].liked).toBeUndefined();
    expect((await call('GET', '/examples?liked=maybe', ada)).status).toBe(400);
  });

  it('reports progress per category with subcategories included, and per subject (marks set by hand are not solves without help)', async () => {
    const { body } = await call('GET', '/me/progress', ada);
    const of = (id: number) => body.data.categories.find((c: { id: number }) => c.id === id);
    expect(body.data).toMatchObject({
      total: 6,
      solved: 2,
      solvedWithoutHelp: 0,
      liked: 2,
      mastered: 0,
    });
    expect(of(cat.equations)).toEqual({
      id: cat.equations,
      total: 4,
      solved: 1,
      withoutHelp: 0,
      mastered: 0,
    });
    expect(of(cat.quadratics)).toEqual({
      id: cat.quadratics,
      total: 2,
      solved: 1,
      withoutHelp: 0,
      mastered: 0,
    });
    expect(of(cat.sequences)).toEqual({
      id: cat.sequences,
      total: 1,
      solved: 1,
      withoutHelp: 0,
      mastered: 0,
    });
    expect(body.data.subjects).toEqual(
      expect.arrayContaining([
        { id: cat.algebra, total: 5, solved: 2, withoutHelp: 0, mastered: 0 },
        { id: cat.geometry, total: 1, solved: 0, withoutHelp: 0, mastered: 0 },
      ]),
    );
    expect((await call('GET', '/me/progress', bob)).body.data).toMatchObject({
      solved: 0,
      liked: 1,
    });
  });
});

describe(`an example deleted while a learner marks it on ${engineUnderTest}`, () => {
  it('answers 404 "Example N not found." to a like or a solved mark, and keeps no mark', async () => {
    const adaId = await userId(db(), ada);
    for (const [table, mark] of [
      ['likes', 'like'],
      ['solved_marks', 'solve'],
    ] as const) {
      const id = await insertExample(db(), {
        categoryId: cat.circles,
        difficultyId: cat.easy,
        typeId: cat.worked,
        question: `Doomed (${table}): what is $2 + 2$?`,
        answer: '$4$',
      });
      // The real database, with the example deleted (and committed) after the service has found
      // it and before the mark is written: every insert runs just after that deletion.
      const service = progressService(beforeInserts(db(), () => deleteExample(db(), id)));
      await expect(service[mark](adaId, id, true)).rejects.toMatchObject({
        statusCode: 404,
        message: `Example ${id} not found.`,
      });
      const left = await db()
        .selectFrom(table)
        .select('user_id')
        .where('example_id', '=', id)
        .execute();
      expect(left).toEqual([]);
    }
  });
});

describe(`a random example on ${engineUnderTest}`, () => {
  it('picks within the filters, honours the caller’s marks, and says so when nothing matches', async () => {
    const seen = new Set<number>();
    for (let i = 0; i < 12; i++) {
      const res = await call('GET', `/examples/random?categoryId=${cat.equations}`);
      expect(res.status).toBe(200);
      seen.add(res.body.data.example.id);
    }
    for (const id of seen)
      expect([cat.ex.quadEasy, cat.ex.quadHard, cat.ex.linear, cat.ex.equationsTop]).toContain(id);
    expect(seen.size).toBeGreaterThan(1);
    const mine = await call('GET', '/examples/random?liked=true&solved=true', ada);
    expect(mine.body.data.example).toMatchObject({
      id: cat.ex.quadEasy,
      liked: true,
      solved: true,
    });
    expect(await call('GET', '/examples/random?difficultyId=impossible')).toEqual({
      status: 404,
      body: { success: false, code: 'NotFound', message: 'No examples match these filters.' },
    });
    expect((await call('GET', '/examples/random?limit=5')).status).toBe(400);
  });
});
