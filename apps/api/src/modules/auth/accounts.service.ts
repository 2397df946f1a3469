// Accounts as other modules may read and change them: the superadmins' user management
// (modules/admin-users) and the audit log's actors. The auth module owns users, groups and
// sessions; these functions are the only way in, each taking the caller's database or
// transaction.
import type { Kysely } from 'kysely';
import type { Engine } from '../../db/database';
import type { Database } from '../../db/schema';
import { revokeUserSessions } from './sessions.repository';
import * as users from './users.repository';

type Db = Kysely<Database>;

/** What a superadmin sees of an account: every column but the password hash. */
export type AccountRow = users.AccountRow;

/** The fields a superadmin's save may change (a password already hashed). */
export interface AccountChanges {
  password_hash?: string;
  enabled?: 0 | 1;
  status?: 'CONFIRMED';
  email_verified?: 0 | 1;
}

/** Every account, newest first. */
export const listAccounts = (db: Db): Promise<AccountRow[]> => users.listAccounts(db);

/** By username, or by email when the key holds an @. */
export const findAccount = (db: Db, key: string): Promise<AccountRow | undefined> =>
  users.findAccount(db, key);

/** The groups of each of `userIds`, highest first. */
export const groupsByUser = (db: Db, userIds: number[]): Promise<Map<number, string[]>> =>
  users.groupsByUser(db, userIds);

/** The groups of one account. */
export const groupsOf = (db: Db, userId: number): Promise<string[]> => users.groupsOf(db, userId);

/**
 * Ids of enabled superadmins. On PostgreSQL their group rows stay locked until the transaction
 * ends, so two superadmins demoting each other at once cannot both succeed.
 */
export const enabledSuperadminIds = (db: Db, engine: Engine): Promise<number[]> =>
  users.enabledSuperadminIds(db, engine);

/** The email of each of `userIds` that still exists (the audit log names its actors so). */
export const emailsByIds = (db: Db, userIds: number[]): Promise<Map<number, string>> =>
  users.emailsByIds(db, userIds);

/** Adds `group` to the account, or takes it away; the account counts as changed `at`. */
export async function changeAccountGroup(
  db: Db,
  userId: number,
  change: 'add' | 'remove',
  group: string,
  at: string,
) {
  if (change === 'add') await users.addGroup(db, userId, group, at);
  else await users.removeGroup(db, userId, group);
  await users.updateUser(db, userId, { updated_at: at });
}

/**
 * Changes the account's fields. A new password or a disabled account ends every session of it at
 * once.
 */
export async function updateAccount(db: Db, userId: number, changes: AccountChanges, at: string) {
  await users.updateUser(db, userId, { updated_at: at, ...changes });
  if (changes.password_hash || changes.enabled === 0) await revokeUserSessions(db, userId, at);
}

/** Deletes the account with its groups (its sessions and codes go with it). */
export const deleteAccount = (db: Db, userId: number): Promise<void> =>
  users.deleteUser(db, userId);
