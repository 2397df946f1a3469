import { ErrorCode } from '@exemplar/shared/api';
import type { Example } from '@exemplar/shared/catalogue';
import type { ExampleInput } from '@exemplar/shared/catalogue-writes';
import { AppError, badRequest } from '../../../lib/errors';
import * as examples from '../examples';
import * as catalogue from '../taxonomy';
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

/** The example as editors see it: drafts included, with its status. */
export async function read(trx: Tx, id: number): Promise<Example> {
  return mustExist(await examples.editorExample(trx, id), 'Example', id);
}

/**
 * Example writes: references checked, one transaction and one audit entry each; the examples
 * module records the example's new version (example_versions) in that transaction.
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
        const id = await examples.createExample(trx, input, actor, at);
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
        await examples.updateExample(trx, id, input, actor, at);
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
