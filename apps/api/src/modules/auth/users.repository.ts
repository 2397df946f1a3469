import type { Kysely } from 'kysely';
import type { Engine } from '../../db/database';
import type { Database, UsersTable } from '../../db/schema';

type Db = Kysely<Database>;
type Insertable = {
  username: string;
  email: string;
  name: string;
  password_hash: string;
  status: UsersTable['status'];
  enabled: number;
  email_verified: number;
  created_at: string;
  updated_at: string;
};

const userColumns = [
  'id',
  'username',
  'email',
  'name',
  'password_hash',
  'status',
  'enabled',
  'email_verified',
  'created_at',
  'updated_at',
] as const;

/** What a superadmin sees of an account: every column but the password hash. */
const accountColumns = userColumns.filter(
  (c): c is Exclude<(typeof userColumns)[number], 'password_hash'> => c !== 'password_hash',
);

export function findUserByEmail(db: Db, email: string) {
  return db.selectFrom('users').select(userColumns).where('email', '=', email).executeTakeFirst();
}

export function findUserByUsername(db: Db, username: string) {
  return db
    .selectFrom('users')
    .select(userColumns)
    .where('username', '=', username)
    .executeTakeFirst();
}

export function findUserById(db: Db, id: number) {
  return db.selectFrom('users').select(userColumns).where('id', '=', id).executeTakeFirst();
}

export type UserRow = NonNullable<Awaited<ReturnType<typeof findUserById>>>;

export async function insertUser(db: Db, values: Insertable): Promise<number> {
  const row = await db.insertInto('users').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateUser(
  db: Db,
  id: number,
  values: Partial<
    Pick<Insertable, 'name' | 'password_hash' | 'status' | 'enabled' | 'email_verified'>
  > & {
    updated_at: string;
  },
) {
  await db.updateTable('users').set(values).where('id', '=', id).execute();
}

/** The account's preferences as stored (undefined: no such account). */
export function findPreferences(db: Db, id: number) {
  return db.selectFrom('users').select(['try_first']).where('id', '=', id).executeTakeFirst();
}

/**
 * Saves the preferences given. `updated_at` is left alone: it is when the profile changed, and a
 * preference is not part of it.
 */
export async function updatePreferences(db: Db, id: number, values: { try_first?: number }) {
  if (Object.keys(values).length === 0) return;
  await db.updateTable('users').set(values).where('id', '=', id).execute();
}

export async function groupsOf(db: Db, userId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('user_groups')
    .innerJoin('groups', 'groups.name', 'user_groups.group_name')
    .select('groups.name')
    .where('user_groups.user_id', '=', userId)
    .orderBy('groups.precedence')
    .execute();
  return rows.map((r) => r.name);
}

export async function addGroup(db: Db, userId: number, group: string, at: string) {
  await db
    .insertInto('user_groups')
    .values({ user_id: userId, group_name: group, created_at: at })
    .onConflict((oc) => oc.columns(['user_id', 'group_name']).doNothing())
    .execute();
}

export async function removeGroup(db: Db, userId: number, group: string) {
  await db
    .deleteFrom('user_groups')
    .where('user_id', '=', userId)
    .where('group_name', '=', group)
    .execute();
}

/** Every account, newest first (the superadmins' user list). */
export function listAccounts(db: Db) {
  return db
    .selectFrom('users')
    .select(accountColumns)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** By username, or by email when the key holds an @ (a user key may be either). */
export function findAccount(db: Db, key: string) {
  return db
    .selectFrom('users')
    .select(accountColumns)
    .where(key.includes('@') ? 'email' : 'username', '=', key.toLowerCase())
    .executeTakeFirst();
}
export type AccountRow = NonNullable<Awaited<ReturnType<typeof findAccount>>>;

/** The groups of each of `userIds`, highest first. */
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

/** The email of each of `userIds` that still exists. */
export async function emailsByIds(db: Db, userIds: number[]): Promise<Map<number, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('users')
    .select(['id', 'email'])
    .where('id', 'in', [...new Set(userIds)])
    .execute();
  return new Map(rows.map((r) => [r.id, r.email]));
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

/** Deletes the account with its groups (sessions and codes cascade). */
export async function deleteUser(db: Db, userId: number) {
  await db.deleteFrom('user_groups').where('user_id', '=', userId).execute();
  await db.deleteFrom('users').where('id', '=', userId).execute();
}
