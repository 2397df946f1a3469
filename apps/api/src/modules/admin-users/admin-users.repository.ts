import type { Kysely } from 'kysely';
import type { Engine } from '../../db/database';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

const columns = [
  'id',
  'username',
  'email',
  'name',
  'status',
  'enabled',
  'email_verified',
  'created_at',
  'updated_at',
] as const;

export function listUsers(db: Db) {
  return db
    .selectFrom('users')
    .select(columns)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** By username, or by email when the key holds an @ (a user key may be either). */
export function findUser(db: Db, key: string) {
  return db
    .selectFrom('users')
    .select(columns)
    .where(key.includes('@') ? 'email' : 'username', '=', key.toLowerCase())
    .executeTakeFirst();
}
export type AdminUserRow = NonNullable<Awaited<ReturnType<typeof findUser>>>;

export async function groupsByUser(db: Db, userIds: number[]): Promise<Map<number, string[]>> {
  const map = new Map<number, string[]>();
  if (userIds.length === 0) return map;
  const rows = await db
    .selectFrom('user_groups as ug')
    .innerJoin('groups as g', 'g.name', 'ug.group_name')
    .select(['ug.user_id', 'g.name'])
    .where('ug.user_id', 'in', userIds)
    .orderBy('g.precedence')
    .execute();
  for (const r of rows) map.set(r.user_id, [...(map.get(r.user_id) ?? []), r.name]);
  return map;
}

/**
 * Ids of enabled superadmins. On PostgreSQL their group rows are locked until the transaction
 * ends, so two superadmins demoting each other at once cannot both succeed.
 */
export async function enabledSuperadminIds(db: Db, engine: Engine): Promise<number[]> {
  let q = db
    .selectFrom('user_groups as ug')
    .innerJoin('users as u', 'u.id', 'ug.user_id')
    .select('u.id')
    .where('ug.group_name', '=', 'superadmin')
    .where('u.enabled', '=', 1);
  if (engine === 'postgres') q = q.forUpdate();
  return (await q.execute()).map((r) => r.id);
}

export async function removeGroup(db: Db, userId: number, group: string) {
  await db
    .deleteFrom('user_groups')
    .where('user_id', '=', userId)
    .where('group_name', '=', group)
    .execute();
}

/** Deletes the account with its likes, solved marks and groups (sessions and codes cascade). */
export async function deleteUser(db: Db, userId: number) {
  await db.deleteFrom('likes').where('user_id', '=', userId).execute();
  await db.deleteFrom('solved_marks').where('user_id', '=', userId).execute();
  await db.deleteFrom('user_groups').where('user_id', '=', userId).execute();
  await db.deleteFrom('users').where('id', '=', userId).execute();
}
