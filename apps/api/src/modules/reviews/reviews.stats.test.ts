import { MASTERY_RETRIEVABILITY, type DayCount } from '@exemplar/shared/reviews';
import { forgetting_curve } from 'ts-fsrs';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertExample } from '../../../test/factories';
import { engineUnderTest } from '../../../test/helpers/test-db';
import { useTestApp } from '../../../test/helpers/test-app';
import { userId } from '../../../test/helpers/users';
import type { CardState } from '../../db/schema';
import { addDays, dayIn } from './reviews.presenter';
import { insertCard, type CardRow } from './reviews.repository';
import { FSRS_PARAMETERS, isMastered, MASTERY_STABILITIES } from './reviews.schedule';
import { masteredExampleIds, reviewsService } from './reviews.service';

/**
 * The stats and the mastery the database counts, over cards written straight into the real
 * database, against the rules computed in memory over every card.
 */
const api = useTestApp({ catalogue: true });
const { cat } = api;
const db = () => api.app.database.db;
const engine = () => api.app.database.engine;
const DAY = 86_400_000;
const HOUR = 3_600_000;
const MINUTE = 60_000;
const iso = (t: number) => new Date(t).toISOString();
const statsAt = (userId: number, t: number, tz?: string) =>
  reviewsService(db(), engine(), () => new Date(t)).stats(userId, tz);
const masteredIdsAt = (userId: number, t: number) =>
  masteredExampleIds(db(), engine(), userId, new Date(t));

const learner = async () => userId(db(), await api.newUser('basic'));

/** A published example of its own (the small catalogue has six). */
let examples = 0;
const newExample = () =>
  insertExample(db(), {
    categoryId: cat.linear,
    difficultyId: cat.easy,
    typeId: cat.worked,
    question: `Solve $x + ${++examples} = 0$.`,
    n: 100 + examples,
  });

interface CardSpec {
  state: CardState;
  due: number;
  lastReview?: number;
  stability?: number;
}
async function addCard(userId: number, exampleId: number, c: CardSpec) {
  await insertCard(db(), {
    user_id: userId,
    example_id: exampleId,
    due: iso(c.due),
    stability: c.stability ?? 0,
    difficulty: 5,
    elapsed_days: 0,
    scheduled_days: 0,
    learning_steps: 0,
    reps: c.lastReview === undefined ? 0 : 1,
    lapses: 0,
    state: c.state,
    last_review: c.lastReview === undefined ? null : iso(c.lastReview),
    created_at: iso(Date.parse('2026-01-01T00:00:00.000Z')),
  });
}

/** The user's cards for published examples (the stats count no other). */
const publishedCardsOf = (userId: number) =>
  db()
    .selectFrom('review_cards')
    .selectAll()
    .where('user_id', '=', userId)
    .where(
      'example_id',
      'in',
      db().selectFrom('examples').select('id').where('status', '=', 'published'),
    )
    .execute();

/**
 * The stats but reviewsPerDay, counted in memory over every card the way the API defines them:
 * a card due now counts today, one due later on its day in `tz` (today if that is earlier).
 */
function countedInMemory(cards: CardRow[], t: number, tz: string) {
  const dayOf = dayIn(tz);
  const today = dayOf(new Date(t));
  const dueDays = cards.map((c) => {
    const day = Date.parse(c.due) <= t ? today : dayOf(c.due);
    return day < today ? today : day;
  });
  const duePerDay: DayCount[] = Array.from({ length: 30 }, (_, i) => {
    const date = addDays(today, i);
    return { date, count: dueDays.filter((d) => d === date).length };
  });
  return {
    dueNow: cards.filter((c) => Date.parse(c.due) <= t).length,
    dueToday: duePerDay[0]!.count,
    new: cards.filter((c) => c.state === 0).length,
    learning: cards.filter((c) => c.state === 1 || c.state === 3).length,
    review: cards.filter((c) => c.state === 2).length,
    mastered: cards.filter((c) => isMastered(c, new Date(t))).length,
    duePerDay,
  };
}

describe('the mastery bound', () => {
  it('is where ts-fsrs’s forgetting curve falls to MASTERY_RETRIEVABILITY (0.9): one stability, the curve at least 0.9 a millionth of it before and below 0.9 a millionth after', () => {
    expect(MASTERY_RETRIEVABILITY).toBe(0.9);
    expect(Math.abs(MASTERY_STABILITIES - 1)).toBeLessThan(1e-8);
    for (const s of [0.001, 0.5, 8.3, 100, 36_500]) {
      const bound = s * MASTERY_STABILITIES;
      expect(forgetting_curve(FSRS_PARAMETERS.w, s, s), `S ${s}`).toBe(0.9);
      expect(forgetting_curve(FSRS_PARAMETERS.w, bound * (1 - 1e-6), s)).toBeGreaterThanOrEqual(
        0.9,
      );
      expect(forgetting_curve(FSRS_PARAMETERS.w, bound * (1 + 1e-6), s)).toBeLessThan(0.9);
    }
  });
});

describe(`mastery counted by the database on ${engineUnderTest}`, () => {
  it('agrees with isMastered to the millisecond on each side of every card’s bound, in masteredExampleIds and in the stats', async () => {
    const userId = await learner();
    const t0 = Date.parse('2026-03-01T09:00:00.000Z');
    // A stability whose bound is a whole number of milliseconds: mastered exactly at it.
    const whole = 8 / MASTERY_STABILITIES;
    expect(whole * MASTERY_STABILITIES * DAY).toBe(8 * DAY);
    const review: [number, number][] = [
      // [stability, last grade]: odd milliseconds, the smallest and largest stability ts-fsrs gives.
      [whole, t0 + 123],
      [0.001, t0 + 7],
      [100.123456789, t0 + 999],
      [36_500, t0 + 1],
      [2.718281828, t0 + 200 * DAY], // graded after every probe but its own: a clock set back
    ];
    const ids = [cat.ex.quadEasy, cat.ex.quadHard, cat.ex.linear, cat.ex.equationsTop];
    ids.push(cat.ex.sequence);
    for (const [i, [stability, last]] of review.entries()) {
      await addCard(userId, ids[i]!, { state: 2, due: last + DAY, lastReview: last, stability });
    }
    // Recently graded but not in review, and never graded: never mastered.
    await addCard(userId, cat.ex.circle, { state: 1, due: t0, lastReview: t0, stability: 5 });
    await addCard(userId, await newExample(), { state: 3, due: t0, lastReview: t0, stability: 5 });
    await addCard(userId, await newExample(), { state: 0, due: t0 });
    const cards = await publishedCardsOf(userId);

    for (const [i, [stability, last]] of review.entries()) {
      const bound = Math.floor(stability * MASTERY_STABILITIES * DAY);
      const card = cards.find((c) => c.example_id === ids[i])!;
      expect(isMastered(card, new Date(last + bound)), `S ${stability} at the bound`).toBe(true);
      expect(isMastered(card, new Date(last + bound + 1)), `S ${stability} 1 ms over`).toBe(false);
      for (const t of [last + bound - 1, last + bound, last + bound + 1]) {
        const inMemory = cards
          .filter((c) => isMastered(c, new Date(t)))
          .map((c) => c.example_id)
          .sort((a, b) => a - b);
        expect(await masteredIdsAt(userId, t), `S ${stability} at ${iso(t)}`).toEqual(inMemory);
        expect((await statsAt(userId, t)).mastered, `S ${stability} at ${iso(t)}`).toBe(
          inMemory.length,
        );
      }
    }
  });
});

describe(`review stats counted by the database on ${engineUnderTest}`, () => {
  // 12:00 UTC on 10 March is 02:00 on 11 March in Kiritimati (UTC+14): its 11 March runs from
  // 10:00 UTC on the 10th to 10:00 UTC on the 11th.
  const now = Date.parse('2026-03-10T12:00:00.000Z');
  let userId: number;
  let spreadId: number;
  beforeAll(async () => {
    userId = await learner();
    const card = async (c: CardSpec) => addCard(userId, await newExample(), c);
    await card({ state: 0, due: now - 2 * DAY }); // new, overdue
    await card({ state: 1, due: now - 5 * MINUTE, lastReview: now - 6 * MINUTE, stability: 0.5 });
    await card({ state: 3, due: now + 30 * MINUTE, lastReview: now - 10 * MINUTE, stability: 2 });
    // In review: mastered, due in 8 days (19 March in Kiritimati).
    await card({ state: 2, due: now + 8 * DAY, lastReview: now - 2 * DAY, stability: 10 });
    // In review, 15 days overdue, not mastered.
    await card({ state: 2, due: now - 15 * DAY, lastReview: now - 20 * DAY, stability: 5 });
    const notMastered = { state: 2, lastReview: now - 5 * DAY, stability: 1 } as const;
    // The last millisecond of 11 March and the first of 12 March in Kiritimati.
    await card({ ...notMastered, due: Date.parse('2026-03-11T09:59:59.999Z') });
    await card({ ...notMastered, due: Date.parse('2026-03-11T10:00:00.000Z') });
    // 29 days on (9 April, 23:00 in Kiritimati, the window's last day), mastered; 30 days on
    // (10 April, 00:00); 31 days on (11 April, 01:00); 60 days on.
    await card({
      state: 2,
      due: Date.parse('2026-04-09T09:00:00.000Z'),
      lastReview: now - DAY,
      stability: 40,
    });
    await card({ ...notMastered, due: Date.parse('2026-04-09T10:00:00.000Z') });
    await card({ ...notMastered, due: Date.parse('2026-04-10T11:00:00.000Z') });
    await card({ ...notMastered, due: now + 60 * DAY });
    // A draft example's card (overdue, mastered) and another learner's card count nowhere.
    const draft = await newExample();
    await db().updateTable('examples').set({ status: 'draft' }).where('id', '=', draft).execute();
    await addCard(userId, draft, { state: 2, due: now - DAY, lastReview: now - DAY, stability: 9 });
    await addCard(await learner(), cat.ex.linear, { state: 0, due: now - DAY });

    // Cards every 37 h 17 min from 2 days overdue to 35 days on, in every state.
    spreadId = await learner();
    for (let i = 0; i < 24; i++) {
      const due = now - 2 * DAY + i * (37 * HOUR + 17 * MINUTE);
      const state = (i % 4) as CardState;
      await addCard(spreadId, await newExample(), {
        state,
        due,
        ...(state === 0 ? {} : { lastReview: due - (i + 1) * 13 * HOUR, stability: 0.5 + 0.7 * i }),
      });
    }
  });

  it('counts every state, overdue cards and the 30-day window in a zone 14 hours ahead of UTC (Pacific/Kiritimati)', async () => {
    const stats = await statsAt(userId, now, 'Pacific/Kiritimati');
    expect(stats).toMatchObject({
      dueNow: 3, // the new, the learning and the overdue card in review
      dueToday: 5, // and the relearning card due in 30 minutes, the one due at 23:59:59.999
      new: 1,
      learning: 2,
      review: 8,
      mastered: 2,
    });
    expect(stats.duePerDay).toHaveLength(30);
    expect(stats.duePerDay[0]).toEqual({ date: '2026-03-11', count: 5 });
    expect(stats.duePerDay[1]).toEqual({ date: '2026-03-12', count: 1 });
    expect(stats.duePerDay[8]).toEqual({ date: '2026-03-19', count: 1 });
    expect(stats.duePerDay[29]).toEqual({ date: '2026-04-09', count: 1 });
    expect(stats.duePerDay.reduce((n, d) => n + d.count, 0)).toBe(8);
    expect(stats).toMatchObject(
      countedInMemory(await publishedCardsOf(userId), now, 'Pacific/Kiritimati'),
    );
  });

  it('puts the same cards on UTC days: 10 March is today, the cards due on 11 March Kiritimati time fall on the 11th, those 29 and 30 days on fall outside', async () => {
    const stats = await statsAt(userId, now);
    expect(stats).toMatchObject({ dueNow: 3, dueToday: 4, mastered: 2 });
    expect(stats.duePerDay[0]).toEqual({ date: '2026-03-10', count: 4 });
    expect(stats.duePerDay[1]).toEqual({ date: '2026-03-11', count: 2 });
    expect(stats.duePerDay[8]).toEqual({ date: '2026-03-18', count: 1 });
    expect(stats.duePerDay.reduce((n, d) => n + d.count, 0)).toBe(7);
  });

  it('gives what counting every card in memory gives, in zones from UTC−11 to UTC+14 (Santiago’s clocks going back in the window), at several instants', async () => {
    for (const user of [userId, spreadId]) {
      const cards = await publishedCardsOf(user);
      for (const tz of [
        'Pacific/Pago_Pago',
        'America/Santiago',
        'UTC',
        'Europe/London',
        'Asia/Kathmandu',
        'Pacific/Kiritimati',
      ]) {
        for (const t of [now, now + 13 * HOUR + 45 * MINUTE, now + 29.5 * DAY]) {
          expect(await statsAt(user, t, tz), `${tz} at ${iso(t)}`).toMatchObject(
            countedInMemory(cards, t, tz),
          );
        }
      }
    }
  });
});
