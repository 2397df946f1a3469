import type { Migration } from './helpers';

/**
 * `typeset_formulas`: formulas typeset once and kept (ADR 052), so that a server render of a page
 * whose maths was typeset before (when its example was saved or imported, or by an earlier render)
 * does not run KaTeX again. `key` is the SHA-256 (hex) of the typesetter version, the display mode
 * and the LaTeX (a formula may be long: PostgreSQL's B-tree refuses keys over a few kilobytes);
 * `html` what renderMath gave for it; `typesetter` the version it was typeset under
 * (TYPESETTER_VERSION), so that the rows of an earlier version can be deleted. A row of another
 * version is never read: its key differs. Empty at first: examples already there are typeset by
 * their first render, or by `npm run typeset` (apps/api/src/cli/typeset.ts).
 */
export const typesetFormulas: Migration = {
  name: '017-typeset-formulas',
  async up(db) {
    await db.schema
      .createTable('typeset_formulas')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('typesetter', 'text', (c) => c.notNull())
      .addColumn('html', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('typeset_formulas_typesetter_idx')
      .on('typeset_formulas')
      .column('typesetter')
      .execute();
  },
};
