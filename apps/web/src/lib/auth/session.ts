import { api } from '../api-client';
import { authStore, getRefreshToken, type AuthTokens } from './auth-store';

/** Signs in with tokens from POST /auth/login: stores them; the user is read from the id token. */
export function startSession(tokens: AuthTokens): void {
  authStore.setTokens(tokens);
}

/**
 * Logs out (spec §4): clears the state and the stored tokens at once, then tells the server to
 * revoke the refresh token. That call is best effort: the local logout never waits for or depends
 * on it.
 */
export function logout(): Promise<void> {
  const refreshToken = getRefreshToken();
  authStore.clear();
  if (!refreshToken) return Promise.resolve();
  return api.post('/auth/logout', { refreshToken }).then(
    () => undefined,
    () => undefined,
  );
}

/** Prefix of every query that belongs to the signed-in user (dropped on logout). */
export const SESSION_QUERY_KEY = ['auth'] as const;
