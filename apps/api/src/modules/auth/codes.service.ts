import { randomInt } from 'node:crypto';
import { ErrorCode } from '@exemplar/shared/api';
import type { CodeSent } from '@exemplar/shared/auth';
import { AppError, badRequest } from '../../lib/errors';
import { burnVerifyTime, hashSecret, verifySecret } from '../../lib/passwords';
import { sha256, type AuthContext } from './auth.deps';
import { confirmationMail, resetMail } from './auth.mail';
import { MESSAGES, waitText } from './auth.messages';
import * as codes from './codes.repository';
import type { UserRow } from './users.repository';

export const CODE_TTL_MS = { confirm: 24 * 3600_000, reset: 3600_000 } as const;
/** Guesses checked against one code, the right one included; the fifth wrong one burns it. */
export const CODE_MAX_TRIES = 5;
/** Code mails to one address, per purpose: one per minute, five per hour. */
export const CODE_MAIL_GAP_MS = 60_000;
export const CODE_MAILS_PER_WINDOW = 5;
export const CODE_MAIL_WINDOW_MS = 3600_000;

export type CodePurpose = 'confirm' | 'reset';

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

/** The counter keys of the code-mail limits of one address and purpose. */
export function codeMailKeys(email: string, purpose: CodePurpose) {
  const id = `${purpose}:${sha256(email)}`;
  return [`code-mail-gap:${id}`, `code-mail-window:${id}`, `code-mail-full:${id}`] as const;
}

export const codeSent = (waitMs: number): CodeSent => ({
  nextCodeInSeconds: Math.ceil(waitMs / 1000),
});

const newCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');
const tooMany = () => new AppError(429, ErrorCode.TooManyRequests, MESSAGES.tooManyTries);

/** Confirmation and reset codes: issuing them (within the mail limits) and spending them. */
export function codesService({ db, counters, mailer, clock, now }: AuthContext) {
  return {
    /**
     * Counts a code mail to `email` for `purpose`, whether or not an account exists (so the answer
     * is the same for every address): allowed when none went out in the last minute and fewer than
     * five in the current hour. `waitMs` is how long until the next one may be asked for.
     */
    async mailAllowance(email: string, purpose: CodePurpose) {
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
    },

    /** Stores a new code of `purpose` for `user` (retiring older ones) and mails it. */
    async send(user: UserRow, purpose: CodePurpose) {
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
    },

    /** Checks and spends the newest code of `purpose`; throws the refusals of MESSAGES. */
    async spend(user: UserRow, purpose: CodePurpose, code: string) {
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
    },
  };
}

export type CodesService = ReturnType<typeof codesService>;
