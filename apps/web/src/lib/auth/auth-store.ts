import { useSyncExternalStore } from 'react';
import { normaliseGroups } from '@exemplar/shared/roles';
import { decodeJwtPayload } from './jwt';

export interface AuthTokens {
  idToken: string;
  accessToken: string;
  refreshToken: string;
}

/** The user as read from the id token (spec §3). */
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

/** localStorage keys of the session (spec §9). */
export const TOKEN_KEYS = ['idToken', 'accessToken', 'refreshToken'] as const;

const initialState: AuthState = { initialised: false, tokens: null, user: null };

let state: AuthState = initialState;
const listeners = new Set<() => void>();
let listeningToStorage = false;

function emit(next: AuthState) {
  state = next;
  for (const listener of listeners) listener();
}

/** Reads `{email, name, sub, groups}` from an id token; null when it cannot be decoded. */
export function userFromIdToken(idToken: string): AuthUser | null {
  const payload = decodeJwtPayload(idToken);
  if (!payload) return null;
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  const rawGroups = payload['groups'] ?? payload['cognito:groups'];
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
  const user = tokens ? userFromIdToken(tokens.idToken) : null;
  return user && tokens
    ? { initialised: true, tokens, user }
    : { initialised: true, tokens: null, user: null };
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

  /** Logs out locally: clears the state and the stored tokens. */
  clear(): void {
    const storage = safeStorage();
    for (const key of TOKEN_KEYS) storage?.removeItem(key);
    emit({ initialised: true, tokens: null, user: null });
  },

  /** Tests only: back to the uninitialised start state, without the storage listener. */
  reset(): void {
    if (listeningToStorage) window.removeEventListener('storage', onStorage);
    listeningToStorage = false;
    emit(initialState);
  },
};

export function useAuth(): AuthState {
  return useSyncExternalStore(authStore.subscribe, authStore.getState, authStore.getState);
}

/** The id token for the Authorization header, if a session exists. */
export function getIdToken(): string | null {
  return state.tokens?.idToken ?? null;
}
