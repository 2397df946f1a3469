import type {
  CategoryTreeEntry,
  Difficulty,
  Example,
  ExampleType,
  Subject,
} from '@exemplar/shared/catalogue';
import type { ReviewItem } from '@exemplar/shared/reviews';
import type { RouteObject } from 'react-router';
import type { Routes } from '../../../test/fake-api';
import WorksheetRoute from '../../../app/routes/worksheet';

export const subjects: Subject[] = [
  { id: 1, name: 'Algebra', description: '' },
  { id: 2, name: 'Geometry', description: '' },
];

export const difficulties: Difficulty[] = [
  { id: 1, name: 'easy', description: '', rank: 0 },
  { id: 2, name: 'medium', description: '', rank: 1 },
];

export const types: ExampleType[] = [
  { id: 1, name: 'Worked Example', description: '' },
  { id: 2, name: 'Proof', description: '' },
];

export const categoryTree: CategoryTreeEntry[] = [
  {
    subject: subjects[0]!,
    categories: [
      {
        id: 10,
        name: 'Equations',
        description: '',
        children: [{ id: 11, name: 'Quadratics', description: '', children: [] }],
      },
    ],
  },
  {
    subject: subjects[1]!,
    categories: [{ id: 20, name: 'Circles', description: '', children: [] }],
  },
];

export const catalogue = { subjects, difficulties, types, categoryTree };

export const catalogueRoutes: Routes = {
  'GET /subjects': { subjects },
  'GET /difficulties': { difficulties },
  'GET /types': { types },
  'GET /categories/tree': { categoriesTree: categoryTree },
};

export function makeExample(id: number, overrides: Partial<Example> = {}): Example {
  return {
    id,
    question: `Question ${id}: solve $x + ${id} = ${id + 1}$.`,
    answer: `Answer ${id}: $x = 1$`,
    procedure: `Procedure ${id}: subtract $${id}$ from both sides.`,
    difficultyId: 1,
    typeId: 1,
    categoryId: 11,
    subjectId: 1,
    createdAt: '2026-10-06T07:44:22.292Z',
    updatedAt: '2026-10-06T07:44:22.292Z',
    ...overrides,
  };
}

export const examples = Array.from({ length: 30 }, (_, i) => makeExample(i + 1));

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
