import type { CatalogueFile } from '@exemplar/shared/catalogue-io';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../../app';
import { createTestEnv, engineUnderTest } from '../../../../test/helpers/test-db';
import { useTestApp } from '../../../../test/helpers/test-app';
import { userWithRole } from '../../../../test/helpers/users';

const api = useTestApp({ catalogue: true, users: ['admin'] });
const { cat } = api;
const admin = api.users.admin;

const send = (method: 'POST' | 'PUT' | 'GET', url: string, payload?: object) =>
  api.request(method, url, { as: admin, payload });
const exportFile = async (query = '') => {
  const res = await api.inject('GET', `/admin/export${query}`, { as: admin });
  expect(res.statusCode, res.body).toBe(200);
  return JSON.parse(res.body) as CatalogueFile;
};
const metres = { kind: 'value', form: 'any', unit: 'm', tolerance: null, choice: null };
const tests = [
  { answer: '1200 cm', accept: true },
  { answer: '12 s', accept: false },
];
/** One example record of a catalogue file, with `extra` fields. */
const record = (question: string, extra: object = {}) => ({
  subject: 'Algebra',
  category: ['Equations', 'Linear'],
  difficulty: 'easy',
  type: 'Worked Example',
  question,
  answer: '$12\\text{ m}$',
  ...extra,
});

describe(`answer specs in the catalogue file on ${engineUnderTest}`, () => {
  it('exports the spec as set (absent when inferred) and the test answers, with the history too, and imports them back', async () => {
    await send('POST', '/examples', {
      question: 'How long is the bridge?',
      answer: '$12\\text{ m}$',
      difficultyId: cat.easy,
      typeId: cat.worked,
      categoryId: cat.linear,
      answerSpec: metres,
      testAnswers: tests,
    });
    const file = await exportFile('?versions=true');
    const bridge = file.examples.find((e) => e.question === 'How long is the bridge?')!;
    expect(bridge).toMatchObject({ answerSpec: metres, testAnswers: tests });
    expect(bridge.history![0]).toMatchObject({ answerSpec: metres, testAnswers: tests });
    const inferred = file.examples.filter((e) => e.question !== 'How long is the bridge?');
    expect(inferred.length).toBeGreaterThan(0);
    for (const e of inferred) {
      expect(e).not.toHaveProperty('answerSpec');
      expect(e).not.toHaveProperty('testAnswers');
    }

    const other = await createTestEnv();
    const empty = await buildApp(other.config, { logger: false });
    try {
      const importer = await userWithRole(empty, 'admin');
      const res = await empty.inject({
        method: 'POST',
        url: '/api/admin/import',
        headers: importer.auth,
        payload: { dryRun: false, data: file },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({ imported: file.examples.length, failed: 0 });
      const again = await empty.inject({
        method: 'GET',
        url: '/api/admin/export?versions=true',
        headers: importer.auth,
      });
      expect({ ...(JSON.parse(again.body) as CatalogueFile), exportedAt: 'x' }).toEqual({
        ...file,
        exportedAt: 'x',
      });
      const row = await empty.database.db
        .selectFrom('examples')
        .select('id')
        .where('question', '=', 'How long is the bridge?')
        .executeTakeFirstOrThrow();
      const read = await empty.inject({
        method: 'GET',
        url: `/api/examples/${row.id}`,
        headers: importer.auth,
      });
      expect(read.json().data.example).toMatchObject({
        answerSpec: metres,
        answerSpecSet: true,
        testAnswers: tests,
      });
    } finally {
      await empty.close();
      await other.cleanup();
    }
  });

  it('refuses a record whose spec or test answers do not validate, naming the field, and imports the rest', async () => {
    const res = await send('POST', '/admin/import', {
      dryRun: true,
      data: {
        format: 'exemplar-catalogue',
        version: 1,
        examples: [
          record('How long is the fence?', { answerSpec: metres, testAnswers: tests }),
          record('How long is the wall?', { answerSpec: { kind: 'choice' } }),
          record('How long is the hedge?', { testAnswers: [{ answer: '3', accept: 'yes' }] }),
          record('How long is the path?', { answerSpec: 'metres' }),
        ],
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const report = res.body.data;
    expect(report).toMatchObject({ total: 4, imported: 1, failed: 3 });
    expect(report.failures).toEqual([
      {
        index: 1,
        ref: 'How long is the wall?',
        problems: ['answerSpec choice: A multiple-choice answer needs its letter.'],
      },
      {
        index: 2,
        ref: 'How long is the hedge?',
        problems: [
          'testAnswers 1 accept: Say whether the test answer must be accepted (true) or refused (false).',
        ],
      },
      {
        index: 3,
        ref: 'How long is the path?',
        problems: [expect.stringMatching(/^answerSpec: /)],
      },
    ]);
  });

  it('leaves the spec of a MATH record inferred, with no test answers', async () => {
    const res = await send('POST', '/admin/import', {
      dryRun: false,
      data: [
        {
          source_id: 'MATH/train/algebra/901',
          subject: 'Algebra',
          level: 1,
          question: 'What is $20-2$?',
          answer: '18',
          answerSpec: { kind: 'none' },
        },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ imported: 1, failed: 0 });
    const row = await api.app.database.db
      .selectFrom('examples')
      .select(['id', 'answer_spec', 'test_answers'])
      .where('source_ref', '=', 'MATH/train/algebra/901')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ answer_spec: null, test_answers: '[]' });
    expect((await send('GET', `/examples/${row.id}`)).body.data.example).toMatchObject({
      answerSpecSet: false,
      testAnswers: [],
      answerSpec: { kind: 'value' },
    });
  });
});
