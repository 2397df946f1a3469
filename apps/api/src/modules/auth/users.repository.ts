import type { Kysely } from 'kysely';
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
