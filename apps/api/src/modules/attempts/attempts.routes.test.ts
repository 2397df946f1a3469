import { beforeAll, describe, expect, it } from 'vitest';
import { engineUnderTest } from '../../../test/helpers/test-db';
import { useTestApp } from '../../../test/helpers/test-app';
import { userId, type TestUser } from '../../../test/helpers/users';
import { insertExample } from '../../../test/factories';
import { deleteExample } from '../catalogue/examples';
import { CHECKS_PER_MINUTE } from './attempts.routes';
import { attemptsService } from './attempts.service';

const api = useTestApp({ catalogue: true });
const { cat } = api;
const db = () => api.app.database.db;

let ipCounter = 0;
/** Each check from an address of its own, so the per-IP limit decides only the test about it. */
const nextIp = () => `198.51.${Math.floor(ipCounter / 250) % 250}.${(ipCounter++ % 250) + 1}`;

const check = (id: number, answer: unknown, as?: TestUser, remoteAddress = nextIp()) =>
  api.request('POST', `/examples/${id}/check`, { as, payload: { answer }, remoteAddress });
const help = (id: number, kind: unknown, as?: TestUser) =>
  api.request('POST', `/examples/${id}/help`, { as, payload: { kind } });
/** The verdict a visitor gets for `answer` to example `id`. */
const verdictOn = async (id: number, answer: string) => (await check(id, answer)).body.data;
/** A new example (Sequences, easy, worked) with this question and stored answer. */
const exampleAnswering = (question: string, answer: string, procedure?: string) =>
  insertExample(db(), {
    categoryId: cat.sequences,
    difficultyId: cat.easy,
    typeId: cat.worked,
    question,
    answer,
    ...(procedure === undefined ? {} : { procedure }),
  });
const exampleAs = async (id: number, as: TestUser) =>
  (await api.request('GET', `/examples/${id}`, { as })).body.data.example;

const attemptsOf = (user: TestUser) =>
  db()
    .selectFrom('answer_attempts as a')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .select(['a.example_id', 'a.answer', 'a.correct', 'a.after_help'])
    .where('u.email', '=', user.email)
    .orderBy('a.id')
    .execute();
const allAttempts = async () =>
  Number(
    (
      await db()
        .selectFrom('answer_attempts')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const helpOf = (user: TestUser, exampleId: number) =>
  db()
    .selectFrom('help_opened as h')
    .innerJoin('users as u', 'u.id', 'h.user_id')
    .select(['h.answer_opened', 'h.steps_opened', 'h.first_opened_at'])
    .where('u.email', '=', user.email)
    .where('h.example_id', '=', exampleId)
    .executeTakeFirst();

let learner: TestUser;
/** An example with a procedure, whose steps can be opened. */
let stepped: number;
beforeAll(async () => {
  learner = await api.newUser('basic');
  stepped = await exampleAnswering(
    'What is $3 \\times 4$?',
    '$12$',
    'Three fours: $4 + 4 + 4$.\n\nAdd them: $12$.',
  );
});

describe(`checking answers on ${engineUnderTest}`, () => {
  it('answers a visitor whether the answer is right, with no mark, records nothing and is no-store', async () => {
    const before = await allAttempts();
    const right = await api.inject('POST', `/examples/${cat.ex.linear}/check`, {
      payload: { answer: 'x=4' },
      remoteAddress: nextIp(),
    });
    expect(right.statusCode).toBe(200);
    expect(right.json()).toEqual({ success: true, data: { correct: true } });
    expect(right.headers['cache-control']).toBe('no-store');
    expect(right.headers['x-catalogue-cache']).toBeUndefined();
    expect(await check(cat.ex.linear, '$x = 5$')).toEqual({
      status: 200,
      body: { success: true, data: { correct: false } },
    });
    expect(await allAttempts()).toBe(before);
  });

  it('reads the unit of an area: 44 and 440000 cm^2 are right for 44 m², 44 m says "Check the units."', async () => {
    const area = await exampleAnswering(
      'A floor is $4\\text{ m}$ by $11\\text{ m}$. What is its area?',
      '$44\\text{ m}^2$',
    );
    const verdict = (answer: string) => verdictOn(area, answer);
    expect(await verdict('44')).toEqual({ correct: true });
    expect(await verdict('44m^2')).toEqual({ correct: true });
    expect(await verdict('440000\\text{ cm}^2')).toEqual({ correct: true });
    expect(await verdict('44m')).toEqual({ correct: false, feedback: 'Check the units.' });
    // The stored unit's power is not a power of the number.
    expect(await verdict('1936')).toEqual({ correct: false });
  });

  it('reads "or" as the maths field writes it, and refuses an unreadable answer in plain words', async () => {
    const range = await exampleAnswering(
      'For which $k$ does $x^2 + kx + k + 3 = 0$ have two real roots?',
      '$k < -2$ or $k > 6$',
    );
    expect(await verdictOn(range, 'k<-2\\lor k>6')).toEqual({ correct: true });
    expect(await verdictOn(range, 'k\\lt-2\\lor k\\gt7')).toEqual({ correct: false });
    for (const answer of ['k<-2\\land k>6', '\\sqrt{}', '1 & 2', 'k \\\\ 6']) {
      const refused = await check(range, answer);
      expect(refused.status).toBe(400);
      expect(refused.body.message).toMatch(/^We couldn’t read/);
      expect(refused.body.message).not.toMatch(/[\\{}]|command|token/);
    }
  });

  it('accepts the exact value and the approximation a stored answer gives, not another rounding', async () => {
    const quarter = await exampleAnswering(
      'What is $\\arctan 1$?',
      '$\\frac{\\pi}{4} \\approx 0.785$',
    );
    const verdict = (answer: string) => verdictOn(quarter, answer);
    expect(await verdict('\\frac{\\pi}{4}')).toEqual({ correct: true });
    expect(await verdict('0.785')).toEqual({ correct: true });
    expect(await verdict('0.79')).toEqual({ correct: false });
  });

  it('answers "not checkable" for an example whose answer a learner could never type, and records nothing', async () => {
    const proof = await exampleAnswering(
      'Prove that there are infinitely many primes.',
      'If $p_1, \\ldots, p_n$ were all the primes, $p_1 \\cdots p_n + 1$ would have another.',
    );
    const before = await allAttempts();
    for (const as of [undefined, learner]) {
      const { status, body } = await check(proof, '\\angle ABC', as);
      expect(status).toBe(200);
      expect(body.data).toEqual({
        correct: false,
        checkable: false,
        feedback: expect.stringContaining("can't be checked automatically"),
      });
    }
    expect(await allAttempts()).toBe(before);
  });

  it("leaves the visitors' cache alone: a kept list is still served from it after a learner's check and help", async () => {
    const ada = await api.newUser('basic');
    const list = () => api.inject('GET', '/examples?limit=3&difficultyId=easy');
    await list();
    expect((await list()).headers['x-catalogue-cache']).toBe('hit');
    expect((await check(cat.ex.linear, 'x=4', ada)).status).toBe(200);
    expect((await help(cat.ex.linear, 'answer', ada)).status).toBe(200);
    expect((await list()).headers['x-catalogue-cache']).toBe('hit');
  });

  it('refuses an unknown example (404), an unreadable answer (400) and an empty one (400), recording nothing', async () => {
    const ada = await api.newUser('basic');
    expect(await check(999_999, 'x=4', ada)).toMatchObject({
      status: 404,
      body: { success: false, code: 'NotFound', message: 'Example 999999 not found.' },
    });
    const unreadable = await check(cat.ex.linear, 'x={4', ada);
    expect(unreadable.status).toBe(400);
    expect(unreadable.body).toMatchObject({ success: false, code: 'ValidationError' });
    expect(unreadable.body.message).toMatch(/\w/);
    const empty = await check(cat.ex.linear, '   ', ada);
    expect(empty.status).toBe(400);
    expect(JSON.stringify(empty.body)).toContain('Type an answer to check.');
    expect((await check(cat.ex.linear, 'x'.repeat(501), ada)).status).toBe(400);
    expect(await attemptsOf(ada)).toEqual([]);
    expect((await exampleAs(cat.ex.linear, ada)).solved).toBe(false);
  });

  it('records every attempt of a learner; a right answer before any help marks it solved without help', async () => {
    const ada = await api.newUser('basic');
    expect((await check(cat.ex.linear, 'x=5', ada)).body.data).toEqual({ correct: false });
    expect((await exampleAs(cat.ex.linear, ada)).solved).toBe(false);
    expect((await check(cat.ex.linear, 'x = 4', ada)).body.data).toEqual({
      correct: true,
      solveMark: 'without-help',
    });
    expect(await attemptsOf(ada)).toEqual([
      { example_id: cat.ex.linear, answer: 'x=5', correct: 0, after_help: 0 },
      { example_id: cat.ex.linear, answer: 'x = 4', correct: 1, after_help: 0 },
    ]);
    expect(await exampleAs(cat.ex.linear, ada)).toMatchObject({
      solved: true,
      solveMark: 'without-help',
    });
    // Another learner's view is untouched.
    expect(await exampleAs(cat.ex.linear, learner)).toMatchObject({
      solved: false,
      solveMark: null,
    });
  });

  it('a right answer after opening a step marks it solved with help', async () => {
    const ada = await api.newUser('basic');
    expect(await help(stepped, 'step', ada)).toEqual({
      status: 200,
      body: { success: true, message: 'Step opened.', data: null },
    });
    expect((await check(stepped, '11', ada)).body.data).toEqual({ correct: false });
    expect((await check(stepped, '12', ada)).body.data).toEqual({
      correct: true,
      solveMark: 'with-help',
    });
    expect(await attemptsOf(ada)).toEqual([
      { example_id: stepped, answer: '11', correct: 0, after_help: 1 },
      { example_id: stepped, answer: '12', correct: 1, after_help: 1 },
    ]);
    expect(await exampleAs(stepped, ada)).toMatchObject({
      solved: true,
      solveMark: 'with-help',
    });
  });

  it('never downgrades a solve without help: opening the answer and answering again keeps it', async () => {
    const ada = await api.newUser('basic');
    expect((await check(cat.ex.circle, '9\\pi', ada)).body.data.solveMark).toBe('without-help');
    expect((await help(cat.ex.circle, 'answer', ada)).status).toBe(200);
    expect((await check(cat.ex.circle, '9\\pi', ada)).body.data).toEqual({
      correct: true,
      solveMark: 'without-help',
    });
    expect((await attemptsOf(ada)).map((a) => a.after_help)).toEqual([0, 1]);
    expect((await exampleAs(cat.ex.circle, ada)).solveMark).toBe('without-help');
  });

  it('a checked answer gives a hand-set solved mark its how; clearing the mark by hand removes both', async () => {
    const ada = await api.newUser('basic');
    await api.request('PUT', `/examples/${cat.ex.linear}/solved`, { as: ada });
    expect(await exampleAs(cat.ex.linear, ada)).toMatchObject({ solved: true, solveMark: null });
    expect((await check(cat.ex.linear, 'x=4', ada)).body.data.solveMark).toBe('without-help');
    expect((await exampleAs(cat.ex.linear, ada)).solveMark).toBe('without-help');
    // Marking solved by hand again keeps how it was earned.
    await api.request('PUT', `/examples/${cat.ex.linear}/solved`, { as: ada });
    expect((await exampleAs(cat.ex.linear, ada)).solveMark).toBe('without-help');

    expect(
      (await api.request('DELETE', `/examples/${cat.ex.linear}/solved`, { as: ada })).status,
    ).toBe(200);
    expect(await exampleAs(cat.ex.linear, ada)).toMatchObject({ solved: false, solveMark: null });

    // Hand-set after help: the checked answer makes it 'with-help'.
    await help(cat.ex.sequence, 'answer', ada);
    await api.request('PUT', `/examples/${cat.ex.sequence}/solved`, { as: ada });
    expect((await check(cat.ex.sequence, '39', ada)).body.data.solveMark).toBe('with-help');
  });

  it('six checks at once, right and wrong, each answered and recorded, leave one solved mark', async () => {
    const ada = await api.newUser('basic');
    const answers = ['x=4', 'x=5', 'x = 4', 'x=6', 'x=4', '4=x'];
    const results = await Promise.all(answers.map((a) => check(cat.ex.linear, a, ada)));
    for (const r of results) expect(r.status).toBe(200);
    const attempts = await attemptsOf(ada);
    expect(attempts.map((a) => a.answer).sort()).toEqual([...answers].sort());
    const marks = await db()
      .selectFrom('solved_marks as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select(['m.example_id', 'm.how'])
      .where('u.email', '=', ada.email)
      .execute();
    expect(attempts.filter((a) => a.correct === 1).length).toBeGreaterThanOrEqual(3);
    expect(marks).toEqual([{ example_id: cat.ex.linear, how: 'without-help' }]);
  });

  it('carries solveMark on list rows for a signed-in caller and leaves it out for visitors', async () => {
    const ada = await api.newUser('basic');
    await check(cat.ex.linear, 'x=4', ada);
    await help(cat.ex.sequence, 'answer', ada);
    await check(cat.ex.sequence, '39', ada);
    await api.request('PUT', `/examples/${cat.ex.circle}/solved`, { as: ada });
    const rows: { id: number; solved: boolean; solveMark: string | null }[] = (
      await api.request('GET', '/examples?limit=100', { as: ada })
    ).body.data.examples;
    const markOf = (id: number) => rows.find((r) => r.id === id)?.solveMark;
    expect(markOf(cat.ex.linear)).toBe('without-help');
    expect(markOf(cat.ex.sequence)).toBe('with-help');
    expect(markOf(cat.ex.circle)).toBeNull();
    expect(markOf(cat.ex.quadEasy)).toBeNull();
    const visitorRows = (await api.request('GET', '/examples?limit=100')).body.data.examples;
    for (const row of visitorRows) {
      expect(row).not.toHaveProperty('solveMark');
      expect(row).not.toHaveProperty('solved');
    }
  });
});

describe(`opening help on ${engineUnderTest}`, () => {
  it('is for signed-in learners (401 for visitors), 404 for an unknown example, 400 for an unknown kind', async () => {
    expect(await help(cat.ex.linear, 'answer')).toMatchObject({ status: 401 });
    expect(await help(999_999, 'answer', learner)).toMatchObject({
      status: 404,
      body: { message: 'Example 999999 not found.' },
    });
    const bad = await help(cat.ex.linear, 'hint', learner);
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('ValidationError');
    expect(await helpOf(learner, cat.ex.linear)).toBeUndefined();
  });

  it('refuses a step of an example without a procedure (400) and notes nothing', async () => {
    const ada = await api.newUser('basic');
    expect(await help(cat.ex.linear, 'step', ada)).toMatchObject({
      status: 400,
      body: {
        success: false,
        code: 'ValidationError',
        message: `Example ${cat.ex.linear} has no steps to open: it has no procedure.`,
      },
    });
    expect(await helpOf(ada, cat.ex.linear)).toBeUndefined();
    expect((await check(cat.ex.linear, 'x=4', ada)).body.data.solveMark).toBe('without-help');
  });

  it('notes the answer once, counts each step and keeps the first time; answers are no-store', async () => {
    const ada = await api.newUser('basic');
    const first = await api.inject('POST', `/examples/${cat.ex.quadEasy}/help`, {
      as: ada,
      payload: { kind: 'step' },
    });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    const opened = await helpOf(ada, cat.ex.quadEasy);
    expect(opened).toMatchObject({ answer_opened: 0, steps_opened: 1 });
    await help(cat.ex.quadEasy, 'step', ada);
    await help(cat.ex.quadEasy, 'answer', ada);
    expect(await help(cat.ex.quadEasy, 'answer', ada)).toEqual({
      status: 200,
      body: { success: true, message: 'Answer opened.', data: null },
    });
    await help(cat.ex.quadEasy, 'step', ada);
    expect(await helpOf(ada, cat.ex.quadEasy)).toEqual({
      answer_opened: 1,
      steps_opened: 3,
      first_opened_at: opened!.first_opened_at,
    });
  });
});

describe(`the per-IP limit on checking on ${engineUnderTest}`, () => {
  it(`lets ${CHECKS_PER_MINUTE} checks a minute through from one address, refuses the next with 429, and not another address's`, async () => {
    const ip = '203.0.113.77';
    const statuses: number[] = [];
    for (let i = 0; i < CHECKS_PER_MINUTE; i++) {
      statuses.push((await check(cat.ex.linear, 'x=5', undefined, ip)).status);
    }
    expect(statuses).toEqual(Array(CHECKS_PER_MINUTE).fill(200));
    const refused = await api.inject('POST', `/examples/${cat.ex.linear}/check`, {
      payload: { answer: 'x=4' },
      remoteAddress: ip,
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ success: false, code: 'TooManyRequests' });
    expect(refused.json().message).toMatch(
      /^Too many requests\. Please try again in \d+ seconds\.$/,
    );
    expect((await check(cat.ex.linear, 'x=4', undefined, '203.0.113.78')).status).toBe(200);
  });
});

describe(`attempts and help go with their owner on ${engineUnderTest}`, () => {
  it("deleting an example, then the learner's account, removes their attempts and help", async () => {
    const ada = await api.newUser('basic');
    const extra = await insertExample(db(), {
      categoryId: cat.circles,
      difficultyId: cat.easy,
      typeId: cat.worked,
      question: 'What is $3 \\times 3$?',
      answer: '$9$',
    });
    for (const id of [extra, cat.ex.sequence]) {
      await help(id, 'answer', ada);
      expect((await check(id, id === extra ? '9' : '39', ada)).body.data.correct).toBe(true);
    }
    // By the account's id: after the account is gone, a join through users would find nothing anyway.
    const adaId = await userId(db(), ada);
    const rows = async () => ({
      attempts: (
        await db()
          .selectFrom('answer_attempts')
          .select('example_id')
          .where('user_id', '=', adaId)
          .orderBy('id')
          .execute()
      ).map((a) => a.example_id),
      help: (
        await db()
          .selectFrom('help_opened')
          .select('example_id')
          .where('user_id', '=', adaId)
          .orderBy('example_id')
          .execute()
      ).map((h) => h.example_id),
    });
    expect(await rows()).toEqual({
      attempts: [extra, cat.ex.sequence],
      help: [cat.ex.sequence, extra].sort((a, b) => a - b),
    });
    expect((await api.request('DELETE', `/examples/${extra}`, { as: 'superadmin' })).status).toBe(
      200,
    );
    expect(await rows()).toEqual({ attempts: [cat.ex.sequence], help: [cat.ex.sequence] });
    expect(
      (await api.request('DELETE', `/admin/users/${ada.username}`, { as: 'superadmin' })).status,
    ).toBe(200);
    expect(await rows()).toEqual({ attempts: [], help: [] });
  });
});

describe(`an example deleted while its answer is checked on ${engineUnderTest}`, () => {
  it('answers 404 "Example N not found." and records nothing (its attempt has no example to belong to)', async () => {
    const ada = await api.newUser('basic');
    const adaId = await userId(db(), ada);
    const doomed = await insertExample(db(), {
      categoryId: cat.circles,
      difficultyId: cat.easy,
      typeId: cat.worked,
      question: 'What is $2 + 2$?',
      answer: '$4$',
    });
    // The real database; a checker that lets an admin delete the example while it "checks".
    const service = attemptsService(db(), {
      check: async () => {
        await deleteExample(db(), doomed);
        return { correct: true };
      },
      read: () => Promise.reject(new Error('This test only checks.')),
    });
    await expect(service.check(doomed, '4', adaId)).rejects.toMatchObject({
      statusCode: 404,
      message: `Example ${doomed} not found.`,
    });
    const left = await db()
      .selectFrom('answer_attempts')
      .select('id')
      .where('user_id', '=', adaId)
      .execute();
    expect(left).toEqual([]);
  });
});

describe('the API document', () => {
  it('lists check and help under the learner tag with their bodies; check documents 429 and 404, help 401 and bearer auth', async () => {
    const doc = (await api.inject('GET', '/docs/json')).json();
    const checkOp = doc.paths['/api/examples/{id}/check'].post;
    const helpOp = doc.paths['/api/examples/{id}/help'].post;
    for (const op of [checkOp, helpOp]) {
      expect(op.tags).toEqual(['learner']);
      expect(op.requestBody.content['application/json'].schema).toBeDefined();
      expect(op.responses['404']).toBeDefined();
    }
    expect(Object.keys(checkOp.requestBody.content['application/json'].schema.properties)).toEqual([
      'answer',
    ]);
    expect(checkOp.responses['429']).toBeDefined();
    expect(helpOp.responses['401']).toBeDefined();
    expect(helpOp.security).toEqual([{ bearerAuth: [] }]);
    expect(
      doc.paths['/api/examples'].get.parameters.map((p: { name: string }) => p.name),
    ).toContain('withoutHelp');
  });
});
