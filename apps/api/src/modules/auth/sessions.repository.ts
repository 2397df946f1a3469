import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

/**
 * A session is a family of refresh tokens: each refresh rotates the token, and the family id is
 * carried in the id/access tokens (`sid`) so that revoking the family ends the session at once.
 */
export interface NewRefreshToken {
  userId: number;
  familyId: string;
  tokenHash: string;
  parentId: number | null;
  now: string;
  expiresAt: string;
  sessionStartedAt: string;
}

export async function insertRefreshToken(db: Db, t: NewRefreshToken) {
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
      session_started_at: t.sessionStartedAt,
      successor: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export function findRefreshToken(db: Db, tokenHash: string) {
  return db
    .selectFrom('refresh_tokens')
    .select([
      'id',
      'user_id',
      'family_id',
      'expires_at',
      'rotated_at',
      'revoked_at',
      'session_started_at',
      'successor',
    ])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/**
 * Rotates token `id` into `child` unless it already was rotated: marks it rotated, keeps the
 * (encrypted) successor on it and inserts the successor, all in one transaction, so a concurrent
 * retry that finds the token rotated also finds its successor. True when this call rotated it.
 */
export async function rotate(
  db: Db,
  id: number,
  encryptedSuccessor: string,
  child: NewRefreshToken,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('refresh_tokens')
      .set({ rotated_at: child.now, successor: encryptedSuccessor })
      .where('id', '=', id)
      .where('rotated_at', 'is', null)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return false;
    await insertRefreshToken(trx, child);
    return true;
  });
}

/** The rotation time and encrypted successor of token `id`, as committed now. */
export function rotationOf(db: Db, id: number) {
  return db
    .selectFrom('refresh_tokens')
    .select(['rotated_at', 'successor', 'revoked_at'])
    .where('id', '=', id)
    .executeTakeFirst();
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

/** The account a bearer token names, with its groups and whether its session is live. */
export interface SessionUser {
  id: number;
  username: string;
  email: string;
  name: string;
  enabled: boolean;
  /** In order of precedence. */
  groups: string[];
  live: boolean;
}

/**
 * What every authenticated request needs, in one statement (it runs on each signed-in request):
 * the account named `username`, its groups, and whether the session `familyId` is live: one of its
 * refresh tokens is neither revoked nor expired, and the session began after `startedAfter` (its
 * absolute lifetime). Undefined when there is no such account.
 */
export async function sessionUser(
  db: Db,
  username: string,
  familyId: string,
  now: string,
  startedAfter: string,
): Promise<SessionUser | undefined> {
  const rows = await db
    .selectFrom('users')
    .leftJoin('user_groups', 'user_groups.user_id', 'users.id')
    .leftJoin('groups', 'groups.name', 'user_groups.group_name')
    .select((eb) => [
      'users.id',
      'users.username',
      'users.email',
      'users.name',
      'users.enabled',
      'groups.name as group_name',
      eb
        .exists(
          eb
            .selectFrom('refresh_tokens')
            .select('refresh_tokens.id')
            .where('refresh_tokens.family_id', '=', familyId)
            .where('refresh_tokens.revoked_at', 'is', null)
            .where('refresh_tokens.expires_at', '>', now)
            .where('refresh_tokens.session_started_at', '>', startedAfter),
        )
        .as('live'),
    ])
    .where('users.username', '=', username)
    .orderBy('groups.precedence')
    .execute();
  const first = rows[0];
  if (!first) return undefined;
  return {
    id: first.id,
    username: first.username,
    email: first.email,
    name: first.name,
    enabled: first.enabled === 1,
    groups: rows.flatMap((r) => (r.group_name === null ? [] : [r.group_name])),
    // SQLite answers 0/1, PostgreSQL a boolean.
    live: Boolean(first.live),
  };
}
