import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { HelpKind } from '@exemplar/shared/attempts';

type Db = Kysely<Database>;

/** Records one checked answer of a signed-in learner. */
export async function insertAttempt(
  db: Db,
  attempt: {
    userId: number;
    exampleId: number;
    answer: string;
    correct: boolean;
    afterHelp: boolean;
    at: string;
  },
) {
  await db
    .insertInto('answer_attempts')
    .values({
      user_id: attempt.userId,
      example_id: attempt.exampleId,
      answer: attempt.answer,
      correct: attempt.correct ? 1 : 0,
      after_help: attempt.afterHelp ? 1 : 0,
      created_at: attempt.at,
    })
    .execute();
}

/** Whether the learner has opened any help (a step or the answer) on the example. */
export async function hasOpenedHelp(db: Db, userId: number, exampleId: number): Promise<boolean> {
  return !!(await db
    .selectFrom('help_opened')
    .select('user_id')
    .where('user_id', '=', userId)
    .where('example_id', '=', exampleId)
    .executeTakeFirst());
}

/**
 * Notes help opened on an example: the answer (once; opening it again changes nothing) or one more
 * step (counted). The first time is kept.
 */
export async function recordHelp(
  db: Db,
  userId: number,
  exampleId: number,
  kind: HelpKind,
  at: string,
) {
  const answer = kind === 'answer';
  await db
    .insertInto('help_opened')
    .values({
      user_id: userId,
      example_id: exampleId,
      answer_opened: answer ? 1 : 0,
      steps_opened: answer ? 0 : 1,
      first_opened_at: at,
    })
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'example_id'])
        .doUpdateSet((eb) =>
          answer ? { answer_opened: 1 } : { steps_opened: eb('help_opened.steps_opened', '+', 1) },
        ),
    )
    .execute();
}
