import { beforeAll, describe, expect, it } from 'vitest';
import { engineUnderTest } from '../../../test/helpers/test-db';
import { useTestApp } from '../../../test/helpers/test-app';
import type { TestUser } from '../../../test/helpers/users';

/**
 * How a solve was earned, read back: the withoutHelp filter (list, random pick, position) and the
 * progress counts. One learner solves linear without help, sequence after opening its answer, marks circle solved
 * by hand and leaves the rest; a second learner solves nothing.
 */
const api = useTestApp({ catalogue: true });
const { cat } = api;
let ada: TestUser;
let bob: TestUser;
let ip = 0;

const get = (url: string, as?: TestUser) => api.request('GET', url, { as });
const ids = (body: { data: { examples: { id: number }[] } }) =>
  body.data.examples.map((e) => e.id).sort((a, b) => a - b);
const sorted = (list: number[]) => [...list].sort((a, b) => a - b);

beforeAll(async () => {
  ada = await api.newUser('basic');
  bob = await api.newUser('basic');
  const check = async (id: number, answer: string) =>
    expect(
      (
        await api.request('POST', `/examples/${id}/check`, {
          as: ada,
          payload: { answer },
          remoteAddress: `192.0.2.${++ip}`,
        })
      ).body.data.correct,
    ).toBe(true);
  // Bob's lists first, so that a list kept for him would be served to Ada if caches ignored marks.
  expect(ids((await get('/examples?withoutHelp=true', bob)).body)).toEqual([]);
  await check(cat.ex.linear, 'x=4');
  await api.request('POST', `/examples/${cat.ex.sequence}/help`, {
    as: ada,
    payload: { kind: 'answer' },
  });
  await check(cat.ex.sequence, '39');
  await api.request('PUT', `/examples/${cat.ex.circle}/solved`, { as: ada });
});

describe(`the withoutHelp filter on ${engineUnderTest}`, () => {
  const all = () => sorted(Object.values(cat.ex));

  it("lists the caller's solves without help (true) or everything else (false), alone and with solved", async () => {
    expect(ids((await get('/examples?withoutHelp=true', ada)).body)).toEqual([cat.ex.linear]);
    const notClean = await get('/examples?withoutHelp=false', ada);
    expect(ids(notClean.body)).toEqual(all().filter((id) => id !== cat.ex.linear));
    expect(notClean.body.data.total).toBe(5);
    expect(ids((await get('/examples?solved=true&withoutHelp=false', ada)).body)).toEqual(
      sorted([cat.ex.sequence, cat.ex.circle]),
    );
    expect(
      ids((await get(`/examples?withoutHelp=true&subjectId=${cat.geometry}`, ada)).body),
    ).toEqual([]);
  });

  it('is personal: another learner gets their own rows, a visitor has it ignored, a wrong value is 400', async () => {
    expect(ids((await get('/examples?withoutHelp=true', bob)).body)).toEqual([]);
    expect(ids((await get('/examples?withoutHelp=false', bob)).body)).toEqual(all());
    const visitor = await get('/examples?withoutHelp=true');
    expect(ids(visitor.body)).toEqual(all());
    const wrong = await get('/examples?withoutHelp=yes', ada);
    expect(wrong.status).toBe(400);
    expect(JSON.stringify(wrong.body)).toContain('withoutHelp');
  });

  it('applies to the random pick', async () => {
    for (let i = 0; i < 5; i++) {
      const pick = await get('/examples/random?withoutHelp=true', ada);
      expect(pick.body.data.example).toMatchObject({
        id: cat.ex.linear,
        solved: true,
        solveMark: 'without-help',
      });
      expect(pick.body.data.position).toMatchObject({ position: 1, total: 1 });
    }
    expect((await get('/examples/random?withoutHelp=true', bob)).status).toBe(404);
    expect((await get('/examples/random?withoutHelp=false', ada)).body.data.example.id).not.toBe(
      cat.ex.linear,
    );
  });

  it("applies to an example's position", async () => {
    expect(
      (await get(`/examples/${cat.ex.linear}/position?withoutHelp=true`, ada)).body.data,
    ).toEqual({ position: 1, total: 1, previousId: null, nextId: null });
    expect(
      (await get(`/examples/${cat.ex.sequence}/position?withoutHelp=true`, ada)).body.data,
    ).toEqual({ position: null, total: 1, previousId: null, nextId: null });
    expect(
      (await get(`/examples/${cat.ex.linear}/position?withoutHelp=true`, bob)).body.data,
    ).toEqual({ position: null, total: 0, previousId: null, nextId: null });
    const rest = all().filter((id) => id !== cat.ex.linear);
    expect((await get(`/examples/${rest[1]}/position?withoutHelp=false`, ada)).body.data).toEqual({
      position: 2,
      total: 5,
      previousId: rest[0],
      nextId: rest[2],
    });
  });
});

describe(`progress with solves without help on ${engineUnderTest}`, () => {
  it('counts solves without help overall, per category (subcategories included) and per subject', async () => {
    const { body } = await get('/me/progress', ada);
    expect(body.data).toMatchObject({ total: 6, solved: 3, solvedWithoutHelp: 1 });
    const of = (id: number) => body.data.categories.find((c: { id: number }) => c.id === id);
    expect(of(cat.linear)).toEqual({
      id: cat.linear,
      total: 1,
      solved: 1,
      withoutHelp: 1,
      mastered: 0,
    });
    expect(of(cat.equations)).toEqual({
      id: cat.equations,
      total: 4,
      solved: 1,
      withoutHelp: 1,
      mastered: 0,
    });
    expect(of(cat.sequences)).toEqual({
      id: cat.sequences,
      total: 1,
      solved: 1,
      withoutHelp: 0,
      mastered: 0,
    });
    expect(of(cat.circles)).toEqual({
      id: cat.circles,
      total: 1,
      solved: 1,
      withoutHelp: 0,
      mastered: 0,
    });
    expect(body.data.subjects).toEqual(
      expect.arrayContaining([
        { id: cat.algebra, total: 5, solved: 2, withoutHelp: 1, mastered: 0 },
        { id: cat.geometry, total: 1, solved: 1, withoutHelp: 0, mastered: 0 },
      ]),
    );
    expect((await get('/me/progress', bob)).body.data).toMatchObject({
      solved: 0,
      solvedWithoutHelp: 0,
    });
  });
});
