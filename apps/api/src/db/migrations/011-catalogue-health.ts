import type { Migration } from './helpers';

/**
 * `catalogue_health`: the last catalogue health result (GET /api/admin/catalogue-health), kept with
 * the catalogue version it checked, so a restart or another instance answers it instead of
 * checking the whole catalogue again. One row at most: saving a result deletes the others. The
 * result is the answer's JSON (`HealthDone`), read back through its schema.
 */
export const catalogueHealth: Migration = {
  name: '011-catalogue-health',
  async up(db) {
    await db.schema
      .createTable('catalogue_health')
      .addColumn('catalogue_version', 'text', (c) => c.primaryKey())
      .addColumn('result', 'text', (c) => c.notNull())
      .execute();
  },
};
