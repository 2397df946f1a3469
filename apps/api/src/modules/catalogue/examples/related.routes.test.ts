import { beforeAll, describe, expect, it } from 'vitest';
import { engineUnderTest } from '../../../../test/helpers/test-db';
import { useTestApp } from '../../../../test/helpers/test-app';
import type { Caller } from '../../../../test/helpers/test-app';

const api = useTestApp({ catalogue: true, users: ['basic', 'admin'], listen: true });
const { cat } = api;

/** GET /api<url> over HTTP, as a visitor unless `as` is given. */
async function get(url: string, as?: Caller) {
  const headers: Record<string, string> = {};
  if (as && as !== 'visitor') {
    const user = typeof as === 'string' ? await api.as(as) : as;
    Object.assign(headers, user.auth);
  }
  const res = await fetch(`${api.base}/api${url}`, { headers });
  return {
    status: res.status,
    body: await res.json(),
    cache: res.headers.get('x-catalogue-cache'),
  };
}
const ids = (body: { data: { examples: { id: number }[] } }) => body.data.examples.map((e) => e.id);

/** A new example of Quadratics (unless `categoryId`) through the admin API; its id. */
async function create(
  question: string,
  { status, categoryId }: { status?: 'draft' | 'published'; categoryId?: number } = {},
) {
  const { status: code, body } = await api.request('POST', '/examples', {
    as: 'admin',
    payload: {
      question,
      answer: '$4$',
      procedure: null,
      difficultyId: cat.easy,
      typeId: cat.worked,
      categoryId: categoryId ?? cat.quadratics,
      ...(status ? { status } : {}),
    },
  });
  expect(code, JSON.stringify(body)).toBe(201);
  return body.data.example.id as number;
}

let wombatSameCategory: number;
let wombatElsewhere: number;
let plainSameCategory: number;
let wombatDraft: number;
let source: number;

beforeAll(async () => {
  source = await create('Complete the square for the wombat parabola $x^2 + 6x$.');
  // Listed in the order the ranking must give them, whatever their ids.
  plainSameCategory = await create('Expand $(x+1)^2$.');
  wombatElsewhere = await create('How far does a wombat walk in $3$ hours at $4$ km/h?', {
    categoryId: cat.circles,
  });
  wombatSameCategory = await create('Find the vertex of the wombat parabola $y = x^2 - 4x$.');
  wombatDraft = await create('Sketch the wombat parabola $y = x^2$.', { status: 'draft' });
});

describe(`GET /api/examples/{id}/related on ${engineUnderTest}`, () => {
  it('ranks the same category with shared words first, then the category, never itself or drafts', async () => {
    const { status, body } = await get(`/examples/${source}/related`);
    expect(status).toBe(200);
    const related = ids(body);
    expect(related[0]).toBe(wombatSameCategory);
    expect(related).not.toContain(source);
    expect(related).not.toContain(wombatDraft);
    expect(related).toContain(plainSameCategory);
    expect(related.length).toBeLessThanOrEqual(5);
    // The same category outranks a shared word alone; ties go by id.
    expect(related.indexOf(plainSameCategory)).toBeLessThan(
      related.includes(wombatElsewhere) ? related.indexOf(wombatElsewhere) : Infinity,
    );
    // Whole published examples, without an editor's fields.
    expect(body.data.examples[0]).toMatchObject({
      id: wombatSameCategory,
      categoryId: cat.quadratics,
    });
    expect(body.data.examples[0].status).toBeUndefined();
  });

  it('lists an example of another category holding the same formula structure, with no word in common', async () => {
    // Made-up words, so no word links them: only the structure of the cubic.
    const cubic = await create('Zorblax $x^3 - 4x^2 + 2x + 7$ quux.', { categoryId: cat.circles });
    const alike = await create('Mingle $t^3 - 9t^2 + 5t + 1$ here.', { categoryId: cat.linear });
    const unlike = await create('Mingle $t + 1$ here.', { categoryId: cat.linear });
    const related = ids((await get(`/examples/${cubic}/related`)).body);
    expect(related).toContain(alike);
    expect(related).not.toContain(unlike);
  });

  it('is the same for an editor: drafts are never listed', async () => {
    const { body } = await get(`/examples/${source}/related`, 'admin');
    expect(ids(body)).not.toContain(wombatDraft);
    expect(ids(body)[0]).toBe(wombatSameCategory);
  });

  it("lists a draft's related examples for editors only", async () => {
    expect((await get(`/examples/${wombatDraft}/related`)).status).toBe(404);
    expect((await get(`/examples/${wombatDraft}/related`, 'basic')).status).toBe(404);
    const editor = await get(`/examples/${wombatDraft}/related`, 'admin');
    expect(editor.status).toBe(200);
    expect(ids(editor.body)).not.toContain(wombatDraft);
    expect(ids(editor.body)).toContain(wombatSameCategory);
    expect((await get('/examples/999999/related')).status).toBe(404);
  });

  it('is kept until the catalogue changes, then answered afresh', async () => {
    const first = await get(`/examples/${cat.ex.circle}/related`);
    const again = await get(`/examples/${cat.ex.circle}/related`);
    expect(again.cache).toBe('hit');
    expect(again.body).toEqual(first.body);
    expect(ids(first.body)).not.toContain(cat.ex.quadEasy);
    // A new circle example: the catalogue's version changes and the next answer holds it.
    const added = await create('Find the circumference of a circle of radius $5$.', {
      categoryId: cat.circles,
    });
    const after = await get(`/examples/${cat.ex.circle}/related`);
    expect(after.cache).toBeNull();
    expect(ids(after.body)[0]).toBe(added);
    // Signed-in callers, never served from the visitors' cache, get the same list.
    expect((await get(`/examples/${cat.ex.circle}/related`, 'basic')).body).toEqual(after.body);
  });
});

describe(`GET /api/examples/suggest on ${engineUnderTest}`, () => {
  it('suggests the published examples the text finds first, id and question', async () => {
    const { status, body } = await get('/examples/suggest?q=wombat%20par');
    expect(status).toBe(200);
    const found = body.data.examples.map((e: { id: number }) => e.id);
    expect(found).toEqual(expect.arrayContaining([source, wombatSameCategory]));
    expect(found).not.toContain(wombatDraft);
    expect(body.data.examples[0]).toEqual({ id: expect.any(Number), question: expect.any(String) });
  });

  it('refuses an empty text', async () => {
    expect((await get('/examples/suggest?q=')).status).toBe(400);
  });
});

describe(`"Did you mean" on GET /api/examples?q= on ${engineUnderTest}`, () => {
  it('offers nearby searches that find something, with the same filters, when a search finds nothing', async () => {
    // "circle" finds one example and "zebra" none: together they find nothing.
    const both = await get('/examples?q=circle%20zebra');
    expect(both.body.data.total).toBe(0);
    expect(both.body.data.didYouMean).toEqual(['circle']);
    // A typo corrected by the search, with a word found nowhere: the word as written is offered.
    const typo = await get('/examples?q=quadrtic%20zebra');
    expect(typo.body.data.didYouMean).toEqual(['quadratic']);
    // The filters stay: no circle in Algebra, so nothing is near (and nothing is said).
    expect(
      (await get(`/examples?q=circle%20zebra&subjectId=${cat.algebra}`)).body.data,
    ).not.toHaveProperty('didYouMean');
    expect((await get('/examples?q=qqqqqqq')).body.data).not.toHaveProperty('didYouMean');
    // A search that finds something says nothing of it.
    expect((await get('/examples?q=circle')).body.data.didYouMean).toBeUndefined();
  });
});
