import { sql } from 'kysely';
import { timestampType, type Migration } from './helpers';

/**
 * Sessions get an absolute lifetime and refresh retries that cannot fork them:
 * - `session_started_at`: when the session (token family) began, i.e. the login; every token of a
 *   family carries it, so no refresh can move it. Existing families take their oldest token's time.
 * - `successor`: the token this one was rotated into, encrypted with a key derived from this
 *   token, so a retry within the grace period gets that same successor and nobody reading the
 *   database can use it.
 */
export const sessionLifetime: Migration = {
  name: '005-session-lifetime',
  async up(db, engine) {
    await db.schema
      .alterTable('refresh_tokens')
      .addColumn('session_started_at', timestampType(engine))
      .execute();
    await db.schema.alterTable('refresh_tokens').addColumn('successor', 'text').execute();
    await sql`
      update refresh_tokens set session_started_at = (
        select min(f.created_at) from refresh_tokens f where f.family_id = refresh_tokens.family_id
      )`.execute(db);
  },
};
