import { describe, expect, it } from 'vitest';
import { VERSION_MAX_AGE_MS } from '../../../plugins/app/public-cache';
import { insertExample } from '../../../../test/factories';
import { controlClock } from '../../../../test/helpers/clock';
import { engineUnderTest } from '../../../../test/helpers/test-db';
import { useTestApp } from '../../../../test/helpers/test-app';
import { refreshSearchDocuments } from './example-search.service';

const api = useTestApp({ catalogue: true });
const { cat } = api;

const list = (query: string) => api.request('GET', `/examples${query}`);
const ids = (body: { data: { examples: { id: number }[] } }) => body.data.examples.map((e) => e.id);

describe(`GET /api/examples on ${engineUnderTest}`, () => {
  it('lists everything in catalogue order with the total', async () => {
    const { status, body } = await list('');
    expect(status).toBe(200);
    expect(body.data.total).toBe(6);
    expect(ids(body)).toEqual(Object.values(cat.ex));
    expect(body.data.nextCursor).toBeNull();
    expect(body.data.examples[0]).toEqual({
      id: cat.ex.quadEasy,
      question: 'Solve the quadratic $x^2 - 5x + 6 = 0$.',
      answer: '$x = 2$ or $x = 3$',
      procedure: 'Factorise: $(x-2)(x-3)=0$.',
      difficultyId: cat.easy,
      typeId: cat.worked,
      categoryId: cat.quadratics,
      subjectId: cat.algebra,
      createdAt: expect.stringMatching(/^2026-01-01T00:01:00(\.000)?Z$/),
      updatedAt: expect.any(String),
      // None set: inferred from the answer (two solutions). Whether it was set, and the test
      // answers, are for editors only.
      answerSpec: { kind: 'solutions', form: 'any', unit: null, tolerance: null, choice: null },
    });
  });

  it('filters a category together with all its descendants', async () => {
    const { body } = await list(`?categoryId=${cat.equations}`);
    expect(ids(body).sort()).toEqual(
      [cat.ex.quadEasy, cat.ex.quadHard, cat.ex.linear, cat.ex.equationsTop].sort(),
    );
    expect(body.data.total).toBe(4);
    expect(ids((await list(`?categoryId=${cat.quadratics}`)).body)).toEqual([
      cat.ex.quadEasy,
      cat.ex.quadHard,
    ]);
  });

  it('filters by subject, difficulty and type, by id or by name, combined', async () => {
    expect(ids((await list(`?subjectId=${cat.geometry}`)).body)).toEqual([cat.ex.circle]);
    expect(ids((await list('?subjectId=geometry')).body)).toEqual([cat.ex.circle]);
    expect((await list(`?difficultyId=${cat.hard}`)).body.data.total).toBe(2);
    expect(ids((await list('?difficultyId=HARD&typeId=Proof')).body)).toEqual([cat.ex.quadHard]);
    expect(ids((await list(`?typeId=${cat.proof}&categoryId=${cat.linear}`)).body)).toEqual([]);
    expect(
      ids(
        (await list(`?subjectId=${cat.algebra}&difficultyId=easy&categoryId=${cat.equations}`))
          .body,
      ),
    ).toEqual([cat.ex.quadEasy, cat.ex.linear]);
    expect(
      ids((await list('?typeId=Worked%20Example&subjectId=Algebra&difficultyId=hard')).body),
    ).toEqual([cat.ex.equationsTop]);
  });

  it('answers unknown ids and names with an empty list', async () => {
    for (const q of [
      '?categoryId=99999',
      '?subjectId=99999',
      '?difficultyId=impossible',
      '?typeId=Essay',
    ]) {
      const { status, body } = await list(q);
      expect(status, q).toBe(200);
      expect(body.data, q).toEqual({ examples: [], total: 0, nextCursor: null });
    }
  });

  it('searches question, answer, procedure and category names by stem and prefix', async () => {
    // In the question of one, in the category name (Quadratics) of both: the question first.
    expect(ids((await list('?q=quadratic')).body)).toEqual([cat.ex.quadEasy, cat.ex.quadHard]);
    expect(ids((await list('?q=quadr')).body)).toEqual([cat.ex.quadEasy, cat.ex.quadHard]);
    expect(ids((await list('?q=factorise')).body)).toEqual([cat.ex.quadEasy]);
    expect(ids((await list('?q=discriminant%20roots')).body)).toEqual([cat.ex.quadHard]);
    expect(ids((await list('?q=solve')).body).sort()).toEqual(
      [cat.ex.quadEasy, cat.ex.linear, cat.ex.equationsTop].sort(),
    );
    expect(ids((await list(`?q=solve&categoryId=${cat.linear}`)).body)).toEqual([cat.ex.linear]);
    expect((await list('?q=nothingmatchesthis')).body.data.total).toBe(0);
    // Query syntax characters are only separators, never operators.
    for (const q of [
      '"solve',
      'solve*',
      'NEAR(solve',
      'solve OR circle',
      "solve' --",
      'x^2 - 5x',
      '$$',
    ]) {
      const { status } = await list(`?q=${encodeURIComponent(q)}`);
      expect(status, q).toBe(200);
    }
  });

  it('pages with limit and cursor, without gaps or repeats, browsing and searching', async () => {
    for (const filter of ['', '&q=solve']) {
      const seen: number[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const { status, body } = await list(
          `?limit=2${filter}${cursor ? `&cursor=${cursor}` : ''}`,
        );
        expect(status).toBe(200);
        seen.push(...ids(body));
        cursor = body.data.nextCursor;
        pages++;
      } while (cursor && pages < 10);
      const all = ids((await list(`?limit=100${filter}`)).body);
      expect(seen).toEqual(all);
      expect(new Set(seen).size).toBe(seen.length);
    }
  });

  it('answers page N of a list (a link into it) as the cursor walk reaches it, and goes on by cursor from there', async () => {
    for (const filter of ['', '&q=solve']) {
      const all = ids((await list(`?limit=100${filter}`)).body);
      expect(all.length).toBeGreaterThanOrEqual(3);
      const second = await list(`?limit=1&page=2${filter}`);
      expect(second.status).toBe(200);
      expect(ids(second.body)).toEqual(all.slice(1, 2));
      expect(second.body.data.total).toBe(all.length);
      const third = await list(`?limit=1${filter}&cursor=${second.body.data.nextCursor}`);
      expect(ids(third.body)).toEqual(all.slice(2, 3));
      const beyond = await list(`?limit=1&page=${all.length + 1}${filter}`);
      expect(ids(beyond.body)).toEqual([]);
      expect(beyond.body.data.nextCursor).toBeNull();
    }
    const { body: first } = await list('?limit=2');
    const both = await list(`?limit=2&page=2&cursor=${first.data.nextCursor}`);
    expect(both.status).toBe(400);
    expect(both.body.message).toBe('Invalid query: give either a page or a cursor, not both.');
  });

  it('refuses malformed parameters with a 400 naming them', async () => {
    const bad = [
      ['?limit=0', /limit/],
      ['?limit=101', /limit/],
      ['?limit=ten', /limit/],
      ['?categoryId=abc', /categoryId/],
      ['?categoryId=-1', /categoryId/],
      ['?categoryId=1.5', /categoryId/],
      ['?cursor=not%20a%20cursor', /cursor/],
      ['?cursor=eyJ4IjoxfQ', /cursor/],
      ['?limit=1&limit=2', /limit/],
      ['?colour=red', /colour/],
      [`?q=${'a'.repeat(201)}`, /q/],
      ['?difficultyId=', /difficultyId/],
      ['?page=0', /page/],
      ['?page=10001', /page/],
      ['?page=two', /page/],
    ] as const;
    for (const [q, message] of bad) {
      const { status, body } = await list(q);
      expect(status, q).toBe(400);
      expect(body, q).toMatchObject({
        success: false,
        code: 'ValidationError',
        message: expect.stringMatching(message),
      });
    }
  });

  it('keeps search in step with edits and deletions', async () => {
    const clock = controlClock();
    api.app.catalogueVersion.forget();
    const db = api.app.database.db;
    await db
      .updateTable('examples')
      .set({ question: 'Compute the circumference of a wheel.' })
      .where('id', '=', cat.ex.circle)
      .execute();
    // Its search document written again, as every save writes it.
    await refreshSearchDocuments(db, { ids: [cat.ex.circle] });
    expect(ids((await list('?q=circumference')).body)).toEqual([cat.ex.circle]);
    expect(ids((await list('?q=area')).body)).toEqual([]);
    await db.deleteFrom('examples').where('id', '=', cat.ex.circle).execute();
    // A change made behind the API's back reaches visitors' cached answers within this long.
    clock.pass(VERSION_MAX_AGE_MS);
    expect(ids((await list('?q=circumference')).body)).toEqual([]);
  });

  it('ranks a word in the question before one in the answer, then the procedure, across pages', async () => {
    const db = api.app.database.db;
    const at = { categoryId: cat.circles, difficultyId: cat.easy, typeId: cat.worked };
    const inProcedure = await insertExample(db, {
      ...at,
      question: 'How far does it travel?',
      answer: 'Twelve metres.',
      procedure: 'Follow the zeppelin along its route.',
    });
    const inAnswer = await insertExample(db, {
      ...at,
      question: 'What flies over the town?',
      answer: 'A zeppelin.',
      procedure: 'Look up.',
    });
    const inQuestion = await insertExample(db, {
      ...at,
      question: 'How long is the zeppelin?',
      answer: 'About $245$ m.',
      procedure: 'Measure it.',
    });
    api.app.catalogueVersion.forget(); // written behind the API's back
    const first = await list('?q=zeppel&limit=2');
    expect(ids(first.body)).toEqual([inQuestion, inAnswer]);
    expect(first.body.data.total).toBe(3);
    const next = await list(`?q=zeppel&limit=2&cursor=${first.body.data.nextCursor}`);
    expect(ids(next.body)).toEqual([inProcedure]);
    expect(next.body.data.nextCursor).toBeNull();
  });
});

describe(`GET /api/examples/:id on ${engineUnderTest}`, () => {
  it('returns one example, 404 for an unknown id and 400 for a malformed one', async () => {
    const ok = await api.app.inject({ method: 'GET', url: `/api/examples/${cat.ex.linear}` });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.example).toMatchObject({
      id: cat.ex.linear,
      answer: '$x = 4$',
      procedure: null,
    });
    const missing = await api.app.inject({ method: 'GET', url: '/api/examples/999999' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({
      success: false,
      code: 'NotFound',
      message: 'Example 999999 not found.',
    });
    for (const bad of ['abc', '0', '-3', '1e3']) {
      const res = await api.app.inject({ method: 'GET', url: `/api/examples/${bad}` });
      expect(res.statusCode, bad).toBe(400);
    }
  });
});
