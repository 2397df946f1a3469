// An editor's writes of examples (create, edit, restore, delete) and the repeat look-up they make.
import type { Kysely } from 'kysely';
import { questionKey } from '@exemplar/shared/math';
import type { ExampleStatus, ExamplesTable } from '../../../db/catalogue-schema';
import type { Database } from '../../../db/schema';
import { refreshSearchDocuments } from '../../../db/search-documents';

type Db = Kysely<Database>;

/** The columns an example is written with. */
export type ExampleValues = Pick<
  ExamplesTable,
  'question' | 'answer' | 'procedure' | 'difficulty_id' | 'type_id' | 'category_id'
> & {
  status?: ExampleStatus;
  /** The spec as set, as stored-spec.ts writes it (null: inferred); absent on an update: kept. */
  answer_spec?: string | null;
  /** The test answers, as stored-spec.ts writes them; absent on an update: kept. */
  test_answers?: string;
};

export async function insertExample(
  db: Db,
  values: ExampleValues & { created_by: number },
  at: string,
): Promise<number> {
  const { id } = await db
    .insertInto('examples')
    .values({
      ...values,
      question_key: questionKey(values.question),
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await refreshSearchDocuments(db, { ids: [id] });
  return id;
}

/** A deleted example brought back under its own id (a restore of its history). */
export async function reinsertExample(
  db: Db,
  id: number,
  values: ExampleValues & { created_by: number },
  createdAt: string,
  at: string,
) {
  await db
    .insertInto('examples')
    .values({
      id,
      ...values,
      question_key: questionKey(values.question),
      created_at: createdAt,
      updated_at: at,
    })
    .execute();
  await refreshSearchDocuments(db, { ids: [id] });
}

export async function updateExample(db: Db, id: number, values: ExampleValues, at: string) {
  await db
    .updateTable('examples')
    .set({ ...values, question_key: questionKey(values.question), updated_at: at })
    .where('id', '=', id)
    .execute();
  await refreshSearchDocuments(db, { ids: [id] });
}

/**
 * The oldest example other than `exceptId` whose question repeats `question` (equal questionKey),
 * or undefined. One lookup on the indexed `question_key`.
 */
export async function findRepeatedQuestion(
  db: Db,
  question: string,
  exceptId?: number,
): Promise<number | undefined> {
  let query = db
    .selectFrom('examples')
    .select('id')
    .where('question_key', '=', questionKey(question));
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  return (await query.orderBy('id').limit(1).executeTakeFirst())?.id;
}

/** Learners' likes and solved marks of it go with it (foreign keys cascade). */
export async function deleteExample(db: Db, id: number) {
  await db.deleteFrom('examples').where('id', '=', id).execute();
}
