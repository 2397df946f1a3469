import { useSyncExternalStore } from 'react';
import { normaliseGroups } from '@exemplar/shared/roles';
import { decodeJwtPayload } from './jwt';

export interface AuthTokens {
  idToken: string;
  accessToken: string;
  refreshToken: string;
}

/** The user as read from the id token. */
export interface AuthUser {
  email: string;
  name: string;
  sub: string;
  groups: string[];
}

export interface AuthState {
  /** Set once the stored tokens have been read at start-up. */
  initialised: boolean;
  tokens: AuthTokens | null;
  user: AuthUser | null;
}

/** localStorage keys of the session. */
export const TOKEN_KEYS = ['idToken', 'accessToken', 'refreshToken'] as const;

const initialState: AuthState = { initialised: false, tokens: null, user: null };

let state: AuthState = initialState;
const listeners = new Set<() => void>();
let listeningToStorage = false;

/**
 * The user as GET/PATCH /auth/me last returned it. The id token keeps the name it was issued with,
 * so once the server has told us better, that wins for display (for the same account only).
 */
let serverUser: AuthUser | null = null;

function emit(next: AuthState) {
  state = next;
  for (const listener of listeners) listener();
}

/** Reads `{email, name, sub, groups}` from an id token; null when it cannot be decoded. */
export function userFromIdToken(idToken: string): AuthUser | null {
  const payload = decodeJwtPayload(idToken);
  if (!payload) return null;
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  const rawGroups = payload['groups'];
  return {
    email: text(payload['email']),
    name: text(payload['name']),
    sub: text(payload['sub']),
    groups: normaliseGroups(Array.isArray(rawGroups) ? rawGroups : []),
  };
}

function safeStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** Tokens from localStorage, only if all three exist. */
function readStoredTokens(): AuthTokens | null {
  const storage = safeStorage();
  if (!storage) return null;
  const [idToken, accessToken, refreshToken] = TOKEN_KEYS.map((key) => storage.getItem(key));
  return idToken && accessToken && refreshToken ? { idToken, accessToken, refreshToken } : null;
}

function stateFromTokens(tokens: AuthTokens | null): AuthState {
  const fromToken = tokens ? userFromIdToken(tokens.idToken) : null;
  if (!fromToken || !tokens) return { initialised: true, tokens: null, user: null };
  const user = serverUser && serverUser.sub === fromToken.sub ? serverUser : fromToken;
  return { initialised: true, tokens, user };
}

function onStorage(event: StorageEvent) {
  // key is null when another tab cleared the whole storage.
  if (event.key === null || (TOKEN_KEYS as readonly string[]).includes(event.key)) {
    emit(stateFromTokens(readStoredTokens()));
  }
}

export const authStore = {
  getState: (): AuthState => state,

  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },

  /** Loads the stored session and follows changes made in other tabs. Safe to call repeatedly. */
  initialise(): void {
    if (!listeningToStorage && typeof window !== 'undefined') {
      window.addEventListener('storage', onStorage);
      listeningToStorage = true;
    }
    if (!state.initialised) emit(stateFromTokens(readStoredTokens()));
  },

  /** Stores a new session (after login or a token refresh). */
  setTokens(tokens: AuthTokens): void {
    const storage = safeStorage();
    for (const key of TOKEN_KEYS) storage?.setItem(key, tokens[key]);
    emit(stateFromTokens(tokens));
  },

  /**
   * Takes the signed-in user's details from the server (GET or PATCH /auth/me): the navbar shows
   * them at once, even though the id token still carries what it was issued with.
   */
  syncUser(user: { sub: string; email: string; name: string; groups: readonly string[] }): void {
    const current = state.user;
    if (!current || current.sub !== user.sub) return;
    serverUser = {
      sub: user.sub,
      email: user.email,
      name: user.name,
      groups: normaliseGroups(user.groups),
    };
    const same =
      current.email === serverUser.email &&
      current.name === serverUser.name &&
      current.groups.join() === serverUser.groups.join();
    if (!same) emit({ ...state, user: serverUser });
  },

  /** Logs out locally: clears the state and the stored tokens. */
  clear(): void {
    const storage = safeStorage();
    for (const key of TOKEN_KEYS) storage?.removeItem(key);
    serverUser = null;
    emit({ initialised: true, tokens: null, user: null });
  },

  /** Tests only: back to the uninitialised start state, without the storage listener. */
  reset(): void {
    if (listeningToStorage) window.removeEventListener('storage', onStorage);
    listeningToStorage = false;
    serverUser = null;
    emit(initialState);
  },
};

/**
 * What the server renders (it never sees a session: tokens live in this browser's storage), and so
 * what the first render of a server-rendered page must be to hydrate it. React then re-renders at
 * once with the stored session, if there is one.
 */
const VISITOR_STATE: AuthState = { initialised: true, tokens: null, user: null };
const visitorState = () => VISITOR_STATE;

export function useAuth(): AuthState {
  return useSyncExternalStore(authStore.subscribe, authStore.getState, visitorState);
}

/** The id token for the Authorization header, if a session exists. */
export function getIdToken(): string | null {
  return state.tokens?.idToken ?? null;
}

/** The refresh token of the current session, if any. */
export function getRefreshToken(): string | null {
  return state.tokens?.refreshToken ?? null;
}
