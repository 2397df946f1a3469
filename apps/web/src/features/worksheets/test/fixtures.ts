import type { Example } from '@exemplar/shared/catalogue';
import type { ReviewItem } from '@exemplar/shared/reviews';
import type { RouteObject } from 'react-router';
import WorksheetRoute from '../../../app/routes/worksheet';
import { makeExample } from '../../../test/catalogue-fixtures';
import type { Routes } from '../../../test/fake-api';

/**
 * 30 examples of the test catalogue (Algebra, easy), whose question, answer and procedure each
 * name the example ("Question 5:", "Answer 5:", "Procedure 5:"), so a sheet's text tells which
 * examples it shows, in which order.
 */
export const examples: Example[] = Array.from({ length: 30 }, (_, i) => {
  const id = i + 1;
  return makeExample({
    id,
    question: `Question ${id}: solve $x + ${id} = ${id + 1}$.`,
    answer: `Answer ${id}: $x = 1$`,
    procedure: `Procedure ${id}: subtract $${id}$ from both sides.`,
  });
});

/** A review queue item for `example`, due now. */
export function reviewItem(example: Example): ReviewItem {
  const at = '2026-11-26T08:00:00.000Z';
  return {
    example,
    review: {
      exampleId: example.id,
      due: at,
      state: 'review',
      stability: 3,
      difficulty: 5,
      reps: 2,
      lapses: 0,
      lastReview: '2026-11-20T08:00:00.000Z',
    },
    next: { again: at, hard: at, good: at, easy: at },
  };
}

/** GET /auth/me for the test learner of renderApp's `as: 'basic'` (the reviews source checks the session). */
export const learnerMeRoutes: Routes = {
  'GET /auth/me': {
    user: {
      username: 'sub-ada',
      sub: 'sub-ada',
      email: 'ada@example.com',
      name: 'Ada',
      groups: ['basic'],
      status: 'CONFIRMED',
      enabled: true,
      emailVerified: true,
      createdAt: '2025-12-01T08:00:00.000Z',
      updatedAt: '2025-12-01T08:00:00.000Z',
    },
  },
};

/** The worksheet page at its path (the app's route: the reviews source asks to sign in), and a login stand-in. */
export const worksheetRoutes: RouteObject[] = [
  { path: '/worksheet', Component: WorksheetRoute },
  { path: '/login', element: 'Login screen' },
];
