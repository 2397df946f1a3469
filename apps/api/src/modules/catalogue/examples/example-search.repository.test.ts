import { parseSearchQuery } from '@exemplar/shared/search';
import { describe, expect, it } from 'vitest';
import { insertExample } from '../../../../test/factories';
import { useTestApp } from '../../../../test/helpers/test-app';
import { findExamples } from './examples-list.repository';
import { readVocabulary } from './example-search.repository';

// On SQLite, and on PostgreSQL when DATABASE_URL is set: both engines index the same documents.
const api = useTestApp({ catalogue: true, users: ['admin'] });
const { cat } = api;

const ids = (body: { data: { examples: { id: number }[] } }) => body.data.examples.map((e) => e.id);
const list = async (q: string) =>
  ids((await api.request('GET', `/examples?q=${encodeURIComponent(q)}`)).body);

describe('example search documents', () => {
  it("writes a saved example's document: stemmed words, maths as words, its place's names", async () => {
    const db = api.app.database.db;
    const id = await insertExample(db, {
      categoryId: cat.quadratics,
      difficultyId: cat.easy,
      typeId: cat.worked,
      question: String.raw`Integrating $\int_0^1 \sqrt{x}\,dx$ by substitution`,
      answer: String.raw`$\frac{2}{3}$`,
      procedure: "By l'Hôpital's rule.",
    });
    const row = await db
      .selectFrom('examples')
      .select(['search_question', 'search_names', 'search_answer', 'search_rest'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      search_question: 'integr integr squar root dx substitut',
      search_names: 'quadrat equat algebra',
      search_answer: 'fraction',
      search_rest: 'hopit rule about quadrat about equat symbol rule',
    });
    const vocabulary = await readVocabulary(db, api.app.database.engine);
    expect(vocabulary.count('integr')).toBe(1);
    expect(vocabulary.count('quadrat')).toBeGreaterThanOrEqual(3);
    expect(vocabulary.hasPrefix('substi')).toBe(true);
    // The same query on the engine: by synonym (integration), in its question before elsewhere.
    const rows = await findExamples(
      db,
      api.app.database.engine,
      { search: parseSearchQuery('antiderivative', vocabulary), status: 'published' },
      { offset: 0, limit: 10 },
    );
    expect(rows.map((r) => r.id)).toEqual([id]);
    await db.deleteFrom('examples').where('id', '=', id).execute();
    expect(await list('substitution')).toEqual([]);
  });

  it("renaming a category or subject rewrites its examples' documents", async () => {
    expect(await list('polynomials')).toEqual([]);
    const renamed = await api.request('PUT', `/categories/${cat.quadratics}`, {
      as: 'admin',
      payload: {
        name: 'Polynomials of degree two',
        subjectId: cat.algebra,
        parentId: cat.equations,
      },
    });
    expect(renamed.status).toBe(200);
    expect((await list('polynomial')).sort()).toEqual([cat.ex.quadEasy, cat.ex.quadHard].sort());
    // The old name is gone from the names, and stays only where the question says it.
    expect(await list('quadratics')).toEqual([cat.ex.quadEasy]);

    expect(await list('planimetry')).toEqual([]);
    const subject = await api.request('PUT', `/subjects/${cat.geometry}`, {
      as: 'admin',
      payload: { name: 'Planimetry', description: 'Shapes' },
    });
    expect(subject.status).toBe(200);
    expect(await list('planimetry')).toEqual([cat.ex.circle]);
  });
});
