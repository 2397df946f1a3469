import { describe, expect, it } from 'vitest';
import { engineUnderTest } from '../../../../test/helpers/test-db';
import { useTestApp } from '../../../../test/helpers/test-app';

const api = useTestApp({ catalogue: true, users: ['admin'] });
const { cat } = api;
const admin = api.users.admin;

const record = (n: number, question: string) => ({
  source_id: `MATH/train/algebra/dup-${n}`,
  subject: 'Algebra',
  level: 1,
  question,
  answer: '5',
  procedure: 'Add.',
});
const importFile = (data: object[], extra: object = {}) =>
  api.request('POST', '/admin/import', { as: admin, payload: { dryRun: false, data, ...extra } });
/** The questions containing `text` (case-sensitive on both engines), in id order. */
const questionsLike = async (text: string) =>
  (await api.app.database.db.selectFrom('examples').select('question').orderBy('id').execute())
    .map((r) => r.question)
    .filter((q) => q.includes(text));

describe(`import of repeated questions on ${engineUnderTest}`, () => {
  it('skips and lists questions repeating the catalogue or an earlier record of the file', async () => {
    const existing = await api.request('POST', '/examples', {
      as: admin,
      payload: {
        question: 'What is $\\dfrac{10}{2}$ lemurs?',
        answer: '$5$',
        difficultyId: cat.easy,
        typeId: cat.worked,
        categoryId: cat.linear,
      },
    });
    const existingId = existing.body.data.example.id;
    const res = await importFile([
      record(1, 'What is $\\frac{10}{2}$ LEMURS?'),
      record(2, 'How many $x_{1}$ tapirs?'),
      record(3, 'How many $x_1$  tapirs?'),
      record(4, 'How many capybaras?'),
    ]);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ imported: 2, duplicates: 2 });
    expect(res.body.data.repeats).toEqual([
      { index: 0, ref: expect.any(String), existingId, repeatsIndex: null, imported: false },
      { index: 2, ref: expect.any(String), existingId: null, repeatsIndex: 1, imported: false },
    ]);
    expect(await questionsLike('LEMURS')).toEqual([]);
    expect(await questionsLike('tapirs')).toEqual(['How many $x_{1}$ tapirs?']);
    expect(await questionsLike('capybaras')).toEqual(['How many capybaras?']);
  });

  it('imports the repeats with allowDuplicate: true, still listing them, and audits how many', async () => {
    const res = await importFile(
      [record(11, 'Count the $\\left(ibis\\right)$.'), record(12, 'count the $(ibis)$.')],
      { allowDuplicate: true },
    );
    expect(res.body.data).toMatchObject({ imported: 2, duplicates: 0 });
    expect(res.body.data.repeats).toEqual([
      { index: 1, ref: expect.any(String), existingId: null, repeatsIndex: 0, imported: true },
    ]);
    expect(await questionsLike('ibis')).toHaveLength(2);
    const audit = await api.app.database.db
      .selectFrom('audit_log')
      .select('details')
      .where('action', '=', 'catalogue.import')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.details)).toMatchObject({ repeats: 1, repeatsImported: 1 });
  });

  it('refuses an allowDuplicate that is not a boolean and imports nothing', async () => {
    const res = await importFile([record(21, 'Any gnus?')], { allowDuplicate: 1 });
    expect(res.status).toBe(400);
    expect(res.body.fields).toHaveProperty('allowDuplicate');
    expect(await questionsLike('gnus')).toEqual([]);
  });
});
