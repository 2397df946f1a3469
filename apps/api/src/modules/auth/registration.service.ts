import { randomUUID } from 'node:crypto';
import type { Role } from '@exemplar/shared/roles';
import { badRequest, conflict } from '../../lib/errors';
import { assertPasswordAcceptable, burnVerifyTime, hashSecret } from '../../lib/passwords';
import type { AuthContext } from './auth.deps';
import { MESSAGES } from './auth.messages';
import { CODE_MAIL_GAP_MS, codeSent, type CodeRequest, type CodesService } from './codes.service';
import * as users from './users.repository';

/** Accounts coming into being: registering, confirming by mailed code, and operator-made ones. */
export function registrationService({ db, now }: AuthContext, codes: CodesService) {
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
      const { waitMs } = await codes.mailAllowance(user.email, 'confirm');
      await codes.send(user, 'confirm');
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
      await codes.spend(user, 'confirm', code);
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
      const { allowed, waitMs } = await codes.mailAllowance(email, 'confirm');
      const user = await users.findUserByEmail(db, email);
      if (allowed && user && user.status !== 'CONFIRMED') await codes.send(user, 'confirm');
      return { heldBack: !allowed, data: codeSent(waitMs) };
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
        assertPasswordAcceptable(input.password, input.email, { own: false });
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
