import { describe, expect, it } from 'vitest';
import { engineUnderTest } from '../../../../test/helpers/test-db';
import { useTestApp } from '../../../../test/helpers/test-app';

const api = useTestApp({ catalogue: true, users: ['admin', 'superadmin'] });
const { cat, users } = api;
const { admin, superadmin } = users;

interface Deleted {
  id: number;
  question: string;
  lastVersion: number;
  lastEditedAt: string;
  deletedAt: string | null;
}

const body = (question: string) => ({
  question,
  answer: '$4$',
  procedure: 'Add.',
  difficultyId: cat.easy,
  typeId: cat.worked,
  categoryId: cat.linear,
});
const create = async (question: string) => {
  const res = await api.request('POST', '/examples', { as: admin, payload: body(question) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.example.id as number;
};
const remove = async (id: number) => {
  const res = await api.request('DELETE', `/examples/${id}`, { as: admin });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
};
const page = async (query = '') => {
  const res = await api.request('GET', `/examples/deleted${query}`, { as: superadmin });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { examples: Deleted[]; nextCursor: string | null };
};
/** Every deleted example, walking the pages of `limit`. */
const walk = async (limit: number) => {
  const all: Deleted[] = [];
  let cursor: string | null = null;
  do {
    const got: { examples: Deleted[]; nextCursor: string | null } = await page(
      `?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`,
    );
    expect(got.examples.length).toBeLessThanOrEqual(limit);
    all.push(...got.examples);
    cursor = got.nextCursor;
  } while (cursor);
  return all;
};

describe(`GET /examples/deleted on ${engineUnderTest}`, () => {
  it('lists a deleted example with its newest version and when its deletion was audited, and not a live one', async () => {
    const gone = await create('How many wheels has a tricycle?');
    const edit = await api.request('PUT', `/examples/${gone}`, {
      as: admin,
      payload: body('How many wheels have two tricycles?'),
    });
    expect(edit.status).toBe(200);
    const live = await create('How many wheels has a bicycle?');
    const before = new Date().toISOString();
    await remove(gone);
    const after = new Date().toISOString();

    const { examples } = await page();
    expect(examples.map((e) => e.id)).toContain(gone);
    expect(examples.map((e) => e.id)).not.toContain(live);
    const listed = examples.find((e) => e.id === gone)!;
    expect(listed).toMatchObject({
      id: gone,
      question: 'How many wheels have two tricycles?',
      lastVersion: 2,
    });
    expect(listed.deletedAt! >= before && listed.deletedAt! <= after, listed.deletedAt!).toBe(true);
    expect(listed.lastEditedAt <= listed.deletedAt!).toBe(true);
  });

  it('pages newest edit first: every deleted example exactly once across pages of 1, in the order of one page', async () => {
    const older = await create('How many sides has a pentagon?');
    const newer = await create('How many sides has a hexagon?');
    await remove(older);
    await remove(newer);

    const whole = (await page('?limit=100')).examples.map((e) => e.id);
    expect(whole.indexOf(newer)).toBeGreaterThanOrEqual(0);
    expect(whole.indexOf(newer)).toBeLessThan(whole.indexOf(older));
    const walked = (await walk(1)).map((e) => e.id);
    expect(walked).toEqual(whole);
    expect(new Set(walked).size).toBe(walked.length);
  });

  it('no longer lists an example once restored', async () => {
    const id = await create('How many faces has a cube?');
    await remove(id);
    expect((await page('?limit=100')).examples.map((e) => e.id)).toContain(id);

    const restored = await api.request('POST', `/examples/${id}/versions/1/restore`, {
      as: superadmin,
      payload: {},
    });
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    expect((await page('?limit=100')).examples.map((e) => e.id)).not.toContain(id);
  });

  it('answers an admin 403 and a visitor 401', async () => {
    const asAdmin = await api.request('GET', '/examples/deleted', { as: admin });
    expect(asAdmin.status).toBe(403);
    expect(asAdmin.body).toMatchObject({ success: false, code: 'Forbidden' });
    const asVisitor = await api.request('GET', '/examples/deleted');
    expect(asVisitor.status).toBe(401);
    expect(asVisitor.body).toMatchObject({ success: false, code: 'Unauthorized' });
  });

  it('answers 400 for a limit out of range and a cursor it never gave out', async () => {
    for (const query of ['?limit=0', '?limit=101', '?limit=ten', '?cursor=nope', '?extra=1']) {
      const res = await api.request('GET', `/examples/deleted${query}`, { as: superadmin });
      expect(res.status, `${query}: ${JSON.stringify(res.body)}`).toBe(400);
      expect(res.body.success).toBe(false);
    }
  });
});
