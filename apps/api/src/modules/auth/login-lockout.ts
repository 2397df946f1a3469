import { ErrorCode } from '@exemplar/shared/api';
import { AppError } from '../../lib/errors';
import { sha256, type AuthContext } from './auth.deps';
import { waitText } from './auth.messages';

/** Failed logins allowed per email within the window before the account is locked out. */
export const LOGIN_FREE_FAILURES = 5;
export const LOGIN_WINDOW_MS = 15 * 60_000;
export const LOCKOUT_BASE_MS = 30_000;
export const LOCKOUT_MAX_MS = 15 * 60_000;

/** The counter keys of one address's failed logins and of its lock-out. */
export const loginLockKeys = (email: string) =>
  [`login-fail:${sha256(email)}`, `login-lock:${sha256(email)}`] as const;

/**
 * A locked-out login: how long is left, in the message and as Retry-After (whole seconds, rounded
 * up, so trying again when it says never meets the lock).
 */
export function loginLocked(remainingMs: number): AppError {
  const seconds = Math.max(1, Math.ceil(remainingMs / 1000));
  return new AppError(
    429,
    ErrorCode.TooManyRequests,
    `Too many failed sign-in attempts. Try again in ${waitText(seconds)}.`,
    { retryAfterSeconds: seconds },
  );
}

/**
 * The login lock-out of one address: after LOGIN_FREE_FAILURES failures within LOGIN_WINDOW_MS,
 * each further failure locks it for twice as long as the last (from LOCKOUT_BASE_MS up to
 * LOCKOUT_MAX_MS). A right password clears the count.
 */
export function loginLockout({ counters }: Pick<AuthContext, 'counters'>) {
  return {
    /** Throws the 429 of a locked address. */
    async assertOpen(email: string) {
      const lockedMs = await counters.ttl(loginLockKeys(email)[1]);
      if (lockedMs > 0) throw loginLocked(lockedMs);
    },

    /** Counts a failed login and locks the address when it has failed too often; the count. */
    async recordFailure(email: string): Promise<number> {
      const [failKey, lockKey] = loginLockKeys(email);
      const failures = await counters.increment(failKey, LOGIN_WINDOW_MS);
      if (failures >= LOGIN_FREE_FAILURES) {
        const lockMs = Math.min(
          LOCKOUT_BASE_MS * 2 ** (failures - LOGIN_FREE_FAILURES),
          LOCKOUT_MAX_MS,
        );
        await counters.set(lockKey, lockMs);
      }
      return failures;
    },

    /** Forgets the failures of an address after a right password. */
    async clear(email: string) {
      await counters.delete(...loginLockKeys(email));
    },
  };
}
