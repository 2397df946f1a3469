/**
 * The emails that carry a visitor from one auth screen to the next: `pendingEmail` from
 * registration (or an unconfirmed login) to /confirm, `resetEmail` from /forgot-password to
 * /reset-password. Kept in localStorage so a reload or the emailed link in a new tab still knows it.
 */
export const PENDING_EMAIL_KEY = 'pendingEmail';
export const RESET_EMAIL_KEY = 'resetEmail';

type Key = typeof PENDING_EMAIL_KEY | typeof RESET_EMAIL_KEY;

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function read(key: Key): string | null {
  return storage()?.getItem(key) || null;
}

function write(key: Key, email: string | null): void {
  if (email) storage()?.setItem(key, email);
  else storage()?.removeItem(key);
}

export const getPendingEmail = () => read(PENDING_EMAIL_KEY);
export const setPendingEmail = (email: string | null) => write(PENDING_EMAIL_KEY, email);
export const getResetEmail = () => read(RESET_EMAIL_KEY);
export const setResetEmail = (email: string | null) => write(RESET_EMAIL_KEY, email);
