import type { Example, ExampleInput } from '@exemplar/shared/catalogue';
import { badRequest } from '../../lib/errors';
import * as catalogue from '../catalogue/catalogue-writes.repository';
import { toExample } from '../examples/examples.presenter';
import * as examples from '../examples/examples.repository';
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

const values = (input: ExampleInput): examples.ExampleValues => ({
  question: input.question,
  answer: input.answer,
  procedure: input.procedure?.trim() ? input.procedure : null,
  difficulty_id: input.difficultyId,
  type_id: input.typeId,
  category_id: input.categoryId,
});

async function read(trx: Tx, id: number): Promise<Example> {
  return toExample(mustExist(await examples.getExample(trx, id), 'Example', id));
}

/** Example writes: references checked, one transaction and one audit entry each. */
export function exampleWritesService(
  db: Db,
  clock: Clock = () => new Date(),
): Writer<ExampleInput, Example> {
  return {
    create: (actor, input) =>
      db.transaction().execute(async (trx) => {
        await checkRefs(trx, input);
        const at = clock().toISOString();
        const id = await examples.insertExample(
          trx,
          { ...values(input), created_by: actor.id },
          at,
        );
        await auditWrite(trx, actor, at, 'examples.create', id, { categoryId: input.categoryId });
        return read(trx, id);
      }),
    update: (actor, id, input) =>
      db.transaction().execute(async (trx) => {
        await read(trx, id);
        await checkRefs(trx, input);
        const at = clock().toISOString();
        await examples.updateExample(trx, id, values(input), at);
        await auditWrite(trx, actor, at, 'examples.update', id, { categoryId: input.categoryId });
        return read(trx, id);
      }),
    remove: (actor, id) =>
      db.transaction().execute(async (trx) => {
        mustExist(await examples.getExample(trx, id), 'Example', id);
        await examples.deleteExample(trx, id);
        await auditWrite(trx, actor, clock().toISOString(), 'examples.delete', id, {});
      }),
  };
}
