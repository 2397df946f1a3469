import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

export function listSubjects(db: Db) {
  return db
    .selectFrom('subjects')
    .select(['id', 'name', 'description'])
    .orderBy('name')
    .orderBy('id')
    .execute();
}

export function getSubject(db: Db, id: number) {
  return db
    .selectFrom('subjects')
    .select(['id', 'name', 'description'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Case-insensitive name look-ups, for filters that accept a name as well as an id. */
export async function findIdByName(
  db: Db,
  table: 'subjects' | 'difficulties' | 'types',
  name: string,
): Promise<number | undefined> {
  const row = await db
    .selectFrom(table)
    .select('id')
    .where(sql`lower(name)`, '=', name.toLowerCase())
    .orderBy('id')
    .executeTakeFirst();
  return row?.id;
}

export function listDifficulties(db: Db) {
  return db
    .selectFrom('difficulties')
    .select(['id', 'name', 'description', 'rank'])
    .orderBy('rank')
    .orderBy('id')
    .execute();
}

export function listTypes(db: Db) {
  return db
    .selectFrom('types')
    .select(['id', 'name', 'description'])
    .orderBy('name')
    .orderBy('id')
    .execute();
}

/** Categories in display order (position, then name), optionally of one subject. */
export function listCategories(db: Db, subjectId?: number) {
  let query = db
    .selectFrom('categories')
    .select(['id', 'name', 'description', 'subject_id', 'parent_id', 'position']);
  if (subjectId !== undefined) query = query.where('subject_id', '=', subjectId);
  return query.orderBy('subject_id').orderBy('position').orderBy('name').orderBy('id').execute();
}

export type CategoryRow = Awaited<ReturnType<typeof listCategories>>[number];
