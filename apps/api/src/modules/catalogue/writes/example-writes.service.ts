import { ErrorCode } from '@exemplar/shared/api';
import type { Example, ExampleInput } from '@exemplar/shared/catalogue';
import { AppError, badRequest } from '../../../lib/errors';
import * as catalogue from '../taxonomy/catalogue-writes.repository';
import { toExample } from '../../examples/examples.presenter';
import * as examples from '../../examples/examples.repository';
import { specColumn, testAnswersColumn } from '../../examples/stored-spec';
import { recordVersion } from '../../examples/versions.repository';
import {
  auditWrite,
  mustExist,
  type Clock,
  type Db,
  type Tx,
  type Writer,
} from './catalogue-writes.common';

/** Every reference of the example exists; one 400 naming all that do not. */
async function checkRefs(trx: Tx, input: ExampleInput) {
  const problems: string[] = [];
  if (!(await catalogue.getNamed(trx, 'difficulties', input.difficultyId)))
    problems.push(`Difficulty ${input.difficultyId} does not exist.`);
  if (!(await catalogue.getNamed(trx, 'types', input.typeId)))
    problems.push(`Type ${input.typeId} does not exist.`);
  if (!(await catalogue.getCategory(trx, input.categoryId)))
    problems.push(`Category ${input.categoryId} does not exist.`);
  if (problems.length) throw badRequest(problems.join(' '));
}

/** The `reason` of a 409 refusing a question that repeats another example's. */
export const DUPLICATE_QUESTION = 'DuplicateQuestion';

/**
 * A question repeating another example's (equal questionKey) is refused with 409 naming it, unless
 * the input says allowDuplicate. Returns the repeated example's id when one is let through, for
 * the audit entry. An update never repeats itself (`exceptId`).
 */
export async function checkRepeat(
  trx: Tx,
  input: Pick<ExampleInput, 'question' | 'allowDuplicate'>,
  exceptId?: number,
): Promise<number | undefined> {
  const existingId = await examples.findRepeatedQuestion(trx, input.question, exceptId);
  if (existingId === undefined || input.allowDuplicate) return existingId;
  throw new AppError(409, ErrorCode.Conflict, `This question repeats example ${existingId}.`, {
    reason: DUPLICATE_QUESTION,
    existingId,
  });
}

const values = (input: ExampleInput): examples.ExampleValues => ({
  question: input.question,
  answer: input.answer,
  procedure: input.procedure?.trim() ? input.procedure : null,
  difficulty_id: input.difficultyId,
  type_id: input.typeId,
  category_id: input.categoryId,
  // Without a status an update keeps the example's, and a new example is published.
  ...(input.status ? { status: input.status } : {}),
  // Absent, an update keeps the spec as set and the test answers, and a new example has its spec
  // inferred and no test answers; a null spec goes back to inferred.
  ...(input.answerSpec !== undefined ? { answer_spec: specColumn(input.answerSpec) } : {}),
  ...(input.testAnswers !== undefined
    ? { test_answers: testAnswersColumn(input.testAnswers) }
    : {}),
});

/** The example as editors see it: drafts included, with its status. */
export async function read(trx: Tx, id: number): Promise<Example> {
  const row = await examples.getExample(trx, id, undefined, { drafts: true });
  return toExample(mustExist(row, 'Example', id), { editor: true });
}

/**
 * Example writes: references checked, one transaction and one audit entry each; a create or an
 * edit also records the example's new version (example_versions) in that transaction.
 */
export function exampleWritesService(
  db: Db,
  clock: Clock = () => new Date(),
): Writer<ExampleInput, Example> {
  return {
    create: (actor, input) =>
      db.transaction().execute(async (trx) => {
        await checkRefs(trx, input);
        const repeats = await checkRepeat(trx, input);
        const at = clock().toISOString();
        const id = await examples.insertExample(
          trx,
          { ...values(input), created_by: actor.id },
          at,
        );
        await recordVersion(trx, id, 'create', actor, at);
        await auditWrite(trx, actor, at, 'examples.create', id, {
          categoryId: input.categoryId,
          status: input.status ?? 'published',
          ...(repeats !== undefined ? { duplicateOf: repeats } : {}),
        });
        return read(trx, id);
      }),
    update: (actor, id, input) =>
      db.transaction().execute(async (trx) => {
        const before = await read(trx, id);
        await checkRefs(trx, input);
        const repeats = await checkRepeat(trx, input, id);
        const at = clock().toISOString();
        await examples.updateExample(trx, id, values(input), at);
        await recordVersion(trx, id, 'edit', actor, at);
        await auditWrite(trx, actor, at, 'examples.update', id, {
          categoryId: input.categoryId,
          ...(input.status && input.status !== before.status
            ? { status: { from: before.status, to: input.status } }
            : {}),
          ...(repeats !== undefined ? { duplicateOf: repeats } : {}),
        });
        return read(trx, id);
      }),
    remove: (actor, id) =>
      db.transaction().execute(async (trx) => {
        await read(trx, id);
        await examples.deleteExample(trx, id);
        await auditWrite(trx, actor, clock().toISOString(), 'examples.delete', id, {});
      }),
  };
}
