import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

export const loadSubjects = (db: Db) =>
  db
    .selectFrom('subjects')
    .select(['id', 'name', 'description'])
    .orderBy('name')
    .orderBy('id')
    .execute();
export const loadCategories = (db: Db) =>
  db
    .selectFrom('categories')
    .select(['id', 'subject_id', 'parent_id', 'name', 'description', 'position'])
    .orderBy('position')
    .orderBy('name')
    .orderBy('id')
    .execute();
export const loadDifficulties = (db: Db) =>
  db
    .selectFrom('difficulties')
    .select(['id', 'name', 'description', 'rank'])
    .orderBy('rank')
    .orderBy('id')
    .execute();
export const loadTypes = (db: Db) =>
  db
    .selectFrom('types')
    .select(['id', 'name', 'description'])
    .orderBy('name')
    .orderBy('id')
    .execute();

export async function sourceRefExists(db: Db, ref: string) {
  return !!(await db
    .selectFrom('examples')
    .select('id')
    .where('source_ref', '=', ref)
    .executeTakeFirst());
}

export async function questionsIn(db: Db, categoryId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('examples')
    .select('question')
    .where('category_id', '=', categoryId)
    .execute();
  return rows.map((r) => r.question);
}

export async function insertNamed(
  db: Db,
  table: 'subjects' | 'types' | 'difficulties',
  values: { name: string; description: string; rank?: number },
  at: string,
) {
  const row = {
    name: values.name,
    description: values.description,
    created_at: at,
    updated_at: at,
  };
  const result =
    table === 'difficulties'
      ? await db
          .insertInto('difficulties')
          .values({ ...row, rank: values.rank ?? 0 })
          .returning('id')
          .executeTakeFirstOrThrow()
      : await db.insertInto(table).values(row).returning('id').executeTakeFirstOrThrow();
  return result.id;
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

export interface ExampleInsert {
  question: string;
  answer: string;
  procedure: string | null;
  difficulty_id: number;
  type_id: number;
  category_id: number;
  created_by: number | null;
  source_ref: string | null;
  created_at: string;
  updated_at: string;
}

export async function insertExamples(db: Db, rows: ExampleInsert[]) {
  for (let i = 0; i < rows.length; i += 200) {
    await db
      .insertInto('examples')
      .values(rows.slice(i, i + 200))
      .execute();
  }
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
      'e.created_at',
      'd.name as difficulty',
      't.name as type',
    ])
    .orderBy('e.id')
    .execute();
}
