import { sql } from 'kysely';
import type { Migration } from './helpers';

/**
 * `users.try_first`: the learner's "try first" preference (an example's answer and procedure stay
 * folded until the learner checks an answer or opens them), 1 on, 0 off, stored as 0/1 like every
 * boolean so both engines read the same values. On for every account that exists and every new
 * one; GET and PATCH /api/me/preferences read and change it (ADR 046).
 */
export const learnerPreferences: Migration = {
  name: '014-learner-preferences',
  async up(db) {
    await db.schema
      .alterTable('users')
      .addColumn('try_first', 'integer', (c) =>
        c
          .notNull()
          .defaultTo(1)
          .check(sql`try_first in (0, 1)`),
      )
      .execute();
  },
};
