import { describe, expect, it } from 'vitest';
import { engineUnderTest } from '../../../../test/helpers/test-db';
import { useTestApp } from '../../../../test/helpers/test-app';
import { inferAnswerSpec } from '../../../engines/answer-check';

const api = useTestApp({ catalogue: true, users: ['admin'] });
const { cat } = api;
const admin = api.users.admin;

const send = (method: 'POST' | 'PUT' | 'GET', url: string, payload?: object) =>
  api.request(method, url, { as: admin, payload });
const body = (question: string, extra: object = {}) => ({
  question,
  answer: '$12\\text{ m}$',
  difficultyId: cat.easy,
  typeId: cat.worked,
  categoryId: cat.linear,
  ...extra,
});
const metres = { kind: 'value', form: 'any', unit: 'm', tolerance: null, choice: null };
const tests = [
  { answer: '1200 cm', accept: true },
  { answer: '12 s', accept: false },
];
const stored = (id: number) =>
  api.app.database.db
    .selectFrom('examples')
    .select(['answer_spec', 'test_answers', 'question'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

describe(`answer specs and test answers of examples on ${engineUnderTest}`, () => {
  it('stores a spec and test answers as set, shows editors whether it was set and its test answers, and visitors only the spec', async () => {
    const made = await send(
      'POST',
      '/examples',
      body('How long is the ladder?', {
        answerSpec: { kind: 'value', unit: 'm' },
        testAnswers: tests,
      }),
    );
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const id = made.body.data.example.id as number;
    expect(made.body.data.example).toMatchObject({
      answerSpec: metres,
      answerSpecSet: true,
      testAnswers: tests,
    });
    expect((await send('GET', `/examples/${id}`)).body.data.example).toMatchObject({
      answerSpec: metres,
      answerSpecSet: true,
      testAnswers: tests,
    });
    const visitor = (await api.request('GET', `/examples/${id}`, { as: 'visitor' })).body.data
      .example;
    expect(visitor.answerSpec).toEqual(metres);
    expect(visitor).not.toHaveProperty('answerSpecSet');
    expect(visitor).not.toHaveProperty('testAnswers');
    const listed = (await api.request('GET', '/examples?limit=100', { as: 'visitor' })).body.data;
    expect(listed.examples.find((e: { id: number }) => e.id === id).answerSpec).toEqual(metres);
  });

  it('infers the spec of an example without one; an update without answerSpec keeps it, null sends it back to inferred', async () => {
    const question = 'How long is the rope?';
    const made = await send('POST', '/examples', body(question));
    const id = made.body.data.example.id as number;
    expect(made.body.data.example).toMatchObject({
      answerSpec: inferAnswerSpec(question, '$12\\text{ m}$'),
      answerSpecSet: false,
      testAnswers: [],
    });
    expect(await stored(id)).toMatchObject({ answer_spec: null, test_answers: '[]' });

    const set = await send(
      'PUT',
      `/examples/${id}`,
      body(question, {
        answerSpec: metres,
        testAnswers: tests,
      }),
    );
    expect(set.body.data.example).toMatchObject({ answerSpecSet: true, answerSpec: metres });
    const kept = await send('PUT', `/examples/${id}`, body('How long is the rope now?'));
    expect(kept.body.data.example).toMatchObject({
      answerSpec: metres,
      answerSpecSet: true,
      testAnswers: tests,
    });
    const reset = await send(
      'PUT',
      `/examples/${id}`,
      body(question, {
        answerSpec: null,
        testAnswers: [],
      }),
    );
    expect(reset.body.data.example).toMatchObject({
      answerSpec: inferAnswerSpec(question, '$12\\text{ m}$'),
      answerSpecSet: false,
      testAnswers: [],
    });
    expect(await stored(id)).toMatchObject({ answer_spec: null, test_answers: '[]' });
  });

  it('refuses a bad spec or test answer with 400 naming the field, and changes nothing', async () => {
    const question = 'How long is the pole?';
    const id = (await send('POST', '/examples', body(question, { answerSpec: metres }))).body.data
      .example.id as number;
    const before = await stored(id);

    const noLetter = await send(
      'PUT',
      `/examples/${id}`,
      body('Changed?', {
        answerSpec: { kind: 'choice' },
      }),
    );
    expect(noLetter.status).toBe(400);
    expect(noLetter.body.fields).toEqual({
      'answerSpec.choice': 'A multiple-choice answer needs its letter.',
    });
    const unknownKind = await send(
      'PUT',
      `/examples/${id}`,
      body('Changed?', {
        answerSpec: { kind: 'vibes' },
      }),
    );
    expect(unknownKind.status).toBe(400);
    expect(JSON.stringify(unknownKind.body.fields)).toContain('Answer kind must be one of');
    const emptyTest = await send(
      'PUT',
      `/examples/${id}`,
      body('Changed?', {
        testAnswers: [{ answer: '  ', accept: true }],
      }),
    );
    expect(emptyTest.status).toBe(400);
    expect(JSON.stringify(emptyTest.body.fields)).toContain('A test answer cannot be empty.');
    const unsure = await send(
      'POST',
      '/examples',
      body('Brand new?', {
        testAnswers: [{ answer: '3' }],
      }),
    );
    expect(unsure.status).toBe(400);
    expect(JSON.stringify(unsure.body.fields)).toContain('must be accepted (true) or refused');

    expect(await stored(id)).toEqual(before);
    const news = await api.app.database.db
      .selectFrom('examples')
      .select('id')
      .where('question', '=', 'Brand new?')
      .execute();
    expect(news).toEqual([]);
  });

  it('keeps the spec as set and the test answers in each version, shows them in the history, and a restore brings them back', async () => {
    const question = 'How tall is the mast?';
    const id = (
      await send(
        'POST',
        '/examples',
        body(question, {
          answerSpec: metres,
          testAnswers: tests,
        }),
      )
    ).body.data.example.id as number;
    await send('PUT', `/examples/${id}`, body(question, { answerSpec: null, testAnswers: [] }));

    const history = (await send('GET', `/examples/${id}/versions`)).body.data.versions;
    expect(
      history.map((v: { version: number; answerSpec: unknown; testAnswers: unknown }) => [
        v.version,
        v.answerSpec,
        v.testAnswers,
      ]),
    ).toEqual([
      [2, null, []],
      [1, metres, tests],
    ]);

    const restored = await send('POST', `/examples/${id}/versions/1/restore`, {});
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    expect(restored.body.data.example).toMatchObject({
      answerSpec: metres,
      answerSpecSet: true,
      testAnswers: tests,
    });
    const newest = (await send('GET', `/examples/${id}/versions`)).body.data.versions[0];
    expect(newest).toMatchObject({
      version: 3,
      action: 'restore',
      answerSpec: metres,
      testAnswers: tests,
    });
  });
});
