// example_versions: every saved state of an example (owned by the examples module). Each write of
// an example records its version in the write's own transaction, copied from the examples row it
// just wrote, so the newest version is always the example as it is.
import { sql, type Insertable, type Kysely, type RawBuilder } from 'kysely';
import type { ExampleVersionsTable, VersionAction } from '../../../db/catalogue-schema';
import type { Database } from '../../../db/schema';

type Db = Kysely<Database>;

/**
 * Lets the event loop answer other requests between the statements of a bulk write: on SQLite
 * every statement runs synchronously and the awaits between them never give it a turn.
 */
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Who saved a version, as recorded with it. */
export interface Editor {
  id: number;
  email: string;
  name: string;
}

const nextVersion = (exampleId: number) =>
  sql<number>`(select coalesce(max(v.version), 0) + 1 from example_versions v where v.example_id = ${exampleId})`;

/** The columns a version copies from the example as they are. */
const contentColumns = [
  'question',
  'answer',
  'procedure',
  'difficulty_id',
  'type_id',
  'category_id',
] as const;
/** The columns a version copies from the example after who saved it, when and why. */
const stateColumns = ['status', 'answer_spec', 'test_answers'] as const;

/** Every column of a version, in the order the copies below select them. */
const versionColumns = [
  'example_id',
  'version',
  ...contentColumns,
  'edited_by',
  'editor_email',
  'editor_name',
  'edited_at',
  'action',
  ...stateColumns,
] as const;

/**
 * Inserts, as versions, copies of the examples rows `where` picks: numbered by `version`, saved by
 * `editor` at `editedAt` (a value, or a column of the row) for `action`. The one copy of an
 * example into its history, for a single save and for an import's rows alike.
 */
function copyIntoVersions(
  db: Db,
  where: { id: number } | { ids: number[] },
  version: RawBuilder<number>,
  editor: Editor | null,
  editedAt: RawBuilder<string> | 'created_at',
  action: VersionAction,
) {
  const rows = db
    .selectFrom('examples')
    .select([
      'id',
      version.as('version'),
      ...contentColumns,
      sql.val(editor?.id ?? null).as('edited_by'),
      sql.val(editor?.email ?? null).as('editor_email'),
      sql.val(editor?.name ?? null).as('editor_name'),
      editedAt === 'created_at' ? 'created_at' : editedAt.as('edited_at'),
      sql.val(action).as('action'),
      ...stateColumns,
    ]);
  return db
    .insertInto('example_versions')
    .columns(versionColumns)
    .expression(
      'id' in where ? rows.where('id', '=', where.id) : rows.where('id', 'in', where.ids),
    );
}

/**
 * Records the example as it now is as its next version (previous newest + 1). Call after writing
 * the examples row in the same transaction: on PostgreSQL that write holds the row's lock, so two
 * saves of one example number their versions one after the other.
 */
export async function recordVersion(
  db: Db,
  exampleId: number,
  action: VersionAction,
  editor: Editor | null,
  at: string,
): Promise<number> {
  const row = await copyIntoVersions(
    db,
    { id: exampleId },
    nextVersion(exampleId),
    editor,
    sql.val(at),
    action,
  )
    .returning('version')
    .executeTakeFirstOrThrow();
  return Number(row.version);
}

/**
 * Version 1 ('import') of each of `ids`, examples an import has just inserted: one statement per
 * 200 ids, copied from the rows themselves (their created_at is when the version was made), the
 * event loop free between them.
 */
export async function recordImportedVersions(db: Db, ids: number[], editor: Editor | null) {
  for (let start = 0; start < ids.length; start += 200) {
    if (start > 0) await yieldToEventLoop();
    await copyIntoVersions(
      db,
      { ids: ids.slice(start, start + 200) },
      sql.lit(1),
      editor,
      'created_at',
      'import',
    ).execute();
  }
}

export type VersionInsert = Insertable<ExampleVersionsTable>;

/** Versions as an import carries them (a history exported with the catalogue), in bulk. */
export async function insertVersions(db: Db, rows: VersionInsert[]) {
  for (let start = 0; start < rows.length; start += 100) {
    if (start > 0) await yieldToEventLoop();
    await db
      .insertInto('example_versions')
      .values(rows.slice(start, start + 100))
      .execute();
  }
}

/** The query of an example's versions, to narrow, order and run. */
function versionsOf(db: Db, exampleId: number) {
  return db
    .selectFrom('example_versions')
    .select(versionColumns)
    .where('example_id', '=', exampleId);
}

/** An example's versions, newest first (empty: the example never existed). */
export function listVersions(db: Db, exampleId: number) {
  return versionsOf(db, exampleId).orderBy('version', 'desc').execute();
}
export type VersionRow = Awaited<ReturnType<typeof listVersions>>[number];

export function getVersion(db: Db, exampleId: number, version: number) {
  return versionsOf(db, exampleId).where('version', '=', version).executeTakeFirst();
}

/** An example's newest version (undefined: it never existed). */
export function newestVersion(db: Db, exampleId: number) {
  return versionsOf(db, exampleId).orderBy('version', 'desc').limit(1).executeTakeFirst();
}

/** Whether the example ever existed: it has at least one version. */
export async function hasVersions(db: Db, exampleId: number): Promise<boolean> {
  return !!(await db
    .selectFrom('example_versions')
    .select('version')
    .where('example_id', '=', exampleId)
    .limit(1)
    .executeTakeFirst());
}

/** The versions of every example in the catalogue (an export of its history), in id and version order. */
export function exportedVersions(db: Db) {
  return db
    .selectFrom('example_versions as v')
    .innerJoin('examples as e', 'e.id', 'v.example_id')
    .select(versionColumns.map((c) => `v.${c}` as const))
    .orderBy('v.example_id')
    .orderBy('v.version')
    .execute();
}

/** Where a page of deleted examples ended: the last one's newest edit and its id. */
export interface DeletedAfter {
  editedAt: string;
  id: number;
}

/**
 * Up to `limit` deleted examples (versions but no examples row), each with its newest version:
 * the newest of those edits first, then by id descending, after `after` when given.
 */
export function listDeleted(db: Db, limit: number, after?: DeletedAfter) {
  let query = db
    .selectFrom('example_versions as v')
    .select(['v.example_id', 'v.version', 'v.question', 'v.edited_at'])
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('examples as e').select('e.id').whereRef('e.id', '=', 'v.example_id'))),
    )
    .where(({ eb, selectFrom }) =>
      eb(
        'v.version',
        '=',
        selectFrom('example_versions as w')
          .select(({ fn }) => fn.max('w.version').as('newest'))
          .whereRef('w.example_id', '=', 'v.example_id'),
      ),
    );
  if (after) {
    query = query.where((eb) =>
      eb.or([
        eb('v.edited_at', '<', after.editedAt),
        eb.and([eb('v.edited_at', '=', after.editedAt), eb('v.example_id', '<', after.id)]),
      ]),
    );
  }
  return query
    .orderBy('v.edited_at', 'desc')
    .orderBy('v.example_id', 'desc')
    .limit(limit)
    .execute();
}
