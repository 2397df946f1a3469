import type { Insertable, Kysely } from 'kysely';
import type { ExamplesTable } from '../../../db/catalogue-schema';
import type { Database } from '../../../db/schema';

type Db = Kysely<Database>;

// Subjects, categories, difficulties and types are read through the taxonomy's face.
export {
  listCategories as loadCategories,
  listDifficulties as loadDifficulties,
  listSubjects as loadSubjects,
  listTypes as loadTypes,
} from '../taxonomy';

export async function sourceRefExists(db: Db, ref: string) {
  return !!(await db
    .selectFrom('examples')
    .select('id')
    .where('source_ref', '=', ref)
    .executeTakeFirst());
}

/** The oldest example whose question_key is `key` (a question repeating it), or null. */
export async function exampleWithQuestionKey(db: Db, key: string): Promise<number | null> {
  const row = await db
    .selectFrom('examples')
    .select('id')
    .where('question_key', '=', key)
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  return row?.id ?? null;
}

export async function questionsIn(db: Db, categoryId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('examples')
    .select('question')
    .where('category_id', '=', categoryId)
    .execute();
  return rows.map((r) => r.question);
}

export async function insertCategory(
  db: Db,
  values: {
    subjectId: number;
    parentId: number | null;
    name: string;
    description: string;
    position: number;
  },
  at: string,
) {
  const row = await db
    .insertInto('categories')
    .values({
      subject_id: values.subjectId,
      parent_id: values.parentId,
      name: values.name,
      description: values.description,
      position: values.position,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export type ExampleInsert = Insertable<ExamplesTable>;

/**
 * Inserts in statements of at most 200 rows or about 16,000 characters of text, and lets the event
 * loop answer other requests between them (on SQLite each statement runs synchronously). Returns
 * the new ids.
 */
export async function insertExamples(db: Db, rows: ExampleInsert[]): Promise<number[]> {
  const ids: number[] = [];
  for (let start = 0; start < rows.length;) {
    let end = start;
    let chars = 0;
    while (end < rows.length && end - start < 200 && chars < 16_000) {
      const r = rows[end++]!;
      chars += r.question.length + r.answer.length + (r.procedure?.length ?? 0);
    }
    const made = await db
      .insertInto('examples')
      .values(rows.slice(start, end))
      .returning('id')
      .execute();
    for (const { id } of made) ids.push(id);
    start = end;
    if (start < rows.length) await new Promise<void>((resolve) => setImmediate(resolve));
  }
  return ids;
}

/** Every example with the names it refers to, in catalogue order. */
export function exportExamples(db: Db) {
  return db
    .selectFrom('examples as e')
    .innerJoin('categories as c', 'c.id', 'e.category_id')
    .innerJoin('difficulties as d', 'd.id', 'e.difficulty_id')
    .innerJoin('types as t', 't.id', 'e.type_id')
    .select([
      'e.id',
      'e.question',
      'e.answer',
      'e.procedure',
      'e.category_id',
      'e.source_ref',
      'e.status',
      'e.answer_spec',
      'e.test_answers',
      'e.created_at',
      'd.name as difficulty',
      't.name as type',
    ])
    .orderBy('e.id')
    .execute();
}
