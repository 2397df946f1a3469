import { fakeIdToken } from '../../../test/render';
import type { Routes } from '../../../test/fake-api';
import { ada } from '../../../test/auth-fixtures';

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

/** Anything the layout or other pages may ask for (catalogue lists etc.): an empty success. */
export const anythingElse: Routes = { '*': {} };
