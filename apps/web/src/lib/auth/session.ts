import { api } from '../api-client';
import { authStore, getRefreshToken, type AuthTokens } from './auth-store';

/** Signs in with tokens from POST /auth/login: stores them; the user is read from the id token. */
export function startSession(tokens: AuthTokens): void {
  authStore.setTokens(tokens);
}

/**
 * Logs out: clears the state and the stored tokens at once, then tells the server to
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

/**
 * The location (router key) where the user chose to log out. A protected page still on screen there
 * shows nothing instead of sending the user to the login screen while the app moves on. The mark is
 * a tiny store: clearing it re-renders whoever reads it, so a page it blanked shows again at once.
 */
let loggedOutAt: string | null = null;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export function subscribeLogoutMark(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function markLogoutAt(locationKey: string): void {
  loggedOutAt = locationKey;
  emit();
  // Coming back to that entry with Back or Forward is a normal visit again (the router reuses its
  // key): forget the mark on the next history traversal.
  if (typeof window !== 'undefined') {
    window.addEventListener('popstate', () => clearLogoutMark(locationKey), { once: true });
  }
}

export function loggedOutAtLocation(locationKey: string): boolean {
  return loggedOutAt === locationKey;
}

/**
 * Tests only: no mark. Every router's first entry has the key 'default', so a mark left by one
 * test's logout would blank the next test's protected page (the test setup calls this after each).
 */
export function resetLogoutMark(): void {
  loggedOutAt = null;
}

/** The page left behind is gone: coming back to it is a normal visit again. */
export function clearLogoutMark(locationKey: string): void {
  if (loggedOutAt !== locationKey) return;
  loggedOutAt = null;
  emit();
}
