import { describe, expect, it } from 'vitest';
import { engineUnderTest } from '../../../../test/helpers/test-db';
import { useTestApp } from '../../../../test/helpers/test-app';

const api = useTestApp({ catalogue: true });
const { cat } = api;
const get = (url: string) => api.request('GET', url);

describe(`catalogue reads on ${engineUnderTest}`, () => {
  it('lists subjects, difficulties (by rank) and types', async () => {
    expect((await get('/subjects')).body).toEqual({
      success: true,
      data: {
        subjects: [
          { id: cat.algebra, name: 'Algebra', description: 'Symbols and rules' },
          { id: cat.geometry, name: 'Geometry', description: 'Shapes' },
        ],
      },
    });
    expect(
      (await get('/difficulties')).body.data.difficulties.map((d: { name: string }) => d.name),
    ).toEqual(['easy', 'hard']);
    expect((await get('/types')).body.data.types.map((t: { name: string }) => t.name)).toEqual([
      'Proof',
      'Worked Example',
    ]);
  });

  it('lists categories flat, and those of one subject', async () => {
    const all = (await get('/categories')).body.data.categories;
    expect(all).toHaveLength(5);
    expect(all.find((c: { id: number }) => c.id === cat.quadratics)).toEqual({
      id: cat.quadratics,
      name: 'Quadratics',
      description: 'About Quadratics',
      subjectId: cat.algebra,
      parentId: cat.equations,
      position: 0,
    });
    const geometry = (await get(`/categories/subject/${cat.geometry}`)).body.data.categories;
    expect(geometry.map((c: { name: string }) => c.name)).toEqual(['Circles']);
    expect(await get('/categories/subject/99999')).toEqual({
      status: 404,
      body: { success: false, code: 'NotFound', message: 'Subject 99999 not found.' },
    });
    expect((await get('/categories/subject/abc')).status).toBe(400);
  });

  it('nests the category tree under each subject in display order', async () => {
    const { body } = await get('/categories/tree');
    const tree = body.data.categoriesTree;
    expect(tree.map((t: { subject: { name: string } }) => t.subject.name)).toEqual([
      'Algebra',
      'Geometry',
    ]);
    const names = (nodes: { name: string; children: unknown[] }[]): unknown =>
      nodes.map((n) => (n.children.length ? { [n.name]: names(n.children as never) } : n.name));
    expect(names(tree[0].categories)).toEqual([
      { Equations: ['Quadratics', 'Linear'] },
      'Sequences',
    ]);
    expect(names(tree[1].categories)).toEqual(['Circles']);
  });
});
