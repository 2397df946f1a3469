import { sql } from 'kysely';
import { notNull, timestampType, type Migration } from './helpers';

/** Examples copied into their first version per statement: a range of this many ids. */
const BACKFILL_BATCH = 1000;

/**
 * `example_versions`: every saved state of an example, numbered from 1 per example, so an editor
 * can read, compare and restore any of them. `example_id` is deliberately no foreign key: the
 * history of a deleted example survives it, and a restore brings the example back with its id. The
 * editor is kept by id (set null when the account goes) and by the email and name they had then.
 * The references (difficulty, type, category) are plain ids for the same reason: they may no
 * longer exist, which a restore refuses clearly. Every existing example gets its version 1
 * ('create', no editor, at its updated_at), copied in id ranges.
 */
export const exampleVersions: Migration = {
  name: '009-example-versions',
  async up(db, engine) {
    const ts = timestampType(engine);
    await db.schema
      .createTable('example_versions')
      .addColumn('example_id', 'integer', notNull)
      .addColumn('version', 'integer', (c) => c.notNull().check(sql`version >= 1`))
      .addColumn('question', 'text', notNull)
      .addColumn('answer', 'text', notNull)
      .addColumn('procedure', 'text')
      .addColumn('difficulty_id', 'integer')
      .addColumn('type_id', 'integer')
      .addColumn('category_id', 'integer')
      .addColumn('edited_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('editor_email', 'text')
      .addColumn('editor_name', 'text')
      .addColumn('edited_at', ts, notNull)
      .addColumn('action', 'text', (c) =>
        c.notNull().check(sql`action in ('create', 'edit', 'restore', 'import')`),
      )
      .addPrimaryKeyConstraint('example_versions_pk', ['example_id', 'version'])
      .execute();
    await db.schema
      .createIndex('example_versions_edited_by_idx')
      .on('example_versions')
      .column('edited_by')
      .execute();

    const { top } = (await db
      .selectFrom('examples')
      .select((eb) => eb.fn.max('id').as('top'))
      .executeTakeFirstOrThrow()) as { top: number | null };
    for (let from = 1; from <= Number(top ?? 0); from += BACKFILL_BATCH) {
      await db
        .insertInto('example_versions')
        .columns([
          'example_id',
          'version',
          'question',
          'answer',
          'procedure',
          'difficulty_id',
          'type_id',
          'category_id',
          'edited_at',
          'action',
        ])
        .expression(
          db
            .selectFrom('examples')
            .select([
              'id',
              sql.lit(1).as('version'),
              'question',
              'answer',
              'procedure',
              'difficulty_id',
              'type_id',
              'category_id',
              'updated_at',
              sql.lit('create').as('action'),
            ])
            .where('id', '>=', from)
            .where('id', '<', from + BACKFILL_BATCH),
        )
        .execute();
    }
  },
};
