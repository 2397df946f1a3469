import { describe, expect, it } from 'vitest';
import { insertExample } from '../../../test/factories';
import { engineUnderTest } from '../../../test/helpers/test-db';
import { useTestApp } from '../../../test/helpers/test-app';
import { CHECKS_PER_MINUTE, READS_PER_MINUTE } from './attempts.routes';

const api = useTestApp({ catalogue: true, users: ['basic', 'admin'] });
const { cat } = api;
const db = () => api.app.database.db;

let ipCounter = 0;
/** Each request from an address of its own, so the per-IP limits decide only the test about them. */
const nextIp = () => `198.51.${Math.floor(ipCounter / 250) % 250}.${(ipCounter++ % 250) + 1}`;

const post = (url: string, payload: object, as?: 'admin' | 'basic', remoteAddress = nextIp()) =>
  api.request('POST', url, { as, payload, remoteAddress });
const exampleBody = (extra: object = {}) => ({
  question: 'What is $\\sqrt{6.66}$, to three decimal places?',
  answer: '$2.581$',
  difficultyId: cat.easy,
  typeId: cat.worked,
  categoryId: cat.sequences,
  ...extra,
});

describe(`answers checked and read under the example's answer spec on ${engineUnderTest}`, () => {
  it('POST /examples/{id}/check checks under the spec an editor set, and again under the inferred one once it is reset', async () => {
    const made = await post('/examples', exampleBody(), 'admin');
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const id = made.body.data.example.id as number;
    const loose = { kind: 'value', tolerance: 0.01 };

    expect((await post(`/examples/${id}/check`, { answer: '2.58' })).body.data.correct).toBe(false);
    const set = await api.request('PUT', `/examples/${id}`, {
      as: 'admin',
      payload: exampleBody({ answerSpec: loose }),
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect((await post(`/examples/${id}/check`, { answer: '2.58' })).body.data.correct).toBe(true);
    expect((await post(`/examples/${id}/check`, { answer: '2.6' })).body.data.correct).toBe(false);

    await api.request('PUT', `/examples/${id}`, {
      as: 'admin',
      payload: exampleBody({ answerSpec: null }),
    });
    expect((await post(`/examples/${id}/check`, { answer: '2.58' })).body.data.correct).toBe(false);
  });

  it('POST /examples/{id}/read says how the answer reads, or what stops it being read, and records nothing', async () => {
    const attempts = async () =>
      (await db().selectFrom('answer_attempts').select('id').execute()).length;
    const before = await attempts();
    const read = await api.inject('POST', `/examples/${cat.ex.linear}/read`, {
      payload: { answer: 'x = 4' },
      remoteAddress: nextIp(),
    });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.headers['cache-control']).toBe('no-store');
    const { data } = read.json();
    expect(Object.keys(data)).toEqual(['reading']);
    expect(data.reading).toMatch(/x\s*=\s*4/);

    const unreadable = await post(`/examples/${cat.ex.linear}/read`, { answer: 'x = (4' }, 'basic');
    expect(unreadable.status).toBe(200);
    expect(Object.keys(unreadable.body.data)).toEqual(['problem']);
    expect(unreadable.body.data.problem).not.toMatch(/\\operatorname|command/);

    const empty = await post(`/examples/${cat.ex.linear}/read`, { answer: '  ' });
    expect(empty.status).toBe(400);
    expect(empty.body.fields).toEqual({ answer: 'Type an answer to check.' });
    expect((await post('/examples/999999/read', { answer: '1' })).status).toBe(404);
    expect(await attempts()).toBe(before);
  });

  it('a draft is read for editors only: 404 for visitors and learners', async () => {
    const draft = await insertExample(db(), {
      categoryId: cat.sequences,
      difficultyId: cat.easy,
      typeId: cat.worked,
      question: 'What is $3 + 4$?',
      answer: '$7$',
    });
    await db().updateTable('examples').set({ status: 'draft' }).where('id', '=', draft).execute();
    expect((await post(`/examples/${draft}/read`, { answer: '7' })).status).toBe(404);
    expect((await post(`/examples/${draft}/read`, { answer: '7' }, 'basic')).status).toBe(404);
    const editor = await post(`/examples/${draft}/read`, { answer: '7' }, 'admin');
    expect(editor.status, JSON.stringify(editor.body)).toBe(200);
    expect(editor.body.data).toHaveProperty('reading');
  });

  it(`lets ${READS_PER_MINUTE} readings a minute through from one address, then 429, a limit of its own that leaves checks alone`, async () => {
    expect(READS_PER_MINUTE).toBeGreaterThan(CHECKS_PER_MINUTE);
    const ip = '203.0.113.91';
    const statuses = new Map<number, number>();
    for (let i = 0; i < READS_PER_MINUTE; i++) {
      const { status } = await post(
        `/examples/${cat.ex.linear}/read`,
        { answer: `x = ${i}` },
        undefined,
        ip,
      );
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
    expect(Object.fromEntries(statuses)).toEqual({ 200: READS_PER_MINUTE });
    const refused = await post(
      `/examples/${cat.ex.linear}/read`,
      { answer: 'x = 4' },
      undefined,
      ip,
    );
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ success: false, code: 'TooManyRequests' });
    const check = await post(
      `/examples/${cat.ex.linear}/check`,
      { answer: 'x = 4' },
      undefined,
      ip,
    );
    expect(check.status).toBe(200);
    expect((await post(`/examples/${cat.ex.linear}/read`, { answer: 'x = 4' })).status).toBe(200);
  });
});

describe(`POST /admin/answer-check/try on ${engineUnderTest}`, () => {
  const tryBody = (answerSpec: object | null) => ({
    question: 'What is $\\sqrt{6.66}$, to three decimal places?',
    answer: '$2.581$',
    answerSpec,
    answers: ['2.581', '2.58', 'x = (4'],
  });

  it('tries answers under the spec given (or the inferred one) without saving anything, for editors', async () => {
    const examples = async () => (await db().selectFrom('examples').select('id').execute()).length;
    const before = await examples();
    const given = await post(
      '/admin/answer-check/try',
      tryBody({ kind: 'value', tolerance: 0.01 }),
      'admin',
    );
    expect(given.status, JSON.stringify(given.body)).toBe(200);
    expect(given.body.data).toMatchObject({
      answerSpec: { kind: 'value', tolerance: 0.01, form: 'any', unit: null, choice: null },
      inferred: false,
    });
    const [exact, near, broken] = given.body.data.results;
    expect(exact).toMatchObject({ answer: '2.581', correct: true });
    expect(near).toMatchObject({ answer: '2.58', correct: true });
    expect(broken).toEqual({ answer: 'x = (4', refused: expect.any(String) });

    const inferred = await post('/admin/answer-check/try', tryBody(null), 'admin');
    expect(inferred.status).toBe(200);
    expect(inferred.body.data.inferred).toBe(true);
    expect(inferred.body.data.results[1]).toMatchObject({ answer: '2.58', correct: false });
    expect(await examples()).toBe(before);
  });

  it('refuses a bad spec or no answers with 400, a learner with 403 and a visitor with 401', async () => {
    const bad = await post('/admin/answer-check/try', tryBody({ kind: 'choice' }), 'admin');
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual({
      'answerSpec.choice': 'A multiple-choice answer needs its letter.',
    });
    const none = await post('/admin/answer-check/try', { ...tryBody(null), answers: [] }, 'admin');
    expect(none.status).toBe(400);
    expect(none.body.fields).toEqual({ answers: 'Type an answer to try.' });
    expect((await post('/admin/answer-check/try', tryBody(null), 'basic')).status).toBe(403);
    expect((await post('/admin/answer-check/try', tryBody(null))).status).toBe(401);
  });
});
