import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/schema';

const COUNTED = [
  'users',
  'user_groups',
  'refresh_tokens',
  'subjects',
  'categories',
  'difficulties',
  'types',
  'examples',
  'likes',
  'solved_marks',
  'answer_attempts',
  'help_opened',
  'review_cards',
  'review_log',
  'newsletter_signups',
  'audit_log',
] as const;

/**
 * What a refused request must leave as it was, as one string to compare before and after: the row
 * count of every table, each example's text and update time, each account's email, name, password,
 * status, enabled flag and try-first preference, each subject's, category's, difficulty's and
 * type's name and description, how each solved mark was earned, the help each learner opened and
 * each review card's schedule.
 */
export async function databaseFingerprint(db: Kysely<Database>): Promise<string> {
  const counts = await Promise.all(
    COUNTED.map(async (t) => (await db.selectFrom(t).selectAll().execute()).length),
  );
  const examples = await db
    .selectFrom('examples')
    .select(['id', 'question', 'answer', 'updated_at'])
    .orderBy('id')
    .execute();
  const people = await db
    .selectFrom('users')
    .select(['email', 'name', 'password_hash', 'enabled', 'status', 'try_first'])
    .orderBy('email')
    .execute();
  const named = await Promise.all(
    (['subjects', 'categories', 'difficulties', 'types'] as const).map((t) =>
      db.selectFrom(t).select(['id', 'name', 'description']).orderBy('id').execute(),
    ),
  );
  const solves = await db
    .selectFrom('solved_marks')
    .select(['user_id', 'example_id', 'how'])
    .orderBy('user_id')
    .orderBy('example_id')
    .execute();
  const help = await db
    .selectFrom('help_opened')
    .select(['user_id', 'example_id', 'answer_opened', 'steps_opened'])
    .orderBy('user_id')
    .orderBy('example_id')
    .execute();
  const cards = await db
    .selectFrom('review_cards')
    .select(['user_id', 'example_id', 'due', 'reps', 'state', 'stability'])
    .orderBy('user_id')
    .orderBy('example_id')
    .execute();
  return JSON.stringify({ counts, examples, people, named, solves, help, cards });
}
