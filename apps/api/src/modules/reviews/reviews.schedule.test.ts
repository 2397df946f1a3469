import type { ReviewRating } from '@exemplar/shared/reviews';
import { createEmptyCard, fsrs, Rating, type Card, type Grade } from 'ts-fsrs';
import { beforeAll, describe, expect, it } from 'vitest';
import { engineUnderTest } from '../../../test/helpers/test-db';
import { useTestApp } from '../../../test/helpers/test-app';
import { userId } from '../../../test/helpers/users';
import { masteredExampleIds, reviewsService } from './reviews.service';

/**
 * The service over the real database, with a clock the test sets: grades at chosen instants,
 * days in a chosen zone.
 */
const api = useTestApp({ catalogue: true });
const { cat } = api;
const db = () => api.app.database.db;
let now = new Date();
const service = () => reviewsService(db(), () => now);
const at = (iso: string) => (now = new Date(iso));
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

const learner = async () => userId(db(), await api.newUser('basic'));

describe(`FSRS scheduling on ${engineUnderTest}`, () => {
  it('good, good, again, hard, easy at set times give the cards and due dates ts-fsrs computes (default weights, fuzz off, learning steps on)', async () => {
    const userId = await learner();
    const reference = fsrs({ enable_fuzz: false, enable_short_term: true });
    const grades: [ReviewRating, Grade, number][] = [
      ['good', Rating.Good, 0],
      ['good', Rating.Good, 10 * MINUTE],
      ['again', Rating.Again, 3 * DAY],
      ['hard', Rating.Hard, 10 * MINUTE],
      ['easy', Rating.Easy, DAY],
    ];
    let t = Date.parse('2026-03-01T09:00:00.000Z');
    let expected: Card = createEmptyCard(new Date(t));
    const states: string[] = [];
    for (const [rating, grade, after] of grades) {
      t += after;
      at(new Date(t).toISOString());
      const { review, repeated } = await service().grade(userId, cat.ex.linear, rating);
      expected = reference.next(expected, new Date(t), grade).card;
      expect(repeated).toBe(false);
      expect(review).toEqual({
        exampleId: cat.ex.linear,
        due: expected.due.toISOString(),
        state: ['new', 'learning', 'review', 'relearning'][expected.state],
        stability: expected.stability,
        difficulty: expected.difficulty,
        reps: expected.reps,
        lapses: expected.lapses,
        lastReview: new Date(t).toISOString(),
      });
      states.push(review.state);
    }
    expect(states).toEqual(['learning', 'review', 'relearning', 'relearning', 'review']);
    // Stored as answered: reading the card back gives the same numbers.
    const status = await service().status(userId, cat.ex.linear);
    expect(status.review?.due).toBe(expected.due.toISOString());
    expect(status.review?.stability).toBe(expected.stability);
    const preview = reference.repeat(expected, now);
    expect(status.next).toEqual({
      again: preview[Rating.Again].card.due.toISOString(),
      hard: preview[Rating.Hard].card.due.toISOString(),
      good: preview[Rating.Good].card.due.toISOString(),
      easy: preview[Rating.Easy].card.due.toISOString(),
    });
  });

  it('takes the same grade as a retry up to just under 10 seconds after it, and as a new review from 10 seconds on', async () => {
    const userId = await learner();
    const t = Date.parse('2026-03-01T09:00:00.000Z');
    at(new Date(t).toISOString());
    await service().grade(userId, cat.ex.circle, 'again');
    at(new Date(t + 9_999).toISOString());
    expect(await service().grade(userId, cat.ex.circle, 'again')).toMatchObject({
      repeated: true,
      review: { reps: 1 },
    });
    at(new Date(t + 10_000).toISOString());
    expect(await service().grade(userId, cat.ex.circle, 'again')).toMatchObject({
      repeated: false,
      review: { reps: 2 },
    });
  });

  it('counts an example mastered once remembered over 3 weeks: not after one easy grade on day one (stability 8.3 days), once a good grade 8 days on takes it to 38.9, and no longer after "again"', async () => {
    const userId = await learner();
    const t = Date.parse('2026-03-01T09:00:00.000Z');
    const masteredNow = async () =>
      (await masteredExampleIds(db(), userId)).includes(cat.ex.quadEasy);
    at(new Date(t).toISOString());
    const easy = await service().grade(userId, cat.ex.quadEasy, 'easy');
    expect([easy.review.state, easy.review.stability]).toEqual(['review', 8.2956]);
    expect(await masteredNow()).toBe(false);
    expect((await service().stats(userId)).mastered).toBe(0);

    at(new Date(t + 8 * DAY).toISOString());
    const good = await service().grade(userId, cat.ex.quadEasy, 'good');
    expect(good.review.stability).toBeGreaterThanOrEqual(21);
    expect(await masteredNow()).toBe(true);
    expect((await service().stats(userId)).mastered).toBe(1);

    // Failed at its next review: relearning, with a stability of a few days.
    at(good.review.due);
    const again = await service().grade(userId, cat.ex.quadEasy, 'again');
    expect(again.review.state).toBe('relearning');
    expect(await masteredNow()).toBe(false);
    expect((await service().stats(userId)).mastered).toBe(0);
  });

  it('sends a card graded "again" back to its steps in every state, so a last grade of "again" is never in review (never mastered)', async () => {
    const userId = await learner();
    let t = Date.parse('2026-03-01T09:00:00.000Z');
    // New, learning (after good), review (after easy), relearning (after again): "again" in each.
    for (const [exampleId, before, wanted] of [
      [cat.ex.linear, [], 'learning'],
      [cat.ex.circle, ['good'], 'learning'],
      [cat.ex.sequence, ['easy'], 'relearning'],
      [cat.ex.quadHard, ['easy', 'again'], 'relearning'],
    ] as [number, ReviewRating[], string][]) {
      for (const rating of [...before, 'again'] as ReviewRating[]) {
        t += DAY;
        at(new Date(t).toISOString());
        await service().grade(userId, exampleId, rating);
      }
      expect((await service().status(userId, exampleId)).review?.state).toBe(wanted);
    }
  });
});

describe(`review stats on ${engineUnderTest}`, () => {
  let userId: number;
  beforeAll(async () => {
    userId = await learner();
    at('2026-03-09T03:00:00.000Z'); // New York: 8 March, 23:00
    await service().grade(userId, cat.ex.quadEasy, 'easy'); // due 8 days on: NY 16 March, 23:00
    at('2026-03-10T03:00:00.000Z'); // NY: 9 March, 23:00
    await service().grade(userId, cat.ex.linear, 'again'); // due a minute on
    at('2026-03-10T03:25:00.000Z');
    await service().grade(userId, cat.ex.circle, 'good'); // due 03:35, NY 23:35
    at('2026-03-10T03:30:00.000Z');
    await service().add(userId, cat.ex.sequence); // new, due now
  });

  it('buckets days in the caller’s zone (America/New_York): today is 9 March there, 10 March in UTC', async () => {
    const ny = await service().stats(userId, 'America/New_York');
    expect(ny).toMatchObject({
      dueNow: 2,
      dueToday: 3,
      new: 1,
      learning: 2,
      review: 1,
      mastered: 0, // one easy grade: a stability of 8.3 days
    });
    expect(ny.reviewsPerDay).toHaveLength(90);
    expect(ny.reviewsPerDay[0]).toEqual({ date: '2025-12-10', count: 0 });
    expect(ny.reviewsPerDay.slice(-2)).toEqual([
      { date: '2026-03-08', count: 1 },
      { date: '2026-03-09', count: 2 },
    ]);
    expect(ny.reviewsPerDay.reduce((n, d) => n + d.count, 0)).toBe(3);
    expect(ny.duePerDay).toHaveLength(30);
    expect(ny.duePerDay[0]).toEqual({ date: '2026-03-09', count: 3 });
    expect(ny.duePerDay[7]).toEqual({ date: '2026-03-16', count: 1 });
    expect(ny.duePerDay.reduce((n, d) => n + d.count, 0)).toBe(4);

    const utc = await service().stats(userId);
    expect(utc.reviewsPerDay.slice(-2)).toEqual([
      { date: '2026-03-09', count: 1 },
      { date: '2026-03-10', count: 2 },
    ]);
    expect(utc.duePerDay[0]).toEqual({ date: '2026-03-10', count: 3 });
    expect(utc.duePerDay[7]).toEqual({ date: '2026-03-17', count: 1 });
  });

  it('leaves grades older than 90 days out of reviewsPerDay and cards due after 30 days out of duePerDay', async () => {
    at('2026-06-20T12:00:00.000Z');
    const later = await service().stats(userId, 'America/New_York');
    expect(later.reviewsPerDay.at(-1)).toEqual({ date: '2026-06-20', count: 0 });
    expect(later.reviewsPerDay.reduce((n, d) => n + d.count, 0)).toBe(0);
    // Every card is overdue by then: all of them count today.
    expect(later.duePerDay[0]).toEqual({ date: '2026-06-20', count: 4 });
    expect(later.dueNow).toBe(4);
  });
});
