import { describe, expect, it } from 'vitest';
import { engineUnderTest } from '../../../../test/helpers/test-db';
import { useTestApp } from '../../../../test/helpers/test-app';

const api = useTestApp({ catalogue: true, users: ['admin'] });
const { cat } = api;
const admin = api.users.admin;

const send = (method: 'POST' | 'PUT' | 'GET', url: string, payload?: object) =>
  api.request(method, url, { as: admin, payload });
const example = (question: string, extra: object = {}) => ({
  question,
  answer: '$4$',
  difficultyId: cat.easy,
  typeId: cat.worked,
  categoryId: cat.linear,
  ...extra,
});
/** Ids of the examples whose question contains `text` (case-sensitive on both engines). */
const examplesWith = async (text: string) =>
  (
    await api.app.database.db
      .selectFrom('examples')
      .select(['id', 'question'])
      .orderBy('id')
      .execute()
  )
    .filter((r) => r.question.includes(text))
    .map((r) => r.id);
const auditOf = async (id: number) =>
  (
    await api.app.database.db
      .selectFrom('audit_log')
      .select(['action', 'details'])
      .where('target_type', '=', 'examples')
      .where('target_id', '=', String(id))
      .orderBy('id')
      .execute()
  ).map((r) => ({ action: r.action, details: JSON.parse(r.details) as object }));

describe(`duplicate questions on ${engineUnderTest}`, () => {
  it('refuses a create repeating another question in another spelling with 409 naming it, and saves nothing', async () => {
    const first = await send(
      'POST',
      '/examples',
      example('Solve $\\left(x+1\\right)^{2} = \\dfrac{16}{4}$ for the walrus.'),
    );
    expect(first.status).toBe(201);
    const id = first.body.data.example.id;
    const again = await send(
      'POST',
      '/examples',
      example('solve  \\((x + 1)^2=\\frac{16}{4}\\,\\) for the WALRUS.', {
        categoryId: cat.circles,
      }),
    );
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      success: false,
      code: 'Conflict',
      message: `This question repeats example ${id}.`,
      reason: 'DuplicateQuestion',
      existingId: id,
    });
    expect(await examplesWith('WALRUS')).toEqual([]);
    expect(await examplesWith('walrus')).toEqual([id]);
  });

  it('saves the repeat with allowDuplicate: true and records which example it repeats in the audit log', async () => {
    const id = (await send('POST', '/examples', example('What is $2+2$ for the yak?'))).body.data
      .example.id;
    const saved = await send(
      'POST',
      '/examples',
      example('What is $2 + 2$ for the yak?', { allowDuplicate: true }),
    );
    expect(saved.status).toBe(201);
    const copy = saved.body.data.example.id;
    expect(saved.body.data.example).not.toHaveProperty('allowDuplicate');
    expect(await auditOf(copy)).toEqual([
      {
        action: 'examples.create',
        details: { categoryId: cat.linear, status: 'published', duplicateOf: id },
      },
    ]);
    expect(await auditOf(id)).toEqual([
      { action: 'examples.create', details: { categoryId: cat.linear, status: 'published' } },
    ]);
  });

  it('lets an update keep its own question, and refuses one that takes another example’s', async () => {
    const a = (await send('POST', '/examples', example('Factor $x^2-1$ for the okapi.'))).body.data
      .example.id;
    const b = (await send('POST', '/examples', example('Factor $x^2-4$ for the okapi.'))).body.data
      .example.id;
    const kept = await send('PUT', `/examples/${a}`, example('Factor $x^{2}-1$ for the okapi.'));
    expect(kept.status).toBe(200);
    const taken = await send('PUT', `/examples/${b}`, example('FACTOR $x^2 - 1$ for the okapi.'));
    expect(taken).toMatchObject({
      status: 409,
      body: { message: `This question repeats example ${a}.`, existingId: a },
    });
    expect((await send('GET', `/examples/${b}`)).body.data.example.question).toBe(
      'Factor $x^2-4$ for the okapi.',
    );
    const forced = await send(
      'PUT',
      `/examples/${b}`,
      example('FACTOR $x^2 - 1$ for the okapi.', { allowDuplicate: true }),
    );
    expect(forced.status).toBe(200);
    expect((await auditOf(b)).at(-1)).toEqual({
      action: 'examples.update',
      details: { categoryId: cat.linear, duplicateOf: a },
    });
  });

  it('keeps question_key current, so an edited-away question no longer blocks', async () => {
    const a = (await send('POST', '/examples', example('Name the quokka constant.'))).body.data
      .example.id;
    await send('PUT', `/examples/${a}`, example('Name the numbat constant.'));
    expect((await send('POST', '/examples', example('name the QUOKKA constant.'))).status).toBe(
      201,
    );
    expect((await send('POST', '/examples', example('Name the numbat  constant.'))).status).toBe(
      409,
    );
  });

  it('refuses an allowDuplicate that is not a boolean', async () => {
    const res = await send('POST', '/examples', example('Kiwi?', { allowDuplicate: 'yes' }));
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({ allowDuplicate: 'allowDuplicate must be true or false.' });
    expect(await examplesWith('Kiwi')).toEqual([]);
  });
});
