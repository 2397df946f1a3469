import { fakeIdToken } from '../../../test/render';
import type { CurrentUser } from '../api/get-me';
import type { Routes } from '../../../test/fake-api';

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

/** Tokens as POST /auth/login returns them, the id token carrying `claims`. */
export function loginTokens(claims: Record<string, unknown> = {}) {
  return {
    idToken: fakeIdToken({
      sub: ada.sub,
      email: ada.email,
      name: ada.name,
      groups: ada.groups,
      token_use: 'id',
      ...claims,
    }),
    accessToken: 'access-token-from-login-0123456789-0123456789-0123456789',
    refreshToken: 'refresh-token-from-login-0123456789-0123456789-0123456789',
    expiresIn: 3600,
  };
}

/** GET /auth/me answering `user`. */
export function meRoute(user: CurrentUser = meUser()): Routes {
  return { 'GET /auth/me': { user } };
}

/** Anything the layout or other pages may ask for (catalogue lists etc.): an empty success. */
export const anythingElse: Routes = { '*': {} };
