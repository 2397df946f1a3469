import type { Example } from '@exemplar/shared/catalogue';
import { LEARN_AHEAD_MINUTES, type ReviewCard, type ReviewRating } from '@exemplar/shared/reviews';
import { fail, type Routes } from './fake-api';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** How far each grade moves a card in this fake (the API schedules with FSRS). */
export const FAKE_INTERVALS: Record<ReviewRating, number> = {
  again: MINUTE,
  hard: 6 * MINUTE,
  good: DAY,
  easy: 3 * DAY,
};

interface Card {
  due: number;
  reps: number;
  /** Graded 'again' last: in its learning steps, learnt ahead by the due queue. */
  learning?: boolean;
}

/**
 * The reviews endpoints over `examples`, in memory: `due` lists the examples in the learner's
 * reviews and how many ms from now each is due (≤ 0: due now); `suggested` the examples
 * suggested to add. A grade moves its card by FAKE_INTERVALS; 'again' puts it in its learning
 * steps, which the due queue learns ahead as the API does (after the cards due now, those in their
 * steps due within LEARN_AHEAD_MINUTES). Visitors get 401.
 */
export function reviewsRoutes(
  examples: Example[],
  { due = [], suggested = [] }: { due?: [number, number][]; suggested?: number[] } = {},
) {
  const cards = new Map<number, Card>(
    due.map(([id, ms]) => [id, { due: Date.now() + ms, reps: 0 }]),
  );
  const signInFirst = () => fail(401, 'Sign in first.');
  const iso = (ms: number) => new Date(ms).toISOString();
  const cardOf = (exampleId: number, card: Card): ReviewCard => ({
    exampleId,
    due: iso(card.due),
    state: card.reps === 0 ? 'new' : card.learning ? 'learning' : 'review',
    stability: card.reps,
    difficulty: 5,
    reps: card.reps,
    lapses: 0,
    lastReview: card.reps === 0 ? null : iso(Date.now()),
  });
  const next = () => {
    const now = Date.now();
    return {
      again: iso(now + FAKE_INTERVALS.again),
      hard: iso(now + FAKE_INTERVALS.hard),
      good: iso(now + FAKE_INTERVALS.good),
      easy: iso(now + FAKE_INTERVALS.easy),
    };
  };
  const exampleOf = (id: number) => {
    const example = examples.find((e) => e.id === id);
    return example
      ? { ...example, reviewDue: cards.has(id) ? iso(cards.get(id)!.due) : null }
      : null;
  };
  const dueNow = () =>
    [...cards.entries()]
      .filter(([, card]) => card.due <= Date.now())
      .sort((a, b) => a[1].due - b[1].due);
  /** The session's queue: due now, then learning cards due within LEARN_AHEAD_MINUTES. */
  const queue = () => {
    const until = Date.now() + LEARN_AHEAD_MINUTES * MINUTE;
    return [...cards.entries()]
      .filter(([, card]) => card.due <= Date.now() || (card.learning && card.due <= until))
      .sort((a, b) => a[1].due - b[1].due);
  };
  const idOf = (params: Record<string, string>) => Number(params['exampleId']);

  const routes: Routes = {
    'GET /reviews/:exampleId': ({ params, signedIn }) => {
      if (!signedIn) return signInFirst();
      const card = cards.get(idOf(params));
      return { review: card ? cardOf(idOf(params), card) : null, next: next() };
    },
    'PUT /reviews/:exampleId': ({ params, signedIn }) => {
      if (!signedIn) return signInFirst();
      const id = idOf(params);
      if (!exampleOf(id)) return fail(404, `Example ${id} not found.`);
      if (!cards.has(id)) cards.set(id, { due: Date.now(), reps: 0 });
      return { review: cardOf(id, cards.get(id)!), next: next() };
    },
    'DELETE /reviews/:exampleId': ({ params, signedIn }) => {
      if (!signedIn) return signInFirst();
      cards.delete(idOf(params));
      return null;
    },
    'GET /reviews/due': ({ signedIn }) => {
      if (!signedIn) return signInFirst();
      const items = queue().map(([id, card]) => ({
        example: exampleOf(id),
        review: cardOf(id, card),
        next: next(),
      }));
      return { examples: items, total: items.length, nextCursor: null };
    },
    'GET /reviews/stats': ({ signedIn }) => {
      if (!signedIn) return signInFirst();
      const all = [...cards.values()];
      const today = new Date();
      const day = (offset: number) =>
        iso(
          Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + offset),
        ).slice(0, 10);
      const endOf = (offset: number) => Date.parse(`${day(offset + 1)}T00:00:00Z`);
      const dueToday = all.filter((card) => card.due < endOf(0)).length;
      return {
        dueNow: dueNow().length,
        dueToday,
        new: all.filter((card) => card.reps === 0).length,
        learning: all.filter((card) => card.reps > 0 && card.learning).length,
        review: all.filter((card) => card.reps > 0 && !card.learning).length,
        mastered: 0,
        reviewsPerDay: [],
        duePerDay: Array.from({ length: 30 }, (_, i) => ({
          date: day(i),
          count:
            i === 0
              ? dueToday
              : all.filter((card) => card.due >= endOf(i - 1) && card.due < endOf(i)).length,
        })),
      };
    },
    'GET /reviews/suggestions': ({ signedIn }) => {
      if (!signedIn) return signInFirst();
      return {
        examples: suggested
          .filter((id) => !cards.has(id))
          .map((id) => ({ ...exampleOf(id)!, liked: true })),
      };
    },
    'POST /reviews': ({ body, signedIn }) => {
      if (!signedIn) return signInFirst();
      const { exampleId, rating } = body as { exampleId: number; rating: ReviewRating };
      const card = cards.get(exampleId);
      if (!card) return fail(404, 'This example is not in your reviews.');
      card.due = Date.now() + FAKE_INTERVALS[rating];
      card.reps += 1;
      card.learning = rating === 'again';
      return { review: cardOf(exampleId, card), repeated: false };
    },
  };
  return { routes, cards };
}
