import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;
export type NamedTable = 'subjects' | 'difficulties' | 'types';

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

export function getCategory(db: Db, id: number) {
  return db
    .selectFrom('categories')
    .select(['id', 'name', 'description', 'subject_id', 'parent_id', 'position'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Ids of the category and everything below it. */
export async function subtreeIds(db: Db, categoryId: number): Promise<number[]> {
  const rows = await sql<{ id: number }>`
    with recursive subtree(id) as (
      select id from categories where id = ${categoryId}
      union all
      select c.id from categories c join subtree s on c.parent_id = s.id
    )
    select id from subtree`.execute(db);
  return rows.rows.map((r) => Number(r.id));
}

export async function countWhere(
  db: Db,
  table: 'categories' | 'examples',
  column: 'subject_id' | 'parent_id' | 'category_id' | 'difficulty_id' | 'type_id',
  id: number,
): Promise<number> {
  const row = await db
    .selectFrom(table)
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    .where(column as any, '=', id)
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
