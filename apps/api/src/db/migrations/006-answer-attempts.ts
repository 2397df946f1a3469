import { sql } from 'kysely';
import { notNull, timestampType, withId, type Migration } from './helpers';

/**
 * Trying examples:
 * - `answer_attempts`: every answer a signed-in learner had checked, whether it was accepted, and
 *   whether they had opened help (a step or the answer) on that example before it;
 * - `help_opened`: per (user, example), whether the answer was opened, how many steps, and when
 *   help was first opened;
 * - `solved_marks.how`: how a solve was earned, 'without-help' or 'with-help' by a checked answer,
 *   null when the learner marked it solved by hand.
 * Rows go with their user or example (foreign keys cascade), as likes and solved marks do.
 */
export const answerAttempts: Migration = {
  name: '006-answer-attempts',
  async up(db, engine) {
    const ts = timestampType(engine);
    await withId(db.schema.createTable('answer_attempts'), engine)
      .addColumn('user_id', 'integer', (c) =>
        c.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('example_id', 'integer', (c) =>
        c.notNull().references('examples.id').onDelete('cascade'),
      )
      .addColumn('answer', 'text', notNull)
      .addColumn('correct', 'integer', (c) => c.notNull().check(sql`correct in (0, 1)`))
      .addColumn('after_help', 'integer', (c) => c.notNull().check(sql`after_help in (0, 1)`))
      .addColumn('created_at', ts, notNull)
      .execute();
    await db.schema
      .createIndex('answer_attempts_user_example_idx')
      .on('answer_attempts')
      .columns(['user_id', 'example_id', 'created_at'])
      .execute();
    await db.schema
      .createIndex('answer_attempts_example_idx')
      .on('answer_attempts')
      .column('example_id')
      .execute();

    await db.schema
      .createTable('help_opened')
      .addColumn('user_id', 'integer', (c) =>
        c.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('example_id', 'integer', (c) =>
        c.notNull().references('examples.id').onDelete('cascade'),
      )
      .addColumn('answer_opened', 'integer', (c) =>
        c
          .notNull()
          .defaultTo(0)
          .check(sql`answer_opened in (0, 1)`),
      )
      .addColumn('steps_opened', 'integer', (c) =>
        c
          .notNull()
          .defaultTo(0)
          .check(sql`steps_opened >= 0`),
      )
      .addColumn('first_opened_at', ts, notNull)
      .addPrimaryKeyConstraint('help_opened_pk', ['user_id', 'example_id'])
      .execute();
    await db.schema
      .createIndex('help_opened_example_idx')
      .on('help_opened')
      .column('example_id')
      .execute();

    await db.schema
      .alterTable('solved_marks')
      .addColumn('how', 'text', (c) => c.check(sql`how in ('without-help', 'with-help')`))
      .execute();
  },
};
