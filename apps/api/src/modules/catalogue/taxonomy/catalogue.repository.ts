import { sql, type Kysely } from 'kysely';
import type { Engine } from '../../../db/database';
import type { Database } from '../../../db/schema';
import { getSubjectOrType } from './catalogue-writes.repository';

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
  return getSubjectOrType(db, 'subjects', id);
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

/**
 * A category and all its descendants. Listed first, in their own query, so that the planner sees
 * the actual ids: from a recursive sub-select PostgreSQL guessed 900 categories and read a quarter
 * of all examples through the difficulty index instead (93 ms at 100,000 examples).
 */
export async function subtreeIds(db: Db, categoryId: number): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`
    with recursive subtree(id) as (
      select id from categories where id = ${categoryId}
      union all
      select c.id from categories c join subtree s on c.parent_id = s.id
    )
    select id from subtree`.execute(db);
  return rows.map((r) => Number(r.id));
}

/** The ids of a subject's categories (none for an unknown subject). */
export async function categoryIdsOfSubject(db: Db, subjectId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('categories')
    .select('id')
    .where('subject_id', '=', subjectId)
    .execute();
  return rows.map((r) => r.id);
}

/** Whether any subject exists (the demo seed fills an empty catalogue only). */
export async function hasSubjects(db: Db): Promise<boolean> {
  return !!(await db.selectFrom('subjects').select('id').limit(1).executeTakeFirst());
}

/** The catalogue version, bumped by database triggers on every catalogue write ("0" before any). */
export async function catalogueVersion(db: Db): Promise<string> {
  const row = await db
    .selectFrom('catalogue_state')
    .select('version')
    .where('id', '=', 1)
    .executeTakeFirst();
  return String(row?.version ?? 0);
}

// Held while seeding, so that instances starting together on one PostgreSQL seed once.
const PG_SEED_LOCK = 731_204_518;

/** Waits for (then holds, until `trx` ends) the seeding lock; SQLite's one writer needs none. */
export async function holdSeedLock(trx: Db, engine: Engine) {
  if (engine === 'postgres') await sql`select pg_advisory_xact_lock(${PG_SEED_LOCK})`.execute(trx);
}
