import { randomBytes, randomUUID } from 'node:crypto';
import { ErrorCode } from '@exemplar/shared/api';
import type { Tokens } from '@exemplar/shared/auth';
import { normaliseGroups } from '@exemplar/shared/roles';
import { AppError, unauthorized } from '../../lib/errors';
import { InvalidTokenError, TOKEN_TTL_SECONDS } from './jwt';
import { burnVerifyTime, verifySecret } from '../../lib/passwords';
import { sha256, type AuthContext, type AuthUser } from './auth.deps';
import { MESSAGES } from './auth.messages';
import { loginLockout } from './login-lockout';
import { openSuccessor, sealSuccessor } from './refresh-successor';
import * as sessions from './sessions.repository';
import * as users from './users.repository';

/** A refresh token unused this long expires (the session's absolute lifetime may end it sooner). */
export const REFRESH_TTL_MS = 30 * 24 * 3600_000;
/**
 * For this long after a refresh token's first use, using it again (a retry, or a second tab)
 * answers with the same successor token instead of forking the session; after it, it is a replay.
 */
export const REFRESH_GRACE_MS = 30_000;

const newRefreshToken = () => randomBytes(32).toString('base64url');

/** Sessions: signing in, refreshing, signing out, and resolving a bearer token to its user. */
export function sessionsService(ctx: AuthContext) {
  const { db, keyring, log, clock, now, sessionMaxAgeMs } = ctx;
  const lockout = loginLockout(ctx);

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

  return {
    async login(email: string, password: string, ip: string): Promise<Tokens> {
      await lockout.assertOpen(email);
      const user = await users.findUserByEmail(db, email);
      const ok = user
        ? await verifySecret(user.password_hash, password)
        : (await burnVerifyTime(password), false);
      if (!user || !ok) {
        const failures = await lockout.recordFailure(email);
        log.info({ ip, failures }, 'login failed');
        throw unauthorized(MESSAGES.badLogin);
      }
      await lockout.clear(email);
      if (user.status !== 'CONFIRMED')
        throw new AppError(403, ErrorCode.UserNotConfirmed, MESSAGES.notConfirmed);
      if (user.enabled !== 1) throw new AppError(403, ErrorCode.UserDisabled, MESSAGES.disabled);
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

    /** Resolves a bearer token to the live user, or throws 401. Roles come from the database. */
    async authenticate(token: string): Promise<AuthUser> {
      let claims;
      try {
        claims = await keyring.verify(token);
      } catch (err) {
        if (err instanceof InvalidTokenError) throw unauthorized(MESSAGES.badToken);
        throw err;
      }
      const oldestLiveStart = new Date(clock().getTime() - sessionMaxAgeMs).toISOString();
      const user = await sessions.sessionUser(db, claims.sub, claims.sid, now(), oldestLiveStart);
      if (!user || !user.enabled || !user.live) throw unauthorized(MESSAGES.sessionEnded);
      return {
        id: user.id,
        username: user.username,
        email: user.email,
        name: user.name,
        groups: normaliseGroups(user.groups),
        sid: claims.sid,
      };
    },
  };
}
