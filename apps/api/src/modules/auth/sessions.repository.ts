import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

/**
 * A session is a family of refresh tokens: each refresh rotates the token, and the family id is
 * carried in the id/access tokens (`sid`) so that revoking the family ends the session at once.
 */
export async function insertRefreshToken(
  db: Db,
  t: {
    userId: number;
    familyId: string;
    tokenHash: string;
    parentId: number | null;
    now: string;
    expiresAt: string;
  },
) {
  const row = await db
    .insertInto('refresh_tokens')
    .values({
      user_id: t.userId,
      family_id: t.familyId,
      token_hash: t.tokenHash,
      parent_id: t.parentId,
      created_at: t.now,
      expires_at: t.expiresAt,
      rotated_at: null,
      revoked_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export function findRefreshToken(db: Db, tokenHash: string) {
  return db
    .selectFrom('refresh_tokens')
    .select(['id', 'user_id', 'family_id', 'expires_at', 'rotated_at', 'revoked_at'])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** Marks a token rotated unless it already was; true when this call rotated it. */
export async function markRotated(db: Db, id: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable('refresh_tokens')
    .set({ rotated_at: now })
    .where('id', '=', id)
    .where('rotated_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function revokeFamily(db: Db, familyId: string, now: string) {
  await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: now })
    .where('family_id', '=', familyId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Ends every session of a user, or every one but `exceptFamily`. */
export async function revokeUserSessions(
  db: Db,
  userId: number,
  now: string,
  exceptFamily?: string,
) {
  let q = db
    .updateTable('refresh_tokens')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (exceptFamily) q = q.where('family_id', '!=', exceptFamily);
  await q.execute();
}

/** True while the session has a live (unrevoked, unexpired) token. */
export async function sessionIsLive(db: Db, familyId: string, now: string): Promise<boolean> {
  const row = await db
    .selectFrom('refresh_tokens')
    .select('id')
    .where('family_id', '=', familyId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .limit(1)
    .executeTakeFirst();
  return !!row;
}
