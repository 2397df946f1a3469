import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** Inserts the address unless it is already there. Returns true when it was new. */
export async function addSignup(db: Kysely<Database>, email: string, at: string): Promise<boolean> {
  const result = await db
    .insertInto('newsletter_signups')
    .values({ email, created_at: at })
    .onConflict((oc) => oc.column('email').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}
