import { describe, expect, it } from 'vitest';
import { oneExampleCatalogue } from '../../../../test/factories';
import { engineUnderTest } from '../../../../test/helpers/test-db';
import { useTestApp } from '../../../../test/helpers/test-app';

const api = useTestApp({ catalogue: true, users: ['admin', 'superadmin'] });
const { cat, users } = api;
const { admin, superadmin } = users;

type As = typeof admin;
const send = (
  method: 'POST' | 'PUT' | 'GET' | 'DELETE',
  url: string,
  payload?: object,
  as: As = admin,
) => api.request(method, url, { as, payload });
const body = (question: string, extra: object = {}) => ({
  question,
  answer: '$4$',
  procedure: 'Add.',
  difficultyId: cat.easy,
  typeId: cat.worked,
  categoryId: cat.linear,
  ...extra,
});
const create = async (question: string, extra: object = {}) => {
  const res = await send('POST', '/examples', body(question, extra));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.example.id as number;
};
const versionsOf = async (id: number, as: As = admin) => {
  const res = await send('GET', `/examples/${id}/versions`, undefined, as);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.versions as {
    version: number;
    action: string;
    question: string;
    editedBy: { id: number | null; email: string; name: string } | null;
    editedAt: string;
    categoryId: number | null;
    status: 'draft' | 'published';
    statusChangedTo: 'draft' | 'published' | null;
  }[];
};
/** The example as a visitor finds it: 200 when published, 404 when a draft or deleted. */
const visitorSees = async (id: number) =>
  (await api.request('GET', `/examples/${id}`, { as: 'visitor' })).status;
/** The account behind a test user: its id and name, as versions and audit entries record them. */
const account = (user: As) =>
  api.app.database.db
    .selectFrom('users')
    .select(['id', 'email', 'name'])
    .where('email', '=', user.email)
    .executeTakeFirstOrThrow();
const auditOf = async (id: number) =>
  (
    await api.app.database.db
      .selectFrom('audit_log')
      .select(['actor_id', 'action', 'details'])
      .where('target_type', '=', 'examples')
      .where('target_id', '=', String(id))
      .orderBy('id')
      .execute()
  ).map((r) => ({ actor: r.actor_id, action: r.action, details: JSON.parse(r.details) as object }));

describe(`example versions on ${engineUnderTest}`, () => {
  it('records a version on create and on each edit, answered newest first with who saved it, and audits the read', async () => {
    const id = await create('How many legs has the ibis?');
    const edit = await send('PUT', `/examples/${id}`, body('How many legs have two ibises?'));
    expect(edit.status).toBe(200);
    await send(
      'PUT',
      `/examples/${id}`,
      body('How many legs have three ibises?', { categoryId: cat.circles }),
    );

    const versions = await versionsOf(id);
    expect(versions.map((v) => [v.version, v.action, v.question, v.categoryId])).toEqual([
      [3, 'edit', 'How many legs have three ibises?', cat.circles],
      [2, 'edit', 'How many legs have two ibises?', cat.linear],
      [1, 'create', 'How many legs has the ibis?', cat.linear],
    ]);
    const me = await account(admin);
    expect(versions[0]).toMatchObject({
      editedBy: me,
      answer: '$4$',
      procedure: 'Add.',
      difficultyId: cat.easy,
      typeId: cat.worked,
    });
    expect(Date.parse(versions[0]!.editedAt)).not.toBeNaN();
    expect(versions[0]!.editedAt >= versions[2]!.editedAt).toBe(true);
    expect((await auditOf(id)).at(-1)).toEqual({
      actor: me.id,
      action: 'examples.history',
      details: { versions: 3 },
    });
  });

  it('restores an old version as a new one (action restore), leaving the history as it was, and answers the example', async () => {
    const id = await create('What is the ibex count?');
    await send('PUT', `/examples/${id}`, body('What is the ibex total?', { answer: '$5$' }));
    const before = await versionsOf(id);

    const res = await send('POST', `/examples/${id}/versions/1/restore`, {});
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe('Version 1 restored as version 3.');
    expect(res.body.data).toMatchObject({
      version: 3,
      example: { id, question: 'What is the ibex count?', answer: '$4$', categoryId: cat.linear },
    });
    expect((await send('GET', `/examples/${id}`)).body.data.example.question).toBe(
      'What is the ibex count?',
    );
    const after = await versionsOf(id);
    const me = await account(admin);
    expect(after.slice(1)).toEqual(before);
    expect(after[0]).toMatchObject({
      version: 3,
      action: 'restore',
      question: 'What is the ibex count?',
      editedBy: me,
    });
    expect((await auditOf(id)).find((a) => a.action === 'examples.restore')).toEqual({
      actor: me.id,
      action: 'examples.restore',
      details: { version: 1, newVersion: 3, categoryId: cat.linear },
    });
  });

  it('answers 404 for an example that never existed and for a version it does not have, changing nothing', async () => {
    const id = await create('How tall is the okapi?');
    const never = await send('GET', '/examples/987654/versions');
    expect(never.status).toBe(404);
    expect(never.body).toMatchObject({ code: 'NotFound', message: 'Example 987654 not found.' });
    expect((await send('POST', '/examples/987654/versions/1/restore', {})).status).toBe(404);
    const missing = await send('POST', `/examples/${id}/versions/7/restore`, {});
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe(`Example ${id} has no version 7.`);
    expect((await versionsOf(id)).map((v) => v.version)).toEqual([1]);
  });

  it('lets only a super admin read and restore a deleted example, which comes back under its own id', async () => {
    const id = await create('Where does the quokka live?');
    await send('PUT', `/examples/${id}`, body('Where does the quokka sleep?'));
    expect((await send('DELETE', `/examples/${id}`)).status).toBe(200);

    const read = await send('GET', `/examples/${id}/versions`);
    expect(read.status).toBe(403);
    expect(read.body.message).toBe(
      `Example ${id} was deleted: only a super admin may read or restore its history.`,
    );
    expect((await send('POST', `/examples/${id}/versions/1/restore`, {})).status).toBe(403);
    expect((await send('GET', `/examples/${id}`)).status).toBe(404);

    expect((await versionsOf(id, superadmin)).map((v) => v.question)).toEqual([
      'Where does the quokka sleep?',
      'Where does the quokka live?',
    ]);
    const back = await send('POST', `/examples/${id}/versions/1/restore`, {}, superadmin);
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect(back.body.data.example).toMatchObject({ id, question: 'Where does the quokka live?' });
    expect((await send('GET', `/examples/${id}`)).body.data.example.question).toBe(
      'Where does the quokka live?',
    );
    expect((await versionsOf(id)).map((v) => [v.version, v.action])).toEqual([
      [3, 'restore'],
      [2, 'edit'],
      [1, 'create'],
    ]);
    expect((await auditOf(id)).filter((a) => a.action === 'examples.restore')).toEqual([
      {
        actor: (await account(superadmin)).id,
        action: 'examples.restore',
        details: { version: 1, newVersion: 3, categoryId: cat.linear, undeleted: true },
      },
    ]);
  });

  it('refuses a restore repeating another question with 409 DuplicateQuestion unless allowDuplicate', async () => {
    const id = await create('Count the wombats.');
    await send('PUT', `/examples/${id}`, body('Count the numbats.'));
    const other = await create('Count  the WOMBATS.'.replace('WOMBATS', 'wombats'));
    const refused = await send('POST', `/examples/${id}/versions/1/restore`, {});
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'Conflict',
      reason: 'DuplicateQuestion',
      existingId: other,
    });
    expect((await versionsOf(id)).length).toBe(2);
    const allowed = await send('POST', `/examples/${id}/versions/1/restore`, {
      allowDuplicate: true,
    });
    expect(allowed.status).toBe(200);
    expect((await auditOf(id)).find((a) => a.action === 'examples.restore')?.details).toMatchObject(
      { duplicateOf: other },
    );
  });

  it('refuses with 409 a version whose category no longer exists, naming it, and changes nothing', async () => {
    const made = await send('POST', '/categories', {
      name: 'Short-lived',
      description: '',
      subjectId: cat.algebra,
    });
    const category = made.body.data.category.id as number;
    const id = await create('Which bird is short-lived?');
    await send(
      'PUT',
      `/examples/${id}`,
      body('Which bird is short-lived?', { categoryId: category }),
    );
    await send('PUT', `/examples/${id}`, body('Which bird lives long?'));
    expect((await send('DELETE', `/categories/${category}`)).status).toBe(200);

    const res = await send('POST', `/examples/${id}/versions/2/restore`, {});
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      code: 'Conflict',
      message:
        'Version 2 cannot be restored: its category no longer exists. Edit the example instead, choosing what it should use now.',
    });
    expect((await versionsOf(id)).length).toBe(3);
    expect((await send('GET', `/examples/${id}`)).body.data.example.question).toBe(
      'Which bird lives long?',
    );
  });

  it('gives each example an import creates its version 1 (action import) by the importing admin', async () => {
    const file = oneExampleCatalogue('Versions', ['Imported'], {
      question: 'What does the import record?',
      answer: 'A version.',
    });
    const res = await api.request('POST', '/admin/import', {
      as: admin,
      payload: { dryRun: false, data: file },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.imported).toBe(1);
    const row = await api.app.database.db
      .selectFrom('examples')
      .select(['id', 'created_at'])
      .where('question', '=', 'What does the import record?')
      .executeTakeFirstOrThrow();
    const versions = await versionsOf(row.id);
    expect(versions).toEqual([
      expect.objectContaining({
        version: 1,
        action: 'import',
        question: 'What does the import record?',
        editedBy: await account(admin),
        editedAt: row.created_at,
      }),
    ]);
  });

  it("a restore keeps the example published unless asked for the version's status, and the history says when it was published", async () => {
    const id = await create('How many eggs has the emu?', { status: 'draft' });
    await send(
      'PUT',
      `/examples/${id}`,
      body('How many eggs has the emu?', { status: 'published' }),
    );
    await send('PUT', `/examples/${id}`, body('How many eggs have two emus?'));
    await send('PUT', `/examples/${id}`, body('How many eggs have three emus?'));

    const kept = await send('POST', `/examples/${id}/versions/1/restore`, {});
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    expect(kept.body.message).toBe('Version 1 restored as version 5.');
    expect(kept.body.data).toMatchObject({
      version: 5,
      statusChangedTo: null,
      example: { id, question: 'How many eggs has the emu?', status: 'published' },
    });
    expect(await visitorSees(id)).toBe(200);
    const restores = async () =>
      (await auditOf(id)).filter((a) => a.action === 'examples.restore').map((a) => a.details);
    expect(await restores()).toEqual([{ version: 1, newVersion: 5, categoryId: cat.linear }]);

    const taken = await send('POST', `/examples/${id}/versions/1/restore`, {
      statusFrom: 'version',
    });
    expect(taken.status, JSON.stringify(taken.body)).toBe(200);
    expect(taken.body.message).toBe('Version 1 restored as version 6. It is now a draft.');
    expect(taken.body.data).toMatchObject({
      statusChangedTo: 'draft',
      example: { status: 'draft' },
    });
    expect(await visitorSees(id)).toBe(404);
    expect((await restores())[1]).toEqual({
      version: 1,
      newVersion: 6,
      categoryId: cat.linear,
      status: { from: 'published', to: 'draft' },
    });
    // Asking for the current status of a draft keeps it a draft.
    const stays = await send('POST', `/examples/${id}/versions/2/restore`, {
      statusFrom: 'current',
    });
    expect(stays.body.data.example.status).toBe('draft');

    expect(
      (await versionsOf(id)).map((v) => [v.version, v.action, v.status, v.statusChangedTo]),
    ).toEqual([
      [7, 'restore', 'draft', null],
      [6, 'restore', 'draft', 'draft'],
      [5, 'restore', 'published', null],
      [4, 'edit', 'published', null],
      [3, 'edit', 'published', null],
      [2, 'edit', 'published', 'published'],
      [1, 'create', 'draft', null],
    ]);
  });

  it('refuses a statusFrom it does not know and any other key with 400, changing nothing', async () => {
    const id = await create('How fast is the emu?');
    await send('PUT', `/examples/${id}`, body('How fast are two emus?'));
    for (const [payload, message] of [
      [{ statusFrom: 'draft' }, 'statusFrom must be current or version.'],
      [{ statusFrom: true }, 'statusFrom must be current or version.'],
      [{ status: 'draft' }, 'status'],
      [{ restoreStatus: true }, 'restoreStatus'],
    ] as const) {
      const res = await send('POST', `/examples/${id}/versions/1/restore`, payload);
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect(res.body.code).toBe('ValidationError');
      expect(res.body.message).toContain(message);
    }
    expect((await versionsOf(id)).length).toBe(2);
  });

  it("lets an admin read and restore a draft's history, and a super admin restore it too: a draft is not deleted", async () => {
    const id = await create('Where does the kiwi nest?', { status: 'draft' });
    await send('PUT', `/examples/${id}`, body('Where does the kiwi sleep?'));

    expect((await versionsOf(id)).map((v) => [v.version, v.status])).toEqual([
      [2, 'draft'],
      [1, 'draft'],
    ]);
    const byAdmin = await send('POST', `/examples/${id}/versions/1/restore`, {});
    expect(byAdmin.status, JSON.stringify(byAdmin.body)).toBe(200);
    expect(byAdmin.body.data.example).toMatchObject({
      id,
      question: 'Where does the kiwi nest?',
      status: 'draft',
    });
    const bySuper = await send('POST', `/examples/${id}/versions/2/restore`, {}, superadmin);
    expect(bySuper.status, JSON.stringify(bySuper.body)).toBe(200);
    expect(bySuper.body.data.example).toMatchObject({ question: 'Where does the kiwi sleep?' });
    const kept = await send(
      'POST',
      `/examples/${id}/versions/1/restore`,
      { statusFrom: 'current' },
      superadmin,
    );
    expect(kept.body.data.example.status).toBe('draft');
    expect(await visitorSees(id)).toBe(404);
    expect((await versionsOf(id, superadmin)).map((v) => [v.version, v.action])).toEqual([
      [5, 'restore'],
      [4, 'restore'],
      [3, 'restore'],
      [2, 'edit'],
      [1, 'create'],
    ]);
    // Neither read nor restore took the draft for a deleted example.
    const details = (await auditOf(id)).map((a) => a.details);
    expect(details.filter((d) => 'deleted' in d || 'undeleted' in d)).toEqual([]);
    // Nor does the list of deleted examples.
    const deleted = await send('GET', '/examples/deleted?limit=100', undefined, superadmin);
    expect(deleted.body.data.examples.map((e: { id: number }) => e.id)).not.toContain(id);

    // Deleted, it is a super admin's to read and restore again, coming back with the status it had.
    expect((await send('DELETE', `/examples/${id}`)).status).toBe(200);
    expect((await send('GET', `/examples/${id}/versions`)).status).toBe(403);
    expect((await send('POST', `/examples/${id}/versions/1/restore`, {})).status).toBe(403);
    const back = await send('POST', `/examples/${id}/versions/2/restore`, {}, superadmin);
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect(back.body.data).toMatchObject({ statusChangedTo: null, example: { status: 'draft' } });
  });

  it("a deleted published example comes back published unless asked for its draft version's status", async () => {
    const id = await create('What does the cassowary eat?', { status: 'draft' });
    await send(
      'PUT',
      `/examples/${id}`,
      body('What does the cassowary eat?', { status: 'published' }),
    );
    expect((await send('DELETE', `/examples/${id}`)).status).toBe(200);
    const back = await send('POST', `/examples/${id}/versions/1/restore`, {}, superadmin);
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect(back.body.data.example.status).toBe('published');
    expect(await visitorSees(id)).toBe(200);

    expect((await send('DELETE', `/examples/${id}`)).status).toBe(200);
    const asDraft = await send(
      'POST',
      `/examples/${id}/versions/1/restore`,
      { statusFrom: 'version' },
      superadmin,
    );
    expect(asDraft.body.data.example.status).toBe('draft');
    expect(
      (await auditOf(id)).filter((a) => a.action === 'examples.restore').at(-1)?.details,
    ).toEqual({
      version: 1,
      newVersion: 4,
      categoryId: cat.linear,
      undeleted: true,
      status: { from: 'published', to: 'draft' },
    });
  });
});
