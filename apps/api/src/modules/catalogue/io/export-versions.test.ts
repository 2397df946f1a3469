import type { CatalogueFile } from '@exemplar/shared/catalogue-io';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../../app';
import { createTestEnv, engineUnderTest } from '../../../../test/helpers/test-db';
import { useTestApp } from '../../../../test/helpers/test-app';
import { userWithRole } from '../../../../test/helpers/users';

const api = useTestApp({ catalogue: true, users: ['admin'] });
const { cat } = api;
const admin = api.users.admin;

const send = (method: 'POST' | 'PUT' | 'GET' | 'DELETE', url: string, payload?: object) =>
  api.request(method, url, { as: admin, payload });
const body = (question: string, categoryId = cat.linear) => ({
  question,
  answer: '$4$',
  difficultyId: cat.easy,
  typeId: cat.worked,
  categoryId,
});
const exportFile = async (query = '') => {
  const res = await api.inject('GET', `/admin/export${query}`, { as: admin });
  expect(res.statusCode, res.body).toBe(200);
  return JSON.parse(res.body) as CatalogueFile;
};

/** An example saved four times (create, edit into a category since deleted, edit, restore). */
async function historied(animal: string) {
  const made = await send('POST', '/categories', {
    name: 'Gone soon',
    description: '',
    subjectId: cat.algebra,
  });
  const gone = made.body.data.category.id as number;
  const id = (await send('POST', '/examples', body(`How far can a ${animal} climb?`))).body.data
    .example.id as number;
  await send('PUT', `/examples/${id}`, body(`How far can a ${animal} climb today?`, gone));
  await send('PUT', `/examples/${id}`, body(`How high can a ${animal} climb?`));
  expect((await send('DELETE', `/categories/${gone}`)).status).toBe(200);
  expect((await send('POST', `/examples/${id}/versions/1/restore`, {})).status).toBe(200);
  return id;
}

describe(`export and import of example history on ${engineUnderTest}`, () => {
  it('leaves history out of the export by default and puts it in with ?versions=true, oldest first, by name', async () => {
    await historied('gecko');
    const plain = await exportFile();
    expect(plain.examples.every((e) => !('history' in e))).toBe(true);
    const bad = await api.inject('GET', '/admin/export?versions=yes', { as: admin });
    expect(bad.statusCode).toBe(400);

    const file = await exportFile('?versions=true');
    const gecko = file.examples.find((e) => e.question === 'How far can a gecko climb?')!;
    const email = admin.email;
    expect(gecko.history!.map((v) => [v.version, v.action, v.question, v.category])).toEqual([
      [1, 'create', 'How far can a gecko climb?', ['Equations', 'Linear']],
      [2, 'edit', 'How far can a gecko climb today?', null],
      [3, 'edit', 'How high can a gecko climb?', ['Equations', 'Linear']],
      [4, 'restore', 'How far can a gecko climb?', ['Equations', 'Linear']],
    ]);
    expect(gecko.history![3]).toMatchObject({
      subject: 'Algebra',
      difficulty: 'easy',
      type: 'Worked Example',
      editedBy: { email },
    });
    // Examples saved before history was kept carry their version 1, without an editor.
    expect(file.examples.find((e) => e.question.startsWith('Find the area'))!.history).toEqual([
      expect.objectContaining({ version: 1, action: 'create', editedBy: null }),
    ]);
  });

  it('round-trips: an export with history imported into an empty database keeps every version, and exports again identically', async () => {
    const id = await historied('newt');
    const first = await exportFile('?versions=true');
    const before = (await send('GET', `/examples/${id}/versions`)).body.data.versions;

    const other = await createTestEnv();
    const empty = await buildApp(other.config, { logger: false });
    try {
      const importer = await userWithRole(empty, 'admin');
      const res = await empty.inject({
        method: 'POST',
        url: '/api/admin/import',
        headers: importer.auth,
        payload: { dryRun: false, data: first },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({ imported: first.examples.length, failed: 0 });

      const again = await empty.inject({
        method: 'GET',
        url: '/api/admin/export?versions=true',
        headers: importer.auth,
      });
      expect({ ...(JSON.parse(again.body) as CatalogueFile), exportedAt: 'x' }).toEqual({
        ...first,
        exportedAt: 'x',
      });

      const row = await empty.database.db
        .selectFrom('examples')
        .select('id')
        .where('question', '=', 'How far can a newt climb?')
        .executeTakeFirstOrThrow();
      const list = await empty.inject({
        method: 'GET',
        url: `/api/examples/${row.id}/versions`,
        headers: importer.auth,
      });
      const after = list.json().data.versions as typeof before;
      // The same versions; ids are this database's, and the editor's account is not linked
      // across databases (id null). Version 2's category was deleted before the export.
      type V = (typeof before)[number];
      const portable = (v: V) => ({
        ...v,
        editedBy: v.editedBy && { ...v.editedBy, id: null },
        difficultyId: 'id',
        typeId: 'id',
        categoryId: v.categoryId === null ? null : 'id',
      });
      // Version 2's category, deleted in the first database, is no category at all in the second.
      expect(after.map(portable)).toEqual(
        before.map(portable).map((v: V) => (v.version === 2 ? { ...v, categoryId: null } : v)),
      );
      expect(after.filter((v: V) => v.categoryId === null).map((v: V) => v.version)).toEqual([2]);
    } finally {
      await empty.close();
      await other.cleanup();
    }
  });

  it('adds an import version when the file changed the example after its newest version, and refuses a malformed history naming it', async () => {
    const file = await exportFile('?versions=true');
    const other = await createTestEnv();
    const empty = await buildApp(other.config, { logger: false });
    try {
      const importer = await userWithRole(empty, 'admin');
      const [edited, broken] = [
        structuredClone(file.examples[0]!),
        structuredClone(file.examples[1]!),
      ];
      edited.answer = 'Changed by hand.';
      broken.history = [{ ...broken.history![0]!, version: 0 }];
      const res = await empty.inject({
        method: 'POST',
        url: '/api/admin/import',
        headers: importer.auth,
        payload: { dryRun: false, data: { ...file, examples: [edited, broken] } },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({
        imported: 1,
        failed: 1,
        failures: [{ index: 1, problems: ['history entry 1 needs a version number above 0'] }],
      });
      const row = await empty.database.db
        .selectFrom('examples')
        .select('id')
        .where('answer', '=', 'Changed by hand.')
        .executeTakeFirstOrThrow();
      const versions = (
        await empty.inject({
          method: 'GET',
          url: `/api/examples/${row.id}/versions`,
          headers: importer.auth,
        })
      ).json().data.versions;
      expect(
        versions.map((v: { version: number; action: string; answer: string }) => [
          v.version,
          v.action,
          v.answer,
        ]),
      ).toEqual([
        [2, 'import', 'Changed by hand.'],
        [1, 'create', edited.history![0]!.answer],
      ]);
      expect(versions[0].editedBy).toMatchObject({ email: importer.email });
    } finally {
      await empty.close();
      await other.cleanup();
    }
  });
});
