import {
  createCipheriv,
  createDecipheriv,
  createHash,
  hkdfSync,
  randomBytes,
  randomInt,
  randomUUID,
} from 'node:crypto';
import type { CodeSent, Me, Tokens } from '@exemplar/shared/auth';
import { normaliseGroups, type Role } from '@exemplar/shared/roles';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { CounterStore } from '../../lib/counters';
import { AppError, badRequest, conflict, unauthorized } from '../../lib/errors';
import { InvalidTokenError, TOKEN_TTL_SECONDS, type Keyring } from '../../lib/jwt';
import type { Mailer } from '../../lib/mailer';
import {
  assertPasswordAcceptable,
  burnVerifyTime,
  hashSecret,
  verifySecret,
} from '../../lib/passwords';
import { confirmationMail, passwordChangedMail, resetMail } from './auth.mail';
import * as codes from './codes.repository';
import * as sessions from './sessions.repository';
import * as users from './users.repository';

export const CODE_TTL_MS = { confirm: 24 * 3600_000, reset: 3600_000 } as const;
/** Guesses checked against one code, the right one included; the fifth wrong one burns it. */
export const CODE_MAX_TRIES = 5;
/** Code mails to one address, per purpose: one per minute, five per hour. */
export const CODE_MAIL_GAP_MS = 60_000;
export const CODE_MAILS_PER_WINDOW = 5;
export const CODE_MAIL_WINDOW_MS = 3600_000;
/** A refresh token unused this long expires (the session's absolute lifetime may end it sooner). */
export const REFRESH_TTL_MS = 30 * 24 * 3600_000;
/** Default absolute session lifetime, from login; refreshing never extends it. */
export const SESSION_MAX_AGE_MS = 30 * 24 * 3600_000;
/**
 * For this long after a refresh token's first use, using it again (a retry, or a second tab)
 * answers with the same successor token instead of forking the session; after it, it is a replay.
 */
export const REFRESH_GRACE_MS = 30_000;
/** Failed logins allowed per email within the window before the account is locked out. */
export const LOGIN_FREE_FAILURES = 5;
export const LOGIN_WINDOW_MS = 15 * 60_000;
export const LOCKOUT_BASE_MS = 30_000;
export const LOCKOUT_MAX_MS = 15 * 60_000;

export const MESSAGES = {
  duplicate: 'An account with the given email already exists.',
  badLogin: 'Incorrect email or password.',
  notConfirmed: 'User is not confirmed.',
  disabled: 'User is disabled.',
  wrongCode: 'Invalid verification code provided, please try again.',
  deadCode: 'Invalid code provided, please request a code again.',
  tooManyTries: 'Attempt limit exceeded, please try after some time.',
  badRefresh: 'Invalid refresh token.',
  badToken: 'Invalid or expired token.',
  sessionEnded: 'Your session has ended. Please sign in again.',
} as const;

export interface AuthUser {
  id: number;
  username: string;
  email: string;
  name: string;
  groups: Role[];
  /** The session this request belongs to. */
  sid: string;
}

export interface AuthDeps {
  db: Kysely<Database>;
  keyring: Keyring;
  mailer: Mailer;
  counters: CounterStore;
  log: FastifyBaseLogger;
  clock?: () => Date;
  /** Absolute session lifetime in ms (SESSION_MAX_AGE_DAYS). */
  sessionMaxAgeMs?: number;
}

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const newCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');
const tooMany = () => new AppError(429, 'TooManyRequests', MESSAGES.tooManyTries);

/** What asking for a code mail answers: the wait before the next, and whether the limits held it. */
export interface CodeRequest {
  heldBack: boolean;
  data: CodeSent;
}

/**
 * The answer to asking for a code mail. Held back by the limits, it says so and when to ask again
 * (the limits count every address, an account or not, so this reveals nothing about accounts).
 */
export function codeRequestMessage(
  request: CodeRequest,
  email: string,
  sent: 'a new code' | 'a reset code',
  account: string,
): string {
  if (!request.heldBack) return `If ${email} has ${account}, ${sent} is on its way.`;
  return `No new code was sent to ${email}: codes go out at most once a minute and five times an hour. You can ask for another in ${waitText(request.data.nextCodeInSeconds)}.`;
}

/** "30 seconds", "1 minute", "14 minutes": a wait rounded up, in the largest whole unit. */
export function waitText(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

/**
 * A locked-out login: how long is left, in the message and as Retry-After (whole seconds, rounded
 * up, so trying again when it says never meets the lock).
 */
export function loginLocked(remainingMs: number): AppError {
  const seconds = Math.max(1, Math.ceil(remainingMs / 1000));
  return new AppError(
    429,
    'TooManyRequests',
    `Too many failed sign-in attempts. Try again in ${waitText(seconds)}.`,
    { retryAfterSeconds: seconds },
  );
}

/**
 * A rotated refresh token keeps its successor encrypted under a key derived from itself: only a
 * caller holding the old token can read the successor back (a retry within the grace period), and
 * the database alone never yields a usable token.
 */
const successorKey = (token: string) =>
  Buffer.from(hkdfSync('sha256', token, '', 'exemplar refresh successor', 32));

function sealSuccessor(token: string, successor: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', successorKey(token), iv);
  const sealed = Buffer.concat([cipher.update(successor, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
}

function openSuccessor(token: string, sealed: string): string | null {
  try {
    const bytes = Buffer.from(sealed, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', successorKey(token), bytes.subarray(0, 12));
    decipher.setAuthTag(bytes.subarray(12, 28));
    return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/** The counter keys of the code-mail limits of one address and purpose. */
export function codeMailKeys(email: string, purpose: 'confirm' | 'reset') {
  const id = `${purpose}:${sha256(email)}`;
  return [`code-mail-gap:${id}`, `code-mail-window:${id}`, `code-mail-full:${id}`] as const;
}

/** The counter keys of one address's failed logins and of its lock-out. */
export const loginLockKeys = (email: string) =>
  [`login-fail:${sha256(email)}`, `login-lock:${sha256(email)}`] as const;

export function toMe(u: users.UserRow, groups: string[]): Me {
  return {
    username: u.username,
    sub: u.username,
    email: u.email,
    name: u.name,
    groups: normaliseGroups(groups),
    status: u.status,
    enabled: u.enabled === 1,
    emailVerified: u.email_verified === 1,
    createdAt: u.created_at,
    updatedAt: u.updated_at,
  };
}

export function authService({
  db,
  keyring,
  mailer,
  counters,
  log,
  clock = () => new Date(),
  sessionMaxAgeMs = SESSION_MAX_AGE_MS,
}: AuthDeps) {
  const now = () => clock().toISOString();

  /**
   * Counts a code mail to `email` for `purpose`, whether or not an account exists (so the answer
   * is the same for every address): allowed when none went out in the last minute and fewer than
   * five in the current hour. `waitMs` is how long until the next one may be asked for.
   */
  async function codeMailAllowance(email: string, purpose: 'confirm' | 'reset') {
    const [gapKey, windowKey, fullKey] = codeMailKeys(email, purpose);
    const wait = async () => Math.max(await counters.ttl(gapKey), await counters.ttl(fullKey));
    if ((await counters.increment(gapKey, CODE_MAIL_GAP_MS)) > 1) {
      return { allowed: false, waitMs: await wait() };
    }
    const sent = await counters.increment(windowKey, CODE_MAIL_WINDOW_MS);
    if (sent > CODE_MAILS_PER_WINDOW) return { allowed: false, waitMs: await wait() };
    if (sent === CODE_MAILS_PER_WINDOW) {
      await counters.set(fullKey, Math.max(1, await counters.ttl(windowKey)));
    }
    return { allowed: true, waitMs: await wait() };
  }

  const codeSent = (waitMs: number): CodeSent => ({
    nextCodeInSeconds: Math.ceil(waitMs / 1000),
  });

  async function sendCode(user: users.UserRow, purpose: 'confirm' | 'reset') {
    const code = newCode();
    const at = clock();
    await codes.replaceCode(
      db,
      user.id,
      purpose,
      await hashSecret(code),
      at.toISOString(),
      new Date(at.getTime() + CODE_TTL_MS[purpose]).toISOString(),
    );
    await mailer.send(
      purpose === 'confirm'
        ? confirmationMail(user.email, user.name, code)
        : resetMail(user.email, user.name, code),
    );
  }

  /** Checks and spends the newest code of `purpose`; throws the spec's messages. */
  async function spendCode(user: users.UserRow, purpose: 'confirm' | 'reset', code: string) {
    const row = await codes.newestCode(db, user.id, purpose);
    if (!row || row.expires_at <= now()) {
      await burnVerifyTime(code);
      throw badRequest(MESSAGES.deadCode);
    }
    // A code whose tries are spent answers 429 from then on, without any check.
    if (row.attempts >= CODE_MAX_TRIES) throw tooMany();
    if (row.used_at) {
      await burnVerifyTime(code);
      throw badRequest(MESSAGES.deadCode);
    }
    // The try is counted before the (slow) check, atomically: however many guesses arrive at
    // once, at most CODE_MAX_TRIES of them are ever checked against this code.
    const tries = await codes.claimTry(db, row.id, CODE_MAX_TRIES);
    if (tries === null) throw tooMany();
    if (!(await verifySecret(row.code_hash, code))) {
      if (tries >= CODE_MAX_TRIES) {
        await codes.useCode(db, row.id, now());
        throw tooMany();
      }
      throw badRequest(MESSAGES.wrongCode);
    }
    if (!(await codes.useCode(db, row.id, now()))) throw badRequest(MESSAGES.deadCode);
  }

  /** The row of a new refresh token; it expires when unused or when the session ends. */
  function newRefreshRow(
    user: users.UserRow,
    familyId: string,
    parentId: number | null,
    token: string,
    sessionStartedAt: string,
  ): sessions.NewRefreshToken {
    const at = clock().getTime();
    const end = Math.min(
      at + REFRESH_TTL_MS,
      new Date(sessionStartedAt).getTime() + sessionMaxAgeMs,
    );
    return {
      userId: user.id,
      familyId,
      tokenHash: sha256(token),
      parentId,
      now: new Date(at).toISOString(),
      expiresAt: new Date(end).toISOString(),
      sessionStartedAt,
    };
  }

  async function signTokens(
    user: users.UserRow,
    familyId: string,
    refreshToken: string,
  ): Promise<Tokens> {
    const groups = normaliseGroups(await users.groupsOf(db, user.id));
    const claims = {
      sub: user.username,
      email: user.email,
      name: user.name,
      groups,
      sid: familyId,
    };
    const [idToken, accessToken] = await Promise.all([
      keyring.sign({ ...claims, token_use: 'id' }),
      keyring.sign({ ...claims, token_use: 'access' }),
    ]);
    return { idToken, accessToken, refreshToken, expiresIn: TOKEN_TTL_SECONDS };
  }

  const newRefreshToken = () => randomBytes(32).toString('base64url');

  async function setPassword(user: users.UserRow, password: string, keepFamily?: string) {
    assertPasswordAcceptable(password, user.email);
    await db.transaction().execute(async (trx) => {
      await users.updateUser(trx, user.id, {
        password_hash: await hashSecret(password),
        updated_at: now(),
      });
      await sessions.revokeUserSessions(trx, user.id, now(), keepFamily);
    });
    await mailer.send(passwordChangedMail(user.email, user.name)).catch((err: unknown) => {
      log.warn({ err }, 'could not send the password-changed notice');
    });
  }

  return {
    async register(input: { email: string; password: string; name: string }) {
      assertPasswordAcceptable(input.password, input.email);
      if (await users.findUserByEmail(db, input.email)) throw conflict(MESSAGES.duplicate);
      const hashed = await hashSecret(input.password);
      const at = now();
      const username = randomUUID();
      try {
        await db.transaction().execute(async (trx) => {
          const id = await users.insertUser(trx, {
            username,
            email: input.email,
            name: input.name,
            password_hash: hashed,
            status: 'UNCONFIRMED',
            enabled: 1,
            email_verified: 0,
            created_at: at,
            updated_at: at,
          });
          await users.addGroup(trx, id, 'basic', at);
        });
      } catch (err) {
        // Two registrations racing for one email: the unique index decides.
        if (await users.findUserByEmail(db, input.email)) throw conflict(MESSAGES.duplicate);
        throw err;
      }
      const user = (await users.findUserByUsername(db, username))!;
      // The first code always goes out (an address registers once), and counts towards the limit.
      const { waitMs } = await codeMailAllowance(user.email, 'confirm');
      await sendCode(user, 'confirm');
      return { username, email: user.email, ...codeSent(Math.max(waitMs, CODE_MAIL_GAP_MS)) };
    },

    async confirm(email: string, code: string) {
      const user = await users.findUserByEmail(db, email);
      if (!user) {
        await burnVerifyTime(code);
        throw badRequest(MESSAGES.wrongCode);
      }
      if (user.status === 'CONFIRMED') {
        throw badRequest('User cannot be confirmed. Current status is CONFIRMED');
      }
      await spendCode(user, 'confirm', code);
      await users.updateUser(db, user.id, {
        status: 'CONFIRMED',
        email_verified: 1,
        updated_at: now(),
      });
    },

    /**
     * Mails a new confirmation code when the address has an unconfirmed account and the code-mail
     * limits allow. `heldBack` says the limits stopped it; it is the same for every address, an
     * account or not, so the answer built from it tells nobody whether one exists.
     */
    async resendCode(email: string): Promise<CodeRequest> {
      const { allowed, waitMs } = await codeMailAllowance(email, 'confirm');
      const user = await users.findUserByEmail(db, email);
      if (allowed && user && user.status !== 'CONFIRMED') await sendCode(user, 'confirm');
      return { heldBack: !allowed, data: codeSent(waitMs) };
    },

    async login(email: string, password: string, ip: string): Promise<Tokens> {
      const [failKey, lockKey] = loginLockKeys(email);
      const lockedMs = await counters.ttl(lockKey);
      if (lockedMs > 0) throw loginLocked(lockedMs);
      const user = await users.findUserByEmail(db, email);
      const ok = user
        ? await verifySecret(user.password_hash, password)
        : (await burnVerifyTime(password), false);
      if (!user || !ok) {
        const failures = await counters.increment(failKey, LOGIN_WINDOW_MS);
        if (failures >= LOGIN_FREE_FAILURES) {
          const lockMs = Math.min(
            LOCKOUT_BASE_MS * 2 ** (failures - LOGIN_FREE_FAILURES),
            LOCKOUT_MAX_MS,
          );
          await counters.set(lockKey, lockMs);
        }
        log.info({ ip, failures }, 'login failed');
        throw unauthorized(MESSAGES.badLogin);
      }
      await counters.delete(failKey, lockKey);
      if (user.status !== 'CONFIRMED')
        throw new AppError(403, 'UserNotConfirmed', MESSAGES.notConfirmed);
      if (user.enabled !== 1) throw new AppError(403, 'UserDisabled', MESSAGES.disabled);
      const token = newRefreshToken();
      const familyId = randomUUID();
      await sessions.insertRefreshToken(db, newRefreshRow(user, familyId, null, token, now()));
      return signTokens(user, familyId, token);
    },

    async refresh(refreshToken: string): Promise<Tokens> {
      const row = await sessions.findRefreshToken(db, sha256(refreshToken));
      const at = now();
      if (!row || row.revoked_at || row.expires_at <= at) throw unauthorized(MESSAGES.badRefresh);
      const endsAt = new Date(row.session_started_at).getTime() + sessionMaxAgeMs;
      if (endsAt <= clock().getTime()) {
        await sessions.revokeFamily(db, row.family_id, at);
        throw unauthorized(MESSAGES.sessionEnded);
      }
      const user = await users.findUserById(db, row.user_id);
      if (!user || user.enabled !== 1 || user.status !== 'CONFIRMED') {
        await sessions.revokeFamily(db, row.family_id, at);
        throw unauthorized(MESSAGES.badRefresh);
      }
      if (!row.rotated_at) {
        const successor = newRefreshToken();
        const child = newRefreshRow(user, row.family_id, row.id, successor, row.session_started_at);
        if (await sessions.rotate(db, row.id, sealSuccessor(refreshToken, successor), child)) {
          return signTokens(user, row.family_id, successor);
        }
      }
      // Already rotated (earlier, or by a concurrent request just now). Within the grace period
      // this is a retry or a second tab: it gets the same successor, so the session never forks.
      // After it, it is a replay of a stolen or stale token: the whole session ends.
      const rotation = await sessions.rotationOf(db, row.id);
      if (!rotation?.rotated_at || rotation.revoked_at) throw unauthorized(MESSAGES.badRefresh);
      if (clock().getTime() - new Date(rotation.rotated_at).getTime() > REFRESH_GRACE_MS) {
        await sessions.revokeFamily(db, row.family_id, at);
        log.warn({ family: row.family_id }, 'refresh token reuse: session revoked');
        throw unauthorized(MESSAGES.badRefresh);
      }
      const successor = rotation.successor && openSuccessor(refreshToken, rotation.successor);
      if (!successor) throw unauthorized(MESSAGES.badRefresh);
      return signTokens(user, row.family_id, successor);
    },

    async logout(refreshToken: string) {
      const row = await sessions.findRefreshToken(db, sha256(refreshToken));
      if (row) await sessions.revokeFamily(db, row.family_id, now());
    },

    /** A reset code, as `resendCode` mails a confirmation code (same limits, same `heldBack`). */
    async forgotPassword(email: string): Promise<CodeRequest> {
      const { allowed, waitMs } = await codeMailAllowance(email, 'reset');
      const user = await users.findUserByEmail(db, email);
      if (allowed && user && user.enabled === 1) await sendCode(user, 'reset');
      else await burnVerifyTime(email);
      return { heldBack: !allowed, data: codeSent(waitMs) };
    },

    async confirmForgotPassword(email: string, code: string, newPassword: string) {
      const user = await users.findUserByEmail(db, email);
      if (!user) {
        await burnVerifyTime(code);
        throw badRequest(MESSAGES.wrongCode);
      }
      assertPasswordAcceptable(newPassword, user.email);
      await spendCode(user, 'reset', code);
      await setPassword(user, newPassword);
    },

    /** Resolves a bearer token to the live user, or throws 401. Roles come from the database. */
    async authenticate(token: string): Promise<AuthUser> {
      let claims;
      try {
        claims = await keyring.verify(token);
      } catch (err) {
        if (err instanceof InvalidTokenError) throw unauthorized(MESSAGES.badToken);
        throw err;
      }
      const user = await users.findUserByUsername(db, claims.sub);
      if (!user || user.enabled !== 1) throw unauthorized(MESSAGES.sessionEnded);
      const oldestLiveStart = new Date(clock().getTime() - sessionMaxAgeMs).toISOString();
      if (!(await sessions.sessionIsLive(db, claims.sid, now(), oldestLiveStart)))
        throw unauthorized(MESSAGES.sessionEnded);
      const groups = normaliseGroups(await users.groupsOf(db, user.id));
      return {
        id: user.id,
        username: user.username,
        email: user.email,
        name: user.name,
        groups,
        sid: claims.sid,
      };
    },

    async me(userId: number): Promise<Me> {
      const user = await users.findUserById(db, userId);
      if (!user) throw unauthorized(MESSAGES.sessionEnded);
      return toMe(user, await users.groupsOf(db, user.id));
    },

    async updateMe(userId: number, name: string): Promise<Me> {
      await users.updateUser(db, userId, { name, updated_at: now() });
      return this.me(userId);
    },

    async changePassword(auth: AuthUser, currentPassword: string, newPassword: string) {
      const user = await users.findUserById(db, auth.id);
      if (!user) throw unauthorized(MESSAGES.sessionEnded);
      if (!(await verifySecret(user.password_hash, currentPassword))) {
        throw badRequest('Current password is incorrect.');
      }
      if (currentPassword === newPassword) {
        throw badRequest('The new password must be different from the current one.');
      }
      await setPassword(user, newPassword, auth.sid);
    },

    /**
     * Makes sure a confirmed, enabled account with this email exists in `role` (idempotent).
     * A new account gets `password`; an existing one keeps its own.
     */
    async ensureUser(input: { email: string; password: string; name?: string; role: Role }) {
      const at = now();
      let user = await users.findUserByEmail(db, input.email);
      let created = false;
      if (!user) {
        // The operator sets the password of the account being created: its address is named.
        assertPasswordAcceptable(input.password, input.email, { own: false, email: input.email });
        const hashed = await hashSecret(input.password);
        await db.transaction().execute(async (trx) => {
          await users.insertUser(trx, {
            username: randomUUID(),
            email: input.email,
            name: input.name ?? '',
            password_hash: hashed,
            status: 'CONFIRMED',
            enabled: 1,
            email_verified: 1,
            created_at: at,
            updated_at: at,
          });
        });
        user = (await users.findUserByEmail(db, input.email))!;
        created = true;
      } else if (user.status !== 'CONFIRMED' || user.enabled !== 1) {
        await users.updateUser(db, user.id, {
          status: 'CONFIRMED',
          enabled: 1,
          email_verified: 1,
          updated_at: at,
        });
      }
      await users.addGroup(db, user.id, input.role, at);
      return { username: user.username, created };
    },
  };
}

export type AuthService = ReturnType<typeof authService>;
