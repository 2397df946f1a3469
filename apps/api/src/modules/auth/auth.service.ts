import type { Me } from '@exemplar/shared/auth';
import { unauthorized } from '../../lib/errors';
import { authContext, type AuthDeps } from './auth.deps';
import { MESSAGES } from './auth.messages';
import { toMe } from './auth.presenter';
import { codesService } from './codes.service';
import { passwordsService } from './passwords.service';
import { registrationService } from './registration.service';
import { sessionsService } from './sessions.service';
import * as users from './users.repository';

// The parts' names, for the routes, the other modules and the tests that use them.
export { SESSION_MAX_AGE_MS, type AuthDeps, type AuthUser } from './auth.deps';
export { MESSAGES, waitText } from './auth.messages';
export { toMe } from './auth.presenter';
export {
  CODE_MAIL_GAP_MS,
  CODE_MAIL_WINDOW_MS,
  CODE_MAILS_PER_WINDOW,
  CODE_MAX_TRIES,
  CODE_TTL_MS,
  codeMailKeys,
  codeRequestMessage,
  type CodeRequest,
} from './codes.service';
export {
  LOCKOUT_BASE_MS,
  LOCKOUT_MAX_MS,
  LOGIN_FREE_FAILURES,
  LOGIN_WINDOW_MS,
  loginLocked,
  loginLockKeys,
} from './login-lockout';
export { REFRESH_GRACE_MS, REFRESH_TTL_MS } from './sessions.service';

/**
 * The auth service: registration, sessions, passwords and the caller's own account, composed from
 * one part each (codes.service.ts issues and spends the mailed codes the parts share).
 */
export function authService(deps: AuthDeps) {
  const ctx = authContext(deps);
  const { db, now } = ctx;
  const codes = codesService(ctx);

  async function me(userId: number): Promise<Me> {
    const user = await users.findUserById(db, userId);
    if (!user) throw unauthorized(MESSAGES.sessionEnded);
    return toMe(user, await users.groupsOf(db, user.id));
  }

  return {
    ...registrationService(ctx, codes),
    ...sessionsService(ctx),
    ...passwordsService(ctx, codes),
    me,
    async updateMe(userId: number, name: string): Promise<Me> {
      await users.updateUser(db, userId, { name, updated_at: now() });
      return me(userId);
    },
  };
}

export type AuthService = ReturnType<typeof authService>;
