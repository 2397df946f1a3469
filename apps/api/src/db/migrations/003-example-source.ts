import type { Migration } from './helpers';

/** Where an imported example came from (e.g. "MATH/train/algebra/14"), so re-imports are no-ops. */
export const exampleSource: Migration = {
  name: '003-example-source',
  async up(db) {
    await db.schema.alterTable('examples').addColumn('source_ref', 'text').execute();
    await db.schema
      .createIndex('examples_source_ref_idx')
      .on('examples')
      .column('source_ref')
      .unique()
      .execute();
  },
};
