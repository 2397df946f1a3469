import { successSchema } from '@exemplar/shared/api';
import { ExamplesPageSchema, ExamplesQuerySchema } from '@exemplar/shared/catalogue';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { insertExample } from '../../../../test/factories';
import { useTestApp } from '../../../../test/helpers/test-app';
import { engineUnderTest } from '../../../../test/helpers/test-db';
import { userId, type TestUser } from '../../../../test/helpers/users';
import { ok } from '../../../lib/envelope';
import { examplesService } from './examples.service';
import { markSolvedBy } from './marks.repository';

const api = useTestApp({ catalogue: true });
const { cat } = api;
const db = () => api.app.database.db;
let ada: TestUser;

// Texts whose JSON needs escapes (quotes, backslashes, a line break, non-ASCII), and one that
// holds the very words of a row's blank marks.
const AWKWARD = [
  String.raw`Show that "$\frac{a}{b}$" \\ and $\sqrt{2}$ differ: "liked":false,"solved":false`,
  'Résoudre $x² = 4$ —\n en deux lignes, avec « guillemets » et \u2028 séparateur.',
  '"liked":false,"solved":false,"solveMark":null,"reviewDue":null',
];

beforeAll(async () => {
  ada = await api.newUser('basic');
  for (const [i, question] of AWKWARD.entries()) {
    await insertExample(db(), {
      categoryId: cat.quadratics,
      difficultyId: cat.easy,
      typeId: cat.worked,
      question,
      answer: `$${i + 2}$`,
      procedure: i === 0 ? null : 'Say "why".',
    });
  }
  // Marks of every kind on the list's rows: liked, solved by hand, solved with and without help,
  // in reviews (due dates), and rows with none.
  const ids = (await api.request('GET', '/examples?limit=100')).body.data.examples.map(
    (e: { id: number }) => e.id,
  ) as number[];
  expect(ids.length).toBeGreaterThan(6);
  const me = await userId(db(), ada);
  const at = new Date().toISOString();
  await api.request('PUT', `/examples/${ids[0]}/like`, { as: ada });
  await api.request('PUT', `/examples/${ids[1]}/like`, { as: ada });
  await api.request('PUT', `/examples/${ids[1]}/solved`, { as: ada });
  await markSolvedBy(db(), me, ids[2]!, 'with-help', at);
  await markSolvedBy(db(), me, ids[3]!, 'without-help', at);
  for (const [i, rating] of (['good', 'again'] as const).entries()) {
    const res = await api.request('POST', '/reviews', {
      as: ada,
      payload: { exampleId: ids[3 + i]!, rating },
    });
    expect(res.status).toBe(200);
  }
});

describe(`a signed-in caller's page of the list, written from the visitors' page, on ${engineUnderTest}`, () => {
  it('is byte for byte what the route would serialize for the caller, marks included', async () => {
    // The oracle: the list read for the caller alone (no kept pages: their marks come from SQL
    // with the rows), encoded and written as the route's serializer does.
    const QUERIES = [
      '/examples',
      '/examples?limit=100',
      `/examples?categoryId=${cat.quadratics}`,
      '/examples?q=differ',
      '/examples?q=lignes',
      '/examples?limit=2&page=2',
      '/examples?limit=3',
    ];
    const uncached = examplesService(db(), engineUnderTest);
    const me = await userId(db(), ada);
    let marked = 0;
    for (const url of QUERIES) {
      const res = await api.inject('GET', url, { as: ada });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      const query = ExamplesQuerySchema.parse(
        Object.fromEntries(new URL(url, 'http://x').searchParams),
      );
      const expected = JSON.stringify(
        z.encode(successSchema(ExamplesPageSchema), ok(await uncached.list(query, me))),
      );
      expect(res.body, url).toBe(expected);
      const rows = JSON.parse(res.body).data.examples as { liked: boolean; solved: boolean }[];
      marked += rows.filter((e) => e.liked || e.solved).length;
    }
    expect(marked).toBeGreaterThan(0);
  });

  it("a visitor's page has no marks, and another learner's page has none of Ada's", async () => {
    const visitor = JSON.parse((await api.inject('GET', '/examples?limit=100')).body);
    expect(visitor.data.examples[0]).not.toHaveProperty('liked');
    const bob = await api.newUser('basic');
    const theirs = JSON.parse((await api.inject('GET', '/examples?limit=100', { as: bob })).body);
    const ids = theirs.data.examples.map((e: { id: number }) => e.id);
    expect(ids).toEqual(visitor.data.examples.map((e: { id: number }) => e.id));
    for (const e of theirs.data.examples) {
      expect(e).toMatchObject({ liked: false, solved: false, solveMark: null, reviewDue: null });
    }
  });
});
