import { MASTERY_STABILITY_DAYS, type DayCount } from '@exemplar/shared/reviews';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertExample } from '../../../test/factories';
import { engineUnderTest } from '../../../test/helpers/test-db';
import { useTestApp } from '../../../test/helpers/test-app';
import { userId } from '../../../test/helpers/users';
import type { CardState } from '../../db/schema';
import { addDays, dayIn } from './reviews.presenter';
import { insertCard, type CardRow } from './reviews.repository';
import { masteredExampleIds, reviewsService } from './reviews.service';

/**
 * The stats and the mastery the database counts, over cards written straight into the real
 * database, against the rules computed in memory over every card.
 */
const api = useTestApp({ catalogue: true });
const { cat } = api;
const db = () => api.app.database.db;
const DAY = 86_400_000;
const HOUR = 3_600_000;
const MINUTE = 60_000;
const iso = (t: number) => new Date(t).toISOString();
const statsAt = (userId: number, t: number, tz?: string) =>
  reviewsService(db(), () => new Date(t)).stats(userId, tz);

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
    // Mastered: in review with a stability of at least 21 days, whenever it was last graded.
    mastered: cards.filter((c) => c.state === 2 && c.stability >= 21).length,
    duePerDay,
  };
}

describe(`mastery counted by the database on ${engineUnderTest}`, () => {
  it('is a card in review with a stability of at least 21 days, however long ago its last grade; in masteredExampleIds and in the stats', async () => {
    expect(MASTERY_STABILITY_DAYS).toBe(21);
    const userId = await learner();
    const t0 = Date.parse('2026-03-01T09:00:00.000Z');
    const mastered = [
      { state: 2, stability: 21 }, // exactly 3 weeks
      { state: 2, stability: 36_500 }, // the largest interval ts-fsrs gives
      { state: 2, stability: 21.000001, lastReview: t0 - 400 * DAY }, // long overdue: still mastered
    ] as const;
    const not = [
      { state: 2, stability: 20.999999 }, // just under 3 weeks
      { state: 2, stability: 8.3 }, // one easy grade on a new card
      { state: 3, stability: 40 }, // relearning after "again"
      { state: 1, stability: 25 }, // in its learning steps
    ] as const;
    const masteredIds: number[] = [];
    for (const c of mastered) {
      const id = await newExample();
      masteredIds.push(id);
      await addCard(userId, id, { due: t0 + DAY, lastReview: t0 - DAY, ...c });
    }
    for (const c of not) {
      await addCard(userId, await newExample(), { due: t0, lastReview: t0 - DAY, ...c });
    }
    await addCard(userId, await newExample(), { state: 0, due: t0 });
    // A draft example's mastered card counts nowhere.
    const draft = await newExample();
    await db().updateTable('examples').set({ status: 'draft' }).where('id', '=', draft).execute();
    await addCard(userId, draft, { state: 2, due: t0, lastReview: t0 - DAY, stability: 30 });

    expect(await masteredExampleIds(db(), userId)).toEqual(masteredIds);
    expect((await statsAt(userId, t0)).mastered).toBe(3);
    expect((await statsAt(userId, t0 + 1000 * DAY)).mastered).toBe(3);
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
    // In review, not mastered (stability under 21 days), due in 8 days (19 March in Kiritimati).
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
    await addCard(userId, draft, {
      state: 2,
      due: now - DAY,
      lastReview: now - DAY,
      stability: 30,
    });
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
      mastered: 1,
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
    expect(stats).toMatchObject({ dueNow: 3, dueToday: 4, mastered: 1 });
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
