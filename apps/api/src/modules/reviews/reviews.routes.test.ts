import { LEARN_AHEAD_MINUTES, REVIEW_RETRY_WINDOW_SECONDS } from '@exemplar/shared/reviews';
import { beforeAll, describe, expect, it } from 'vitest';
import { engineUnderTest } from '../../../test/helpers/test-db';
import { useTestApp } from '../../../test/helpers/test-app';
import { userId, type TestUser } from '../../../test/helpers/users';

const api = useTestApp({ catalogue: true });
const { cat } = api;
const db = () => api.app.database.db;
let ada: TestUser;
beforeAll(async () => {
  ada = await api.newUser('basic');
});

type Method = 'GET' | 'PUT' | 'DELETE' | 'POST';
const call = (method: Method, url: string, who?: TestUser, payload?: object) =>
  api.request(method, url, { as: who, ...(payload ? { payload } : {}) });
const grade = (who: TestUser, exampleId: number, rating: string) =>
  call('POST', '/reviews', who, { exampleId, rating });
const idOf = (user: TestUser) => userId(db(), user);
const logged = async (user: TestUser, exampleId: number) =>
  (
    await db()
      .selectFrom('review_log')
      .select('rating')
      .where('user_id', '=', await idOf(user))
      .where('example_id', '=', exampleId)
      .execute()
  ).length;
/** Moves a card's due date to `minutesAgo` minutes before `now` (a card overdue by that much). */
const overdue = async (user: TestUser, exampleId: number, minutesAgo: number, now: number) =>
  db()
    .updateTable('review_cards')
    .set({ due: new Date(now - minutesAgo * 60_000).toISOString() })
    .where('user_id', '=', await idOf(user))
    .where('example_id', '=', exampleId)
    .execute();

describe(`reviews: access and refusals on ${engineUnderTest}`, () => {
  it('answers visitors 401 on every route and never lets a browser or proxy keep an answer', async () => {
    for (const [method, url] of [
      ['POST', '/reviews'],
      ['GET', '/reviews/due'],
      ['GET', '/reviews/stats'],
      ['GET', '/reviews/suggestions'],
      ['GET', `/reviews/${cat.ex.linear}`],
      ['PUT', `/reviews/${cat.ex.linear}`],
      ['DELETE', `/reviews/${cat.ex.linear}`],
    ] as const) {
      const res = await api.inject(method, url, {
        ...(method === 'POST' ? { payload: { exampleId: cat.ex.linear, rating: 'good' } } : {}),
      });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.headers['cache-control'], `${method} ${url}`).toBe('no-store');
    }
    const mine = await api.inject('GET', '/reviews/stats', { as: ada });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['cache-control']).toBe('no-store');
  });

  it('refuses an unknown rating with the rating message, an unknown example with 404, a bad zone or cursor with 400, and writes nothing', async () => {
    const bad = await grade(ada, cat.ex.linear, 'perfect');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('Rating must be one of again, hard, good or easy.');
    expect(await grade(ada, 999_999, 'good')).toMatchObject({
      status: 404,
      body: { code: 'NotFound', message: 'Example 999999 not found.' },
    });
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      expect((await call(method, '/reviews/999999', ada)).status, method).toBe(404);
    }
    expect((await call('GET', '/reviews/stats?tz=Mars%2FOlympus', ada)).status).toBe(400);
    const cursorOf = (position: object) =>
      Buffer.from(JSON.stringify(position)).toString('base64url');
    for (const cursor of [
      'bm90LWEtY3Vyc29y',
      cursorOf({ due: '2026-02-30T00:00:00.000Z', exampleId: 1 }),
      cursorOf({ due: '9999-99-99T99:99:99Z', exampleId: 1 }),
      cursorOf({ due: '2026-03-01T00:00:00.000Z', exampleId: 2 ** 31 }),
      cursorOf({ due: '2026-03-01T00:00:00.000Z', exampleId: 1, extra: 1 }),
      cursorOf({ after: 1 }),
    ]) {
      expect(await call('GET', `/reviews/due?cursor=${cursor}`, ada), cursor).toMatchObject({
        status: 400,
        body: { message: 'Invalid query: cursor is not a cursor this API gave out.' },
      });
    }
    expect((await call('GET', '/reviews/suggestions?limit=51', ada)).status).toBe(400);
    expect(await db().selectFrom('review_cards').selectAll().execute()).toEqual([]);
    expect(await db().selectFrom('review_log').selectAll().execute()).toEqual([]);
  });
});

describe(`reviews: grading, adding and removing on ${engineUnderTest}`, () => {
  it('grading an example not in reviews adds it and grades it; GET answers the card and what each grade would do', async () => {
    const bob = await api.newUser('basic');
    const before = await call('GET', `/reviews/${cat.ex.linear}`, bob);
    expect(before.body.data.review).toBeNull();
    expect(Object.keys(before.body.data.next)).toEqual(['again', 'hard', 'good', 'easy']);

    const res = await grade(bob, cat.ex.linear, 'good');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      repeated: false,
      review: { exampleId: cat.ex.linear, state: 'learning', reps: 1, lapses: 0 },
    });
    const { review } = res.body.data;
    // Good on a new card: the second learning step, ten minutes after the grade.
    expect(Date.parse(review.due) - Date.parse(review.lastReview)).toBe(10 * 60_000);
    expect((await call('GET', `/reviews/${cat.ex.linear}`, bob)).body.data.review).toEqual(review);
    expect(await logged(bob, cat.ex.linear)).toBe(1);
  });

  it(`takes the same grade again within ${REVIEW_RETRY_WINDOW_SECONDS} s as a retry (repeated, nothing logged), but a different grade as a new review`, async () => {
    const bob = await api.newUser('basic');
    const first = await grade(bob, cat.ex.circle, 'again');
    const again = await grade(bob, cat.ex.circle, 'again');
    expect(again.body.data).toEqual({ review: first.body.data.review, repeated: true });
    expect(await logged(bob, cat.ex.circle)).toBe(1);
    const other = await grade(bob, cat.ex.circle, 'good');
    expect(other.body.data.repeated).toBe(false);
    expect(other.body.data.review.reps).toBe(2);
    expect(await logged(bob, cat.ex.circle)).toBe(2);
  });

  it('counts two identical grades sent at once only once, for a new card and for one already graded', async () => {
    const bob = await api.newUser('basic');
    for (const [reps, rating] of [
      [1, 'good'],
      [2, 'easy'],
    ] as const) {
      const both = await Promise.all([
        grade(bob, cat.ex.sequence, rating),
        grade(bob, cat.ex.sequence, rating),
      ]);
      expect(both.map((r) => r.status)).toEqual([200, 200]);
      expect(both.map((r) => r.body.data.repeated).sort()).toEqual([false, true]);
      expect(both.map((r) => r.body.data.review.reps)).toEqual([reps, reps]);
      expect(both[0]!.body.data.review).toEqual(both[1]!.body.data.review);
      expect(await logged(bob, cat.ex.sequence)).toBe(reps);
    }
  });

  it('PUT adds a new card due now and keeps an existing one; DELETE removes the card and keeps its log', async () => {
    const bob = await api.newUser('basic');
    const added = await call('PUT', `/reviews/${cat.ex.quadHard}`, bob);
    expect(added.status).toBe(200);
    expect(added.body.data.review).toMatchObject({ state: 'new', reps: 0, lastReview: null });
    expect(Date.parse(added.body.data.review.due)).toBeLessThanOrEqual(Date.now());
    await grade(bob, cat.ex.quadHard, 'hard');
    const kept = await call('PUT', `/reviews/${cat.ex.quadHard}`, bob);
    expect(kept.body.data.review).toMatchObject({ state: 'learning', reps: 1 });

    expect(await call('DELETE', `/reviews/${cat.ex.quadHard}`, bob)).toEqual({
      status: 200,
      body: { success: true, message: 'Removed from your reviews.', data: null },
    });
    expect((await call('GET', `/reviews/${cat.ex.quadHard}`, bob)).body.data.review).toBeNull();
    expect((await call('DELETE', `/reviews/${cat.ex.quadHard}`, bob)).status).toBe(200);
    expect(await logged(bob, cat.ex.quadHard)).toBe(1);
  });
});

describe(`reviews: the due queue on ${engineUnderTest}`, () => {
  it('lists due cards most overdue first then by example id, pages with a cursor, and leaves out cards not due', async () => {
    const bob = await api.newUser('basic');
    const { ex } = cat;
    for (const id of [ex.quadEasy, ex.quadHard, ex.linear, ex.circle, ex.sequence]) {
      await call('PUT', `/reviews/${id}`, bob);
    }
    const now = Date.now();
    await overdue(bob, ex.circle, 300, now);
    await overdue(bob, ex.linear, 60, now);
    await overdue(bob, ex.quadHard, 60, now);
    await overdue(bob, ex.quadEasy, 5, now);
    await grade(bob, ex.sequence, 'easy'); // due in days: not in the queue
    const [tied1, tied2] = [ex.linear, ex.quadHard].sort((a, b) => a - b);
    const order = [ex.circle, tied1, tied2, ex.quadEasy];

    const seen: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const url: string = `/reviews/due?limit=3${cursor ? `&cursor=${cursor}` : ''}`;
      const res = await call('GET', url, bob);
      expect(res.status).toBe(200);
      expect(res.body.data.total).toBe(4);
      for (const item of res.body.data.examples) {
        expect(item.review.exampleId).toBe(item.example.id);
        expect(item.example).toMatchObject({ liked: false, reviewDue: item.review.due });
        expect(Object.keys(item.next)).toEqual(['again', 'hard', 'good', 'easy']);
        seen.push(item.example.id);
      }
      cursor = res.body.data.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(2);
    expect(seen).toEqual(order);
  });
});

describe(`reviews: the session learns ahead on ${engineUnderTest}`, () => {
  const queue = async (who: TestUser) => {
    const res = await call('GET', '/reviews/due?limit=100', who);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { examples, total } = res.body.data as {
      examples: { example: { id: number }; review: { state: string } }[];
      total: number;
    };
    expect(total).toBe(examples.length);
    return examples.map((item) => [item.example.id, item.review.state]);
  };
  /** Moves a card's due date to `minutes` from now and sets its state (1 learning, 2 review, 3 relearning). */
  const dueIn = async (who: TestUser, exampleId: number, minutes: number, state: 1 | 2 | 3) =>
    db()
      .updateTable('review_cards')
      .set({ due: new Date(Date.now() + minutes * 60_000).toISOString(), state })
      .where('user_id', '=', await idOf(who))
      .where('example_id', '=', exampleId)
      .execute();

  it(`brings a card graded again back after the cards due now, and keeps cards in their steps due within ${LEARN_AHEAD_MINUTES} minutes in the queue until they leave them`, async () => {
    const cleo = await api.newUser('basic');
    const { ex } = cat;
    for (const id of [ex.linear, ex.circle]) await call('PUT', `/reviews/${id}`, cleo);
    await overdue(cleo, ex.linear, 2, Date.now());
    expect(await queue(cleo)).toEqual([
      [ex.linear, 'new'],
      [ex.circle, 'new'],
    ]);

    // Again: due in a minute, back in the queue after the card still due now.
    expect((await grade(cleo, ex.linear, 'again')).status).toBe(200);
    expect(await queue(cleo)).toEqual([
      [ex.circle, 'new'],
      [ex.linear, 'learning'],
    ]);
    // Good on a new card: its next step is 10 minutes on, so it comes back too.
    expect((await grade(cleo, ex.circle, 'good')).status).toBe(200);
    expect(await queue(cleo)).toEqual([
      [ex.linear, 'learning'],
      [ex.circle, 'learning'],
    ]);
    // Easy takes a card out of its steps, to a due date days away: the session is over for it.
    expect((await grade(cleo, ex.linear, 'easy')).status).toBe(200);
    expect((await grade(cleo, ex.circle, 'easy')).status).toBe(200);
    expect(await queue(cleo)).toEqual([]);
  });

  it(`learns ahead only cards in their steps, and only within ${LEARN_AHEAD_MINUTES} minutes`, async () => {
    const dara = await api.newUser('basic');
    const { ex } = cat;
    for (const id of [ex.linear, ex.circle, ex.sequence, ex.quadEasy]) {
      await call('PUT', `/reviews/${id}`, dara);
    }
    await dueIn(dara, ex.linear, 19, 3); // relearning, due in 19 minutes: learnt ahead
    await dueIn(dara, ex.circle, 21, 1); // learning, due in 21 minutes: not yet
    await dueIn(dara, ex.sequence, 5, 2); // in review, due in 5 minutes: waits for its time
    await dueIn(dara, ex.quadEasy, -1, 2); // in review, due a minute ago
    expect(await queue(dara)).toEqual([
      [ex.quadEasy, 'review'],
      [ex.linear, 'relearning'],
    ]);
    // The navbar's count and the stats still count what is due now.
    const stats = await call('GET', '/reviews/stats', dara);
    expect(stats.body.data.dueNow).toBe(1);
  });
});

describe(`reviews: suggestions on ${engineUnderTest}`, () => {
  it('suggests liked and solved-with-help examples not in reviews, newest mark first, within the limit', async () => {
    const bob = await api.newUser('basic');
    const { ex } = cat;
    await call('PUT', `/examples/${ex.linear}/like`, bob);
    await call('PUT', `/examples/${ex.circle}/solved`, bob); // by hand: not suggested
    await db()
      .insertInto('solved_marks')
      .values({
        user_id: await idOf(bob),
        example_id: ex.sequence,
        created_at: '2030-01-01T00:00:00.000Z',
        how: 'with-help',
      })
      .execute();
    await call('PUT', `/examples/${ex.quadEasy}/like`, bob);
    await call('PUT', `/reviews/${ex.quadEasy}`, bob); // already in reviews: not suggested
    const ids = async (url: string) =>
      (await call('GET', url, bob)).body.data.examples.map((e: { id: number }) => e.id);
    expect(await ids('/reviews/suggestions')).toEqual([ex.sequence, ex.linear]);
    expect(await ids('/reviews/suggestions?limit=1')).toEqual([ex.sequence]);
    const [first] = (await call('GET', '/reviews/suggestions', bob)).body.data.examples;
    expect(first).toMatchObject({ solved: true, solveMark: 'with-help', reviewDue: null });
  });
});
