// An example saved by an editor: created, edited, restored from its history, deleted. The rules the
// examples module holds for every such save: each write of an examples row records the example's
// new version in the same transaction (ADR 034), and the answer spec and test answers are written
// in their stored form (stored-spec.ts). The admin writes (catalogue/writes) call these inside
// their own transactions, after their own checks (references, repeats) and before their audit entry.
// Each save typesets the example's formulas not kept yet and keeps them (ADR 052).
import type { Example } from '@exemplar/shared/catalogue';
import type { ExampleInput } from '@exemplar/shared/catalogue-writes';
import type { Kysely } from 'kysely';
import type { ExampleStatus } from '../../../db/catalogue-schema';
import type { Database } from '../../../db/schema';
import * as writes from './example-writes.repository';
import { toExample } from './examples.presenter';
import { getExample } from './examples.repository';
import { specColumn, testAnswersColumn } from './stored-spec';
import { typesetExamples } from './typeset.service';
import { getVersion, recordVersion, type Editor, type VersionRow } from './versions.repository';

type Db = Kysely<Database>;

/** A version to restore whose difficulty, type and category the caller found to exist. */
export type RestorableVersion = VersionRow &
  Record<'difficulty_id' | 'type_id' | 'category_id', number>;

const valuesOf = (input: ExampleInput): writes.ExampleValues => ({
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

/** The example as editors see it (drafts included, with its status), or undefined. */
export async function editorExample(db: Db, id: number): Promise<Example | undefined> {
  const row = await getExample(db, id, undefined, { drafts: true });
  return row && toExample(row, { editor: true });
}

/**
 * The oldest example other than `exceptId` whose question repeats `question` (equal questionKey),
 * or undefined.
 */
export const findRepeatedQuestion = (
  db: Db,
  question: string,
  exceptId?: number,
): Promise<number | undefined> => writes.findRepeatedQuestion(db, question, exceptId);

/** Creates the example, with its first version ('create') by `editor`; answers its id. */
export async function createExample(
  trx: Db,
  input: ExampleInput,
  editor: Editor,
  at: string,
): Promise<number> {
  const id = await writes.insertExample(trx, { ...valuesOf(input), created_by: editor.id }, at);
  await typesetExamples(trx, [input]);
  await recordVersion(trx, id, 'create', editor, at);
  return id;
}

/** Saves an edit of example `id`, with its next version ('edit') by `editor`. */
export async function updateExample(
  trx: Db,
  id: number,
  input: ExampleInput,
  editor: Editor,
  at: string,
): Promise<void> {
  await writes.updateExample(trx, id, valuesOf(input), at);
  await typesetExamples(trx, [input]);
  await recordVersion(trx, id, 'edit', editor, at);
}

/**
 * Makes `version` current again as example `id`'s next version ('restore'), with `status`; its
 * answer spec as set and its test answers come back too. A `deleted` example comes back under its
 * own id, created when its first version was. Answers the new version's number.
 */
export async function restoreExample(
  trx: Db,
  id: number,
  version: RestorableVersion,
  { status, deleted }: { status: ExampleStatus; deleted: boolean },
  editor: Editor,
  at: string,
): Promise<number> {
  const values: writes.ExampleValues = {
    question: version.question,
    answer: version.answer,
    procedure: version.procedure,
    difficulty_id: version.difficulty_id,
    type_id: version.type_id,
    category_id: version.category_id,
    status,
    answer_spec: version.answer_spec,
    test_answers: version.test_answers,
  };
  if (deleted) {
    const first = (await getVersion(trx, id, 1)) ?? version;
    await writes.reinsertExample(
      trx,
      id,
      { ...values, created_by: editor.id },
      first.edited_at,
      at,
    );
  } else {
    await writes.updateExample(trx, id, values, at);
  }
  await typesetExamples(trx, [values]);
  return recordVersion(trx, id, 'restore', editor, at);
}

/** Deletes example `id`; learners' likes and solved marks of it go with it, its history stays. */
export const deleteExample = (trx: Db, id: number): Promise<void> => writes.deleteExample(trx, id);
