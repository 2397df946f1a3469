import type { Example } from '@exemplar/shared/catalogue';
import type { RouteObject } from 'react-router';
import WorksheetRoute from '../../../app/routes/worksheet';
import { makeExample } from '../../../test/catalogue-fixtures';

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

/** The worksheet page at its path (the app's route: the reviews source asks to sign in), and a login stand-in. */
export const worksheetRoutes: RouteObject[] = [
  { path: '/worksheet', Component: WorksheetRoute },
  { path: '/login', element: 'Login screen' },
];
