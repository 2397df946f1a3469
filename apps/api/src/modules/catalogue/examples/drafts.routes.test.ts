import { describe, expect, it } from 'vitest';
import { engineUnderTest } from '../../../../test/helpers/test-db';
import { useTestApp } from '../../../../test/helpers/test-app';

const api = useTestApp({ catalogue: true, users: ['basic', 'admin'] });
const { cat } = api;

type Body = { data: { examples: { id: number; status?: string }[]; total: number } };
const ids = (body: Body) => body.data.examples.map((e) => e.id);

/** A new example in `status` through the admin API; its id. */
async function create(question: string, status?: 'draft' | 'published') {
  const { status: code, body } = await api.request('POST', '/examples', {
    as: 'admin',
    payload: {
      question,
      answer: '$4$',
      procedure: 'Double it: $2 \\cdot 2 = 4$.',
      difficultyId: cat.easy,
      typeId: cat.worked,
      categoryId: cat.linear,
      ...(status ? { status } : {}),
    },
  });
  expect(code, JSON.stringify(body)).toBe(201);
  return body.data.example as { id: number; status: string };
}

describe(`drafts on ${engineUnderTest}`, () => {
  it('a draft is nowhere for visitors and learners: list, total, search, random, position, page, marks, checks, progress', async () => {
    const draft = await create('Double the wombat number $2$.', 'draft');
    expect(draft.status).toBe('draft');
    for (const as of ['visitor', 'basic'] as const) {
      const all = await api.request('GET', `/examples?categoryId=${cat.linear}`, { as });
      expect(ids(all.body), as).not.toContain(draft.id);
      expect(all.body.data.examples.every((e: { status?: string }) => e.status === undefined)).toBe(
        true,
      );
      const search = await api.request('GET', '/examples?q=wombat', { as });
      expect(search.body.data, as).toEqual({ examples: [], total: 0, nextCursor: null });
      // Their status filter is ignored: published examples alone.
      const asked = await api.request('GET', '/examples?status=draft&q=wombat', { as });
      expect(asked.body.data.total, as).toBe(0);
      expect((await api.request('GET', '/examples/random?q=wombat', { as })).status, as).toBe(404);
      expect((await api.request('GET', `/examples/${draft.id}`, { as })).status, as).toBe(404);
      expect((await api.request('GET', `/examples/${draft.id}/position`, { as })).status).toBe(404);
    }
    const published = (await api.request('GET', `/examples?categoryId=${cat.linear}`)).body;
    expect(published.data.total).toBe(published.data.examples.length);

    for (const path of ['like', 'solved']) {
      expect(
        (await api.request('PUT', `/examples/${draft.id}/${path}`, { as: 'basic' })).status,
      ).toBe(404);
    }
    const check = await api.request('POST', `/examples/${draft.id}/check`, {
      as: 'basic',
      payload: { answer: '4' },
    });
    expect(check.status).toBe(404);

    const progress = (await api.request('GET', '/me/progress', { as: 'basic' })).body.data;
    const linear = progress.categories.find((c: { id: number }) => c.id === cat.linear);
    expect(linear.total).toBe(
      (await api.request('GET', `/examples?categoryId=${cat.linear}`)).body.data.total,
    );
  });

  it('an editor sees drafts with their status: the page, the list by status, random and position', async () => {
    const draft = await create('Double the quokka number $2$.', 'draft');
    const page = await api.request('GET', `/examples/${draft.id}`, { as: 'admin' });
    expect(page.status).toBe(200);
    expect(page.body.data.example).toMatchObject({ id: draft.id, status: 'draft' });

    const drafts = await api.request('GET', '/examples?status=draft', { as: 'admin' });
    expect(ids(drafts.body)).toContain(draft.id);
    expect(drafts.body.data.examples.every((e: { status: string }) => e.status === 'draft')).toBe(
      true,
    );
    const everything = await api.request('GET', '/examples?status=all&limit=100', { as: 'admin' });
    const visible = await api.request('GET', '/examples?limit=100', { as: 'admin' });
    expect(everything.body.data.total).toBe(visible.body.data.total + drafts.body.data.total);
    // Without a status filter an editor browses what learners see, each row saying it is published.
    expect(ids(visible.body)).not.toContain(draft.id);
    expect(visible.body.data.examples[0].status).toBe('published');

    const picked = await api.request('GET', '/examples/random?status=draft&q=quokka', {
      as: 'admin',
    });
    expect(picked.body.data.example).toMatchObject({ id: draft.id, status: 'draft' });
    const place = await api.request('GET', `/examples/${draft.id}/position?status=all`, {
      as: 'admin',
    });
    expect(place.body.data.position).toBeGreaterThan(0);
    const outside = await api.request('GET', `/examples/${draft.id}/position`, { as: 'admin' });
    expect(outside.status).toBe(200);
    expect(outside.body.data.position).toBeNull();
  });

  it('an edit without a status keeps it; publishing shows it to everyone and unpublishing hides it again, each change audited', async () => {
    const draft = await create('Double the numbat number $2$.', 'draft');
    const base = {
      question: 'Double the numbat number $2$.',
      answer: '$4$',
      difficultyId: cat.easy,
      typeId: cat.worked,
      categoryId: cat.linear,
    };
    const edited = await api.request('PUT', `/examples/${draft.id}`, {
      as: 'admin',
      payload: { ...base, answer: '$2 \\cdot 2 = 4$' },
    });
    expect(edited.body.data.example.status).toBe('draft');
    expect((await api.request('GET', `/examples/${draft.id}`)).status).toBe(404);

    await api.request('PUT', `/examples/${draft.id}`, {
      as: 'admin',
      payload: { ...base, status: 'published' },
    });
    expect((await api.request('GET', `/examples/${draft.id}`)).status).toBe(200);
    expect(ids((await api.request('GET', '/examples?q=numbat')).body)).toEqual([draft.id]);

    await api.request('PUT', `/examples/${draft.id}`, {
      as: 'admin',
      payload: { ...base, status: 'draft' },
    });
    expect((await api.request('GET', `/examples/${draft.id}`)).status).toBe(404);
    expect((await api.request('GET', '/examples?q=numbat')).body.data.total).toBe(0);

    const audit = await api.app.database.db
      .selectFrom('audit_log')
      .select(['action', 'details'])
      .where('target_type', '=', 'examples')
      .where('target_id', '=', String(draft.id))
      .orderBy('id')
      .execute();
    expect(audit.map((a) => [a.action, JSON.parse(String(a.details))])).toEqual([
      ['examples.create', { categoryId: cat.linear, status: 'draft' }],
      ['examples.update', { categoryId: cat.linear }],
      ['examples.update', { categoryId: cat.linear, status: { from: 'draft', to: 'published' } }],
      ['examples.update', { categoryId: cat.linear, status: { from: 'published', to: 'draft' } }],
    ]);
  });

  it('a new example without a status is published; an unknown status is refused and writes nothing', async () => {
    expect((await create('Double the bilby number $2$.')).status).toBe('published');
    const refused = await api.request('POST', '/examples', {
      as: 'admin',
      payload: {
        question: 'Double the dingo number $2$.',
        answer: '$4$',
        difficultyId: cat.easy,
        typeId: cat.worked,
        categoryId: cat.linear,
        status: 'hidden',
      },
    });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('Status must be draft or published.');
    expect(
      (await api.request('GET', '/examples?q=dingo&status=all', { as: 'admin' })).body.data.total,
    ).toBe(0);
  });

  it('the sitemap leaves drafts out', async () => {
    const draft = await create('Double the echidna number $2$.', 'draft');
    const res = await api.app.inject({ method: 'GET', url: '/sitemaps/examples-1.xml' });
    const xml = res.body;
    expect(res.statusCode).toBe(200);
    expect(xml).toContain(`/examples/${cat.ex.linear}</loc>`);
    expect(xml).not.toContain(`/examples/${draft.id}</loc>`);
  });

  it('the export keeps a draft a draft, and the import reads it back as one', async () => {
    const draft = await create('Double the possum number $2$.', 'draft');
    const exported = await api.request('GET', '/admin/export', { as: 'admin' });
    expect(exported.status).toBe(200);
    const file = exported.body.data ?? exported.body;
    const mine = file.examples.find((e: { question: string }) => e.question.includes('possum'));
    expect(mine.status).toBe('draft');
    expect(
      file.examples.find((e: { question: string }) => e.question.includes('quadratic')),
    ).not.toHaveProperty('status');

    await api.request('DELETE', `/examples/${draft.id}`, { as: 'admin' });
    const imported = await api.request('POST', '/admin/import', {
      as: 'admin',
      payload: { dryRun: false, data: { ...file, examples: [mine] } },
    });
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    const back = await api.request('GET', '/examples?q=possum&status=all', { as: 'admin' });
    expect(back.body.data.examples.map((e: { status: string }) => e.status)).toEqual(['draft']);
    expect((await api.request('GET', '/examples?q=possum')).body.data.total).toBe(0);

    const bad = await api.request('POST', '/admin/import', {
      as: 'admin',
      payload: {
        dryRun: true,
        data: { ...file, examples: [{ ...mine, question: 'Other possum?', status: 'hidden' }] },
      },
    });
    expect(JSON.stringify(bad.body)).toContain('status must be draft or published');
  });
  it("a published example taken back to draft leaves a learner's reviews, suggestions and mastery until it is published again", async () => {
    const example = await create('Double the koala number $2$.', 'published');
    const learner = await api.newUser('basic');
    const as = learner;
    expect((await api.request('PUT', `/reviews/${example.id}`, { as })).status).toBe(200);
    expect((await api.request('PUT', `/examples/${example.id}/like`, { as })).status).toBe(200);
    const due = async () => (await api.request('GET', '/reviews/due', { as })).body.data;
    expect((await due()).examples.map((i: { example: { id: number } }) => i.example.id)).toEqual([
      example.id,
    ]);

    const base = {
      question: 'Double the koala number $2$.',
      answer: '$4$',
      difficultyId: cat.easy,
      typeId: cat.worked,
      categoryId: cat.linear,
    };
    await api.request('PUT', `/examples/${example.id}`, {
      as: 'admin',
      payload: { ...base, status: 'draft' },
    });
    expect(await due()).toEqual({ examples: [], total: 0, nextCursor: null });
    const stats = (await api.request('GET', '/reviews/stats', { as })).body.data;
    expect([stats.dueNow, stats.new]).toEqual([0, 0]);
    expect((await api.request('GET', `/reviews/${example.id}`, { as })).status).toBe(404);
    expect(
      (
        await api.request('POST', '/reviews', {
          as,
          payload: { exampleId: example.id, rating: 'good' },
        })
      ).status,
    ).toBe(404);

    await api.request('PUT', `/examples/${example.id}`, {
      as: 'admin',
      payload: { ...base, status: 'published' },
    });
    expect((await due()).total).toBe(1);
  });
  it('each version records the status it had; restoring a draft version makes the example a draft again only when asked', async () => {
    const draft = await create('Double the quoll number $2$.', 'draft');
    await api.request('PUT', `/examples/${draft.id}`, {
      as: 'admin',
      payload: {
        question: 'Double the quoll number $2$.',
        answer: '$4$',
        difficultyId: cat.easy,
        typeId: cat.worked,
        categoryId: cat.linear,
        status: 'published',
      },
    });
    const history = await api.request('GET', `/examples/${draft.id}/versions`, { as: 'admin' });
    expect(
      history.body.data.versions.map((v: { version: number; status: string }) => [
        v.version,
        v.status,
      ]),
    ).toEqual([
      [2, 'published'],
      [1, 'draft'],
    ]);
    expect((await api.request('GET', `/examples/${draft.id}`)).status).toBe(200);

    const kept = await api.request('POST', `/examples/${draft.id}/versions/1/restore`, {
      as: 'admin',
      payload: {},
    });
    expect(kept.status).toBe(200);
    expect(kept.body.data.example.status).toBe('published');
    expect((await api.request('GET', `/examples/${draft.id}`)).status).toBe(200);

    const restored = await api.request('POST', `/examples/${draft.id}/versions/1/restore`, {
      as: 'admin',
      payload: { statusFrom: 'version' },
    });
    expect(restored.status).toBe(200);
    expect(restored.body.data.example.status).toBe('draft');
    expect((await api.request('GET', `/examples/${draft.id}`)).status).toBe(404);
  });
});
