import { sql } from 'kysely';
import type { Migration } from './helpers';

/**
 * `examples.status`: 'published' (seen by everyone) or 'draft' (seen only by editors). Every
 * example that exists is published. Readers other than editors filter on
 * `status = 'published'`, so the list's filters get composite indexes that lead with the status:
 * a count of a category's published examples stays an index-only read.
 */
export const exampleStatus: Migration = {
  name: '010-example-status',
  async up(db) {
    await db.schema
      .alterTable('examples')
      .addColumn('status', 'text', (c) =>
        c
          .notNull()
          .defaultTo('published')
          .check(sql`status in ('draft', 'published')`),
      )
      .execute();
    for (const column of ['category_id', 'difficulty_id', 'type_id'] as const) {
      await db.schema
        .createIndex(`examples_status_${column.replace('_id', '')}_idx`)
        .on('examples')
        .columns(['status', column])
        .execute();
    }
  },
};
