import { sql, type Kysely } from 'kysely';
import type { CategoriesTable } from '../../../db/catalogue-schema';
import type { Database } from '../../../db/schema';

type Db = Kysely<Database>;
export type NamedTable = 'subjects' | 'difficulties' | 'types';

/** The columns a subject, difficulty or type is written with (`rank`: difficulties only). */
export interface NamedValues {
  name: string;
  description: string;
  rank?: number;
}

/** The columns a category is written with (`position` left out: kept on update, next on insert). */
export type CategoryValues = Pick<
  CategoriesTable,
  'subject_id' | 'parent_id' | 'name' | 'description'
> & { position?: number };

/** Another row of `table` with this name, case-insensitively (excluding `exceptId`). */
export async function nameTaken(db: Db, table: NamedTable, name: string, exceptId?: number) {
  let q = db
    .selectFrom(table)
    .select('id')
    .where(sql`lower(name)`, '=', name.toLowerCase());
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
  return !!(await q.executeTakeFirst());
}

export async function categoryNameTaken(
  db: Db,
  subjectId: number,
  parentId: number | null,
  name: string,
  exceptId?: number,
) {
  let q = db
    .selectFrom('categories')
    .select('id')
    .where('subject_id', '=', subjectId)
    .where(sql`lower(name)`, '=', name.toLowerCase());
  q = parentId === null ? q.where('parent_id', 'is', null) : q.where('parent_id', '=', parentId);
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
  return !!(await q.executeTakeFirst());
}

export function getNamed(db: Db, table: NamedTable, id: number) {
  return db.selectFrom(table).select(['id', 'name']).where('id', '=', id).executeTakeFirst();
}

/** A subject or type as the API returns it. */
export function getSubjectOrType(db: Db, table: 'subjects' | 'types', id: number) {
  return db
    .selectFrom(table)
    .select(['id', 'name', 'description'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export function getDifficulty(db: Db, id: number) {
  return db
    .selectFrom('difficulties')
    .select(['id', 'name', 'description', 'rank'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function insertNamed(
  db: Db,
  table: NamedTable,
  values: NamedValues,
  at: string,
): Promise<number> {
  const { rank, ...common } = values;
  const row = { ...common, created_at: at, updated_at: at };
  const { id } = await (
    table === 'difficulties'
      ? db
          .insertInto('difficulties')
          .values({ ...row, rank: rank ?? 0 })
          .returning('id')
      : db.insertInto(table).values(row).returning('id')
  ).executeTakeFirstOrThrow();
  return id;
}

export async function updateNamed(
  db: Db,
  table: NamedTable,
  id: number,
  values: NamedValues,
  at: string,
) {
  const { rank, ...common } = values;
  const row = { ...common, updated_at: at };
  if (table === 'difficulties') {
    const set = rank === undefined ? row : { ...row, rank };
    await db.updateTable('difficulties').set(set).where('id', '=', id).execute();
  } else {
    await db.updateTable(table).set(row).where('id', '=', id).execute();
  }
}

export async function deleteNamed(db: Db, table: NamedTable, id: number) {
  await db.deleteFrom(table).where('id', '=', id).execute();
}

export function getCategory(db: Db, id: number) {
  return db
    .selectFrom('categories')
    .select(['id', 'name', 'description', 'subject_id', 'parent_id', 'position'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Categories whose `column` is `id`: a subject's categories, or a category's children. */
export async function countCategoriesWhere(
  db: Db,
  column: 'subject_id' | 'parent_id',
  id: number,
): Promise<number> {
  const row = await db
    .selectFrom('categories')
    .where(column, '=', id)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function nextPosition(db: Db, subjectId: number, parentId: number | null) {
  let q = db
    .selectFrom('categories')
    .select((eb) => eb.fn.max<number | null>('position').as('max'))
    .where('subject_id', '=', subjectId);
  q = parentId === null ? q.where('parent_id', 'is', null) : q.where('parent_id', '=', parentId);
  const row = await q.executeTakeFirst();
  return row?.max === null || row?.max === undefined ? 0 : Number(row.max) + 1;
}

export async function insertCategory(
  db: Db,
  values: CategoryValues & { position: number },
  at: string,
): Promise<number> {
  const { id } = await db
    .insertInto('categories')
    .values({ ...values, created_at: at, updated_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function updateCategory(db: Db, id: number, values: CategoryValues, at: string) {
  await db
    .updateTable('categories')
    .set({ ...values, updated_at: at })
    .where('id', '=', id)
    .execute();
}

export async function deleteCategory(db: Db, id: number) {
  await db.deleteFrom('categories').where('id', '=', id).execute();
}
