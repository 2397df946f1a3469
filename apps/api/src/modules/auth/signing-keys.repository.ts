import type { Insertable, Kysely } from 'kysely';
import type { Database, SigningKeysTable } from '../../db/schema';

type Db = Kysely<Database>;

/** The keys that sign and verify tokens (jwt.ts), oldest first; retired ones left out. */
export function activeSigningKeys(db: Db) {
  return db
    .selectFrom('signing_keys')
    .selectAll()
    .where('retired_at', 'is', null)
    .orderBy('created_at')
    .execute();
}

export async function insertSigningKey(db: Db, key: Insertable<SigningKeysTable>) {
  await db.insertInto('signing_keys').values(key).execute();
}
