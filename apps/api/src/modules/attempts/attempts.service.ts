import type { AnswerReading, TryAnswersBody, TryAnswersResult } from '@exemplar/shared/answer-spec';
import type { CheckAnswerResult, HelpKind } from '@exemplar/shared/attempts';
import type { Kysely } from 'kysely';
import type { SolveHow } from '../../db/catalogue-schema';
import type { Database } from '../../db/schema';
import { badRequest, notFound } from '../../lib/errors';
import { tryAnswers, type AnswerCheckPool } from '../../engines/answer-check';
import { exampleToCheck, markSolvedBy } from '../catalogue/examples';
import * as repo from './attempts.repository';
import { toCheckResult } from './attempts.presenter';

/**
 * Trying examples: answers checked by the answer checker under the example's answer spec (set,
 * else inferred), read back as the learner types, and the help a learner opened. For a signed-in
 * learner every checked answer is recorded, and an accepted one marks the example solved:
 * 'without-help' when no help had been opened on it before, else 'with-help'. A mark that already
 * says how is kept (so 'without-help' is never downgraded); a hand-set mark takes how. Editors try
 * answers against an unsaved answer and spec.
 */
export function attemptsService(
  db: Kysely<Database>,
  checker: Pick<AnswerCheckPool, 'check' | 'read'>,
  clock: () => Date = () => new Date(),
) {
  return {
    /**
     * How the checker reads `answer` to example `exampleId` (no verdict): published examples for
     * everyone, drafts too when `drafts` (an editor).
     */
    async read(
      exampleId: number,
      answer: string,
      drafts = false,
      client?: string,
    ): Promise<AnswerReading> {
      const example = await exampleToCheck(db, exampleId, { drafts });
      if (!example) throw notFound(`Example ${exampleId} not found.`);
      return checker.read(
        {
          question: example.question,
          expected: example.answer,
          given: answer,
          spec: example.spec(),
        },
        client,
      );
    },

    /** An editor's answers tried against an unsaved answer and spec (null: inferred). */
    tryAnswers: (body: TryAnswersBody, client?: string): Promise<TryAnswersResult> =>
      tryAnswers(checker, body, client),

    /**
     * Checks `answer` against example `exampleId`; `userId` when signed in (then recorded).
     * `client` names the caller to the checker's queue (its `limitKey`), which serves callers in
     * turn and caps each one's checks in flight.
     */
    async check(
      exampleId: number,
      answer: string,
      userId?: number,
      client?: string,
    ): Promise<CheckAnswerResult> {
      const example = await exampleToCheck(db, exampleId);
      if (!example) throw notFound(`Example ${exampleId} not found.`);
      // Unreadable or too complex: the checker refuses it (400) and nothing is recorded.
      const verdict = await checker.check(
        {
          question: example.question,
          expected: example.answer,
          given: answer,
          spec: example.spec(),
        },
        client,
      );
      // A visitor's check, or an answer that could not be compared (the example's stored answer
      // cannot be typed): nothing to record.
      if (userId === undefined || verdict.checkable === false) return toCheckResult(verdict);
      const learnerId = userId;
      const at = clock().toISOString();
      const record = () =>
        db.transaction().execute(async (trx): Promise<SolveHow | undefined> => {
          const afterHelp = await repo.hasOpenedHelp(trx, learnerId, exampleId);
          await repo.insertAttempt(trx, {
            userId: learnerId,
            exampleId,
            answer,
            correct: verdict.correct,
            afterHelp,
            at,
          });
          if (!verdict.correct) return undefined;
          const how = afterHelp ? 'with-help' : 'without-help';
          return markSolvedBy(trx, learnerId, exampleId, how, at);
        });
      const mark = await record().catch(async (err: unknown) => {
        // Deleted while its answer was being checked: the attempt has nothing to belong to (its
        // foreign key refused it), which the learner hears as the example being gone, not a 500.
        if (!(await exampleToCheck(db, exampleId)))
          throw notFound(`Example ${exampleId} not found.`);
        throw err;
      });
      return toCheckResult(verdict, mark);
    },

    /**
     * Notes that a signed-in learner opened the answer or one more step of example `exampleId`. An
     * example without a procedure has no steps to open (400).
     */
    async openHelp(userId: number, exampleId: number, kind: HelpKind): Promise<void> {
      const example = await exampleToCheck(db, exampleId);
      if (!example) throw notFound(`Example ${exampleId} not found.`);
      if (kind === 'step' && !example.procedure?.trim()) {
        throw badRequest(`Example ${exampleId} has no steps to open: it has no procedure.`);
      }
      await repo.recordHelp(db, userId, exampleId, kind, clock().toISOString());
    },
  };
}
