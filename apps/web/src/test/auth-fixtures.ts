import type { CurrentUser } from '../features/auth/api/get-me';
import type { Routes } from './fake-api';

/** The test learner Ada: the same sub and email as `renderApp`'s `as: 'basic'` (`claimsOf`). */
export const ada = {
  sub: 'sub-ada',
  username: 'ada-7f3a',
  email: 'ada@example.com',
  name: 'Ada Lovelace',
  groups: ['basic'],
};

/** What GET /auth/me answers for `overrides` on top of Ada. */
export function meUser(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    username: ada.username,
    sub: ada.sub,
    email: ada.email,
    name: ada.name,
    groups: ['basic'],
    status: 'CONFIRMED',
    enabled: true,
    emailVerified: true,
    createdAt: '2026-01-15T10:00:00.000Z',
    updatedAt: '2026-01-15T10:00:00.000Z',
    ...overrides,
  };
}

/** GET /auth/me answering `user`. */
export function meRoute(user: CurrentUser = meUser()): Routes {
  return { 'GET /auth/me': { user } };
}
