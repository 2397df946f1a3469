import { badRequest, unauthorized } from '../../lib/errors';
import {
  assertPasswordAcceptable,
  burnVerifyTime,
  hashSecret,
  verifySecret,
} from '../../lib/passwords';
import type { AuthContext, AuthUser } from './auth.deps';
import { passwordChangedMail } from './auth.mail';
import { MESSAGES } from './auth.messages';
import { codeSent, type CodeRequest, type CodesService } from './codes.service';
import * as sessions from './sessions.repository';
import * as users from './users.repository';

/** Passwords: changing one's own, and the forgotten-password reset by mailed code. */
export function passwordsService(ctx: AuthContext, codes: CodesService) {
  const { db, mailer, log, now } = ctx;

  /** Sets the password and ends every session but `keepFamily`; tells the owner by mail. */
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

    /** A reset code, as `resendCode` mails a confirmation code (same limits, same `heldBack`). */
    async forgotPassword(email: string): Promise<CodeRequest> {
      const { allowed, waitMs } = await codes.mailAllowance(email, 'reset');
      const user = await users.findUserByEmail(db, email);
      if (allowed && user && user.enabled === 1) await codes.send(user, 'reset');
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
      await codes.spend(user, 'reset', code);
      await setPassword(user, newPassword);
    },
  };
}
