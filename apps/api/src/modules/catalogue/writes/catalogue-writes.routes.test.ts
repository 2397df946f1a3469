import { describe, expect, it } from 'vitest';
import { engineUnderTest } from '../../../../test/helpers/test-db';
import { useTestApp } from '../../../../test/helpers/test-app';

const api = useTestApp({ catalogue: true, users: ['admin'] });
const { cat } = api;
const admin = api.users.admin;

const send = (method: 'POST' | 'PUT' | 'DELETE' | 'GET', url: string, payload?: object) =>
  api.request(method, url, { as: admin, payload });
const count = async (table: 'subjects' | 'categories' | 'examples' | 'difficulties' | 'types') =>
  (await api.app.database.db.selectFrom(table).select('id').execute()).length;

describe(`catalogue writes on ${engineUnderTest}`, () => {
  it('creates, edits and deletes a subject, difficulty and type, and refuses duplicate names', async () => {
    const created = await send('POST', '/subjects', {
      name: ' Topology ',
      description: 'Shapes, stretched',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      message: 'Subject created.',
      data: { subject: { name: 'Topology' } },
    });
    const id = created.body.data.subject.id;
    expect((await send('POST', '/subjects', { name: 'topology' })).body).toMatchObject({
      code: 'Conflict',
      message: 'A subject named "topology" already exists.',
    });
    expect(
      (await send('PUT', `/subjects/${id}`, { name: 'Topology I' })).body.data.subject,
    ).toEqual({
      id,
      name: 'Topology I',
      description: '',
    });
    expect((await send('DELETE', `/subjects/${id}`)).status).toBe(200);
    expect((await send('PUT', `/subjects/${id}`, { name: 'Gone' })).status).toBe(404);

    const d = await send('POST', '/difficulties', { name: 'legendary', rank: 9 });
    expect(d.body.data.difficulty).toMatchObject({ name: 'legendary', rank: 9 });
    const t = await send('POST', '/types', { name: 'Exercise' });
    expect(t.body.data.type).toMatchObject({ name: 'Exercise', description: '' });
    expect((await send('DELETE', `/difficulties/${d.body.data.difficulty.id}`)).status).toBe(200);
    expect((await send('DELETE', `/types/${t.body.data.type.id}`)).status).toBe(200);
  });

  it('explains refused input field by field and changes nothing', async () => {
    const before = {
      subjects: await count('subjects'),
      categories: await count('categories'),
      examples: await count('examples'),
    };
    const noName = await send('POST', '/subjects', { name: '   ' });
    expect(noName).toMatchObject({ status: 400, body: { fields: { name: 'Name is required.' } } });
    const noSubject = await send('POST', '/categories', { name: 'Orphans' });
    expect(noSubject.body.fields).toEqual({ subjectId: 'Subject is required.' });
    const emptyExample = await send('POST', '/examples', {});
    expect(emptyExample.body.fields).toEqual({
      question: 'Question is required.',
      answer: 'Answer is required.',
      difficultyId: 'Difficulty is required.',
      typeId: 'Type is required.',
      categoryId: 'Category is required.',
    });
    const unknownRefs = await send('POST', '/examples', {
      question: 'Q',
      answer: 'A',
      difficultyId: 99999,
      typeId: cat.worked,
      categoryId: 99999,
    });
    expect(unknownRefs.body.message).toBe(
      'Difficulty 99999 does not exist. Category 99999 does not exist.',
    );
    expect(await count('subjects')).toBe(before.subjects);
    expect(await count('categories')).toBe(before.categories);
    expect(await count('examples')).toBe(before.examples);
  });

  it('keeps the category tree a tree, within one subject', async () => {
    const make = async (name: string, parentId: number | null, subjectId = cat.algebra) =>
      (await send('POST', '/categories', { name, subjectId, parentId })).body.data.category;
    const top = await make('Inequalities', null);
    const child = await make('Linear inequalities', top.id);
    const grandchild = await make('Absolute value', child.id);
    expect(child).toMatchObject({ parentId: top.id, subjectId: cat.algebra, position: 0 });

    const move = (id: number, parentId: number | null, subjectId = cat.algebra) =>
      send('PUT', `/categories/${id}`, {
        name: id === top.id ? 'Inequalities' : 'Moved',
        subjectId,
        parentId,
      });
    expect((await move(top.id, top.id)).body.message).toBe('A category cannot be its own parent.');
    expect((await move(top.id, grandchild.id)).body.message).toBe(
      'A category cannot be moved under one of its own subcategories.',
    );
    expect((await move(grandchild.id, cat.circles)).body.message).toBe(
      'The parent category must belong to the same subject.',
    );
    expect((await move(grandchild.id, 99999)).body.message).toBe(
      'Parent category 99999 does not exist.',
    );
    expect(
      (
        await send('POST', '/categories', {
          name: 'Linear inequalities',
          subjectId: cat.algebra,
          parentId: top.id,
        })
      ).status,
    ).toBe(409);
    expect((await move(grandchild.id, top.id)).body.data.category.parentId).toBe(top.id);
    const tree = (await send('GET', '/categories/tree')).body.data.categoriesTree[0].categories;
    const ineq = tree.find((n: { id: number }) => n.id === top.id);
    expect(ineq.children.map((c: { name: string }) => c.name).sort()).toEqual([
      'Linear inequalities',
      'Moved',
    ]);
  });

  it('refuses to delete what is still in use, naming what uses it', async () => {
    expect((await send('DELETE', `/subjects/${cat.geometry}`)).body).toEqual({
      success: false,
      code: 'Conflict',
      message: 'Subject "Geometry" cannot be deleted: it is used by 1 category.',
    });
    expect((await send('DELETE', `/categories/${cat.equations}`)).body.message).toBe(
      'Category "Equations" cannot be deleted: it is used by 2 subcategories and 1 example.',
    );
    expect((await send('DELETE', `/difficulties/${cat.easy}`)).body.message).toMatch(
      /^Difficulty "easy" cannot be deleted: it is used by \d+ examples\.$/,
    );
    expect((await send('DELETE', `/types/${cat.proof}`)).body.message).toBe(
      'Type "Proof" cannot be deleted: it is used by 1 example.',
    );
    expect((await send('GET', `/examples?categoryId=${cat.equations}`)).body.data.total).toBe(4);
  });

  it('creates an example that browsing and search find, edits it and deletes it with its marks', async () => {
    const created = await send('POST', '/examples', {
      question: 'Evaluate $\\int_0^1 x^2\\,dx$ (a zebra integral).',
      answer: '$\\tfrac13$',
      procedure: '  ',
      difficultyId: cat.easy,
      typeId: cat.worked,
      categoryId: cat.linear,
    });
    expect(created.status).toBe(201);
    const example = created.body.data.example;
    expect(example).toMatchObject({
      procedure: null,
      subjectId: cat.algebra,
      categoryId: cat.linear,
    });
    expect(
      (await send('GET', '/examples?q=zebra')).body.data.examples.map((e: { id: number }) => e.id),
    ).toEqual([example.id]);
    const edited = await send('PUT', `/examples/${example.id}`, {
      question: 'Evaluate $\\int_0^2 x\\,dx$ (a giraffe integral).',
      answer: '$2$',
      procedure: 'Area of a triangle.',
      difficultyId: cat.hard,
      typeId: cat.proof,
      categoryId: cat.circles,
    });
    expect(edited.body.data.example).toMatchObject({
      subjectId: cat.geometry,
      difficultyId: cat.hard,
      procedure: 'Area of a triangle.',
    });
    expect((await send('GET', '/examples?q=zebra')).body.data.total).toBe(0);
    expect((await send('GET', '/examples?q=giraffe')).body.data.total).toBe(1);

    const learnerId = (
      await api.app.database.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', admin.email)
        .executeTakeFirstOrThrow()
    ).id;
    await api.app.database.db
      .insertInto('likes')
      .values({ user_id: learnerId, example_id: example.id, created_at: new Date().toISOString() })
      .execute();
    expect((await send('DELETE', `/examples/${example.id}`)).status).toBe(200);
    expect(
      await api.app.database.db
        .selectFrom('likes')
        .select('user_id')
        .where('example_id', '=', example.id)
        .execute(),
    ).toEqual([]);
    expect((await send('GET', `/examples/${example.id}`)).status).toBe(404);
  });

  it('writes every change to the audit log', async () => {
    const created = await send('POST', '/types', { name: 'Audit Trail' });
    await send('DELETE', `/types/${created.body.data.type.id}`);
    const root = await api.newUser('superadmin');
    const res = await api.app.inject({
      method: 'GET',
      url: '/api/admin/audit?limit=2',
      headers: root.auth,
    });
    expect(
      res.json().data.entries.map((e: { action: string; actor: string }) => [e.action, e.actor]),
    ).toEqual([
      ['types.delete', admin.email],
      ['types.create', admin.email],
    ]);
  });
});
