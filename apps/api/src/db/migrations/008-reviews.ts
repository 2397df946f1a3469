import { sql } from 'kysely';
import { notNull, timestampType, withId, type Migration } from './helpers';

/**
 * Spaced-repetition reviews (FSRS):
 * - `review_cards`: one card per (user, example) in the learner's reviews, holding the FSRS memory
 *   state ts-fsrs needs to schedule it (due, stability, difficulty, elapsed and scheduled days,
 *   reps, lapses, learning step, state 0 new, 1 learning, 2 review, 3 relearning, last review);
 *   indexed by (user, due) for the queue;
 * - `review_log`: every grade given, with the card's state and due date before it; it stays
 *   when a card is taken out of reviews, and is indexed by (user, reviewed_at) for the stats.
 * Rows go with their user or example (foreign keys cascade), as likes and solved marks do.
 */
export const reviews: Migration = {
  name: '008-reviews',
  async up(db, engine) {
    const ts = timestampType(engine);
    const real = engine === 'postgres' ? 'double precision' : 'real';
    const userId = (c: Parameters<typeof notNull>[0]) =>
      c.notNull().references('users.id').onDelete('cascade');
    const exampleId = (c: Parameters<typeof notNull>[0]) =>
      c.notNull().references('examples.id').onDelete('cascade');
    const state = (column: string) => (c: Parameters<typeof notNull>[0]) =>
      c.notNull().check(sql`${sql.ref(column)} in (0, 1, 2, 3)`);

    await db.schema
      .createTable('review_cards')
      .addColumn('user_id', 'integer', userId)
      .addColumn('example_id', 'integer', exampleId)
      .addColumn('due', ts, notNull)
      .addColumn('stability', real, notNull)
      .addColumn('difficulty', real, notNull)
      .addColumn('elapsed_days', 'integer', notNull)
      .addColumn('scheduled_days', 'integer', notNull)
      .addColumn('learning_steps', 'integer', notNull)
      .addColumn('reps', 'integer', (c) => c.notNull().check(sql`reps >= 0`))
      .addColumn('lapses', 'integer', (c) => c.notNull().check(sql`lapses >= 0`))
      .addColumn('state', 'integer', state('state'))
      .addColumn('last_review', ts)
      .addColumn('created_at', ts, notNull)
      .addPrimaryKeyConstraint('review_cards_pk', ['user_id', 'example_id'])
      .execute();
    await db.schema
      .createIndex('review_cards_user_due_idx')
      .on('review_cards')
      .columns(['user_id', 'due'])
      .execute();
    await db.schema
      .createIndex('review_cards_example_idx')
      .on('review_cards')
      .column('example_id')
      .execute();

    await withId(db.schema.createTable('review_log'), engine)
      .addColumn('user_id', 'integer', userId)
      .addColumn('example_id', 'integer', exampleId)
      .addColumn('rating', 'integer', (c) => c.notNull().check(sql`rating in (1, 2, 3, 4)`))
      .addColumn('state_before', 'integer', state('state_before'))
      .addColumn('due_before', ts, notNull)
      .addColumn('reviewed_at', ts, notNull)
      .execute();
    await db.schema
      .createIndex('review_log_user_reviewed_idx')
      .on('review_log')
      .columns(['user_id', 'reviewed_at'])
      .execute();
    await db.schema
      .createIndex('review_log_example_idx')
      .on('review_log')
      .column('example_id')
      .execute();
  },
};
