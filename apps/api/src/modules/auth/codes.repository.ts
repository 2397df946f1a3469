import type { Kysely } from 'kysely';
import type { Database, VerificationCodesTable } from '../../db/schema';

type Db = Kysely<Database>;
type Purpose = VerificationCodesTable['purpose'];

/** Stores a new code and retires every older unused one: only the newest code works. */
export async function replaceCode(
  db: Db,
  userId: number,
  purpose: Purpose,
  codeHash: string,
  now: string,
  expiresAt: string,
) {
  await db
    .updateTable('verification_codes')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .execute();
  await db
    .insertInto('verification_codes')
    .values({
      user_id: userId,
      purpose,
      code_hash: codeHash,
      expires_at: expiresAt,
      used_at: null,
      created_at: now,
    })
    .execute();
}

/** The newest code of that purpose, used or not. */
export function newestCode(db: Db, userId: number, purpose: Purpose) {
  return db
    .selectFrom('verification_codes')
    .select(['id', 'code_hash', 'attempts', 'expires_at', 'used_at'])
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/**
 * Counts one try at an unused code before it is checked, in one conditional statement: null when
 * the code is used or has had its `maxTries` already (also when concurrent tries took the last
 * ones), else the try's number (1..maxTries).
 */
export async function claimTry(db: Db, codeId: number, maxTries: number): Promise<number | null> {
  const row = await db
    .updateTable('verification_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', codeId)
    .where('attempts', '<', maxTries)
    .where('used_at', 'is', null)
    .returning('attempts')
    .executeTakeFirst();
  return row?.attempts ?? null;
}

/** Marks a code used; false when another request used it first. */
export async function useCode(db: Db, codeId: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable('verification_codes')
    .set({ used_at: now })
    .where('id', '=', codeId)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
