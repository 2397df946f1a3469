import { beforeAll, describe, expect, it } from 'vitest';
import { insertExample } from '../../../test/factories';
import { engineUnderTest } from '../../../test/helpers/test-db';
import { useTestApp } from '../../../test/helpers/test-app';
import { userId, type TestUser } from '../../../test/helpers/users';

const api = useTestApp({ catalogue: true, users: ['admin', 'superadmin'] });
const { cat } = api;
const db = () => api.app.database.db;
let ada: TestUser;
beforeAll(async () => {
  ada = await api.newUser('basic');
});

const call = (
  method: 'GET' | 'PUT' | 'DELETE' | 'POST',
  url: string,
  who?: TestUser | 'admin' | 'superadmin',
  payload?: object,
) => api.request(method, url, { as: who, ...(payload ? { payload } : {}) });
type Row = { id: number; reviewDue?: string | null };
const dueOf = (rows: Row[], id: number) => rows.find((e) => e.id === id)?.reviewDue;

describe(`reviewDue on examples on ${engineUnderTest}`, () => {
  it('carries the caller’s due date (null when not in reviews) on the list, a page, the detail and a random pick, and never reaches a visitor', async () => {
    // A visitor's page first: the visitors' cache and the shared page cache hold it.
    const visitorFirst = await call('GET', '/examples?limit=50');
    expect(visitorFirst.body.data.examples[0]).not.toHaveProperty('reviewDue');
    const { review } = (await call('PUT', `/reviews/${cat.ex.circle}`, ada)).body.data;

    for (const url of ['/examples?limit=50', '/examples?limit=50&liked=false']) {
      const rows = (await call('GET', url, ada)).body.data.examples as Row[];
      expect(dueOf(rows, cat.ex.circle), url).toBe(review.due);
      expect(dueOf(rows, cat.ex.linear), url).toBeNull();
    }
    expect((await call('GET', `/examples/${cat.ex.circle}`, ada)).body.data.example.reviewDue).toBe(
      review.due,
    );
    expect(
      (await call('GET', `/examples/${cat.ex.linear}`, ada)).body.data.example.reviewDue,
    ).toBeNull();
    const random = await call('GET', `/examples/random?categoryId=${cat.circles}`, ada);
    expect(random.body.data.example).toMatchObject({ id: cat.ex.circle, reviewDue: review.due });

    // A grade moves it at once.
    const graded = (await grade(ada, cat.ex.circle, 'good')).body.data.review;
    expect((await call('GET', `/examples/${cat.ex.circle}`, ada)).body.data.example.reviewDue).toBe(
      graded.due,
    );

    // Visitors, after all that: no reviewDue anywhere, fresh or cached.
    for (const url of [
      '/examples?limit=50',
      `/examples/${cat.ex.circle}`,
      `/examples/random?categoryId=${cat.circles}`,
    ]) {
      for (let i = 0; i < 2; i++) {
        const res = await api.inject('GET', url);
        expect(res.statusCode).toBe(200);
        expect(res.body, url).not.toContain('reviewDue');
      }
    }
  });
});

const grade = (who: TestUser, exampleId: number, rating: string) =>
  call('POST', '/reviews', who, { exampleId, rating });

describe(`mastery in progress on ${engineUnderTest}`, () => {
  it('counts an example mastered once remembered over 3 weeks (stability of 21 days or more), overall, per category with its subcategories and per subject: not after one easy grade on day one, and not once graded again', async () => {
    const bob = await api.newUser('basic');
    const bobId = await userId(db(), bob);
    const progress = async () => (await call('GET', '/me/progress', bob)).body.data;
    const mastered = async () => (await call('GET', '/reviews/stats', bob)).body.data.mastered;
    const of = (list: { id: number }[], id: number) => list.find((c) => c.id === id);
    expect((await progress()).mastered).toBe(0);

    // One easy grade the day it was added: in review, a stability of about 8 days.
    const easy = (await grade(bob, cat.ex.quadEasy, 'easy')).body.data.review;
    expect([easy.state, easy.stability < 21]).toEqual(['review', true]);
    await grade(bob, cat.ex.linear, 'again'); // learning
    await call('PUT', `/reviews/${cat.ex.circle}`, bob); // new
    expect((await progress()).mastered).toBe(0);
    expect(await mastered()).toBe(0);

    // Its stability grown to 21 days (as reviews spread over weeks would take it): mastered.
    const stability = async (exampleId: number, days: number) =>
      db()
        .updateTable('review_cards')
        .set({ stability: days })
        .where('user_id', '=', bobId)
        .where('example_id', '=', exampleId)
        .execute();
    await stability(cat.ex.quadEasy, 20.99);
    expect((await progress()).mastered).toBe(0);
    await stability(cat.ex.quadEasy, 21);
    const body = { data: await progress() };
    expect(body.data.mastered).toBe(1);
    expect(await mastered()).toBe(1);
    expect(of(body.data.categories, cat.quadratics)).toMatchObject({ mastered: 1 });
    expect(of(body.data.categories, cat.equations)).toMatchObject({ mastered: 1 });
    expect(of(body.data.categories, cat.linear)).toMatchObject({ mastered: 0 });
    expect(of(body.data.categories, cat.circles)).toMatchObject({ mastered: 0 });
    expect(of(body.data.subjects, cat.algebra)).toMatchObject({ mastered: 1 });
    expect(of(body.data.subjects, cat.geometry)).toMatchObject({ mastered: 0 });
    // Another learner's cards are theirs alone.
    expect((await call('GET', '/me/progress', ada)).body.data.mastered).toBe(0);

    // Graded again: relearning, no longer mastered.
    const again = (await grade(bob, cat.ex.quadEasy, 'again')).body.data.review;
    expect(again.state).toBe('relearning');
    expect((await progress()).mastered).toBe(0);
    expect(await mastered()).toBe(0);
  });
});

describe(`cards go with their example and their learner on ${engineUnderTest}`, () => {
  it('deleting an example removes every learner’s card of it; deleting an account removes its cards', async () => {
    const bob = await api.newUser('basic');
    const doomed = await insertExample(db(), {
      categoryId: cat.linear,
      difficultyId: cat.easy,
      typeId: cat.worked,
      question: 'Solve $3x = 12$.',
      answer: '$x = 4$',
    });
    for (const who of [ada, bob]) {
      await grade(who, doomed, 'good');
      await grade(who, cat.ex.sequence, 'good');
    }
    const cards = (example: number) =>
      db().selectFrom('review_cards').select('user_id').where('example_id', '=', example).execute();
    expect(await cards(doomed)).toHaveLength(2);
    expect((await call('DELETE', `/examples/${doomed}`, 'admin')).status).toBe(200);
    expect(await cards(doomed)).toEqual([]);

    const before = (await cards(cat.ex.sequence)).length;
    expect((await call('DELETE', `/admin/users/${bob.username}`, 'superadmin')).status).toBe(200);
    expect(await cards(cat.ex.sequence)).toHaveLength(before - 1);
    expect((await call('GET', `/reviews/${cat.ex.sequence}`, ada)).body.data.review).not.toBeNull();
  });
});
