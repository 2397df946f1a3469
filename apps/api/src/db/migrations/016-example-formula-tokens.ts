import { sql, type Kysely } from 'kysely';
import { refreshFormulaTokens } from '../search-documents';
import type { Database } from '../schema';
import type { Migration } from './helpers';

/**
 * Formula search by structure (ADR 050): each example's formula index, the structure tokens of
 * the formulas in its question, answer and procedure and the numbers they are written with
 * (@exemplar/shared/search formulaIndexTokens), one row per (token, example) in a table of its
 * own, keyed by token first so that a query's tokens are looked up in the key. The same on both
 * engines (SQLite without rowids: the key is the table). Every existing example's tokens are then
 * written.
 */
export const exampleFormulaTokens: Migration = {
  name: '016-example-formula-tokens',
  async up(db, engine) {
    await sql`
      create table example_formula_tokens (
        token text not null,
        example_id integer not null references examples(id) on delete cascade,
        primary key (token, example_id)
      )${sql.raw(engine === 'sqlite' ? ' without rowid' : '')}`.execute(db);
    await db.schema
      .createIndex('example_formula_tokens_example_idx')
      .on('example_formula_tokens')
      .column('example_id')
      .execute();
    await refreshFormulaTokens(db as Kysely<Database>, 'all');
  },
};
