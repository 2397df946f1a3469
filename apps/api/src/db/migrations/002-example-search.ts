import { sql } from 'kysely';
import type { Migration } from './helpers';

/**
 * Full-text search over question, answer and procedure (words as written, no stemming, matched by
 * prefix on both engines): a stored tsvector with a GIN index on
 * PostgreSQL; an external-content FTS5 table kept in step by triggers on SQLite.
 */
export const exampleSearch: Migration = {
  name: '002-example-search',
  async up(db, engine) {
    if (engine === 'postgres') {
      await sql`
        alter table examples add column search tsvector generated always as (
          setweight(to_tsvector('simple', question), 'A') ||
          setweight(to_tsvector('simple', answer), 'B') ||
          setweight(to_tsvector('simple', coalesce(procedure, '')), 'C')
        ) stored`.execute(db);
      await sql`create index examples_search_idx on examples using gin (search)`.execute(db);
      return;
    }
    await sql`
      create virtual table examples_fts using fts5(
        question, answer, procedure,
        content = 'examples', content_rowid = 'id',
        tokenize = 'unicode61 remove_diacritics 2'
      )`.execute(db);
    await sql`
      create trigger examples_fts_insert after insert on examples begin
        insert into examples_fts(rowid, question, answer, procedure)
        values (new.id, new.question, new.answer, new.procedure);
      end`.execute(db);
    await sql`
      create trigger examples_fts_delete after delete on examples begin
        insert into examples_fts(examples_fts, rowid, question, answer, procedure)
        values ('delete', old.id, old.question, old.answer, old.procedure);
      end`.execute(db);
    await sql`
      create trigger examples_fts_update after update on examples begin
        insert into examples_fts(examples_fts, rowid, question, answer, procedure)
        values ('delete', old.id, old.question, old.answer, old.procedure);
        insert into examples_fts(rowid, question, answer, procedure)
        values (new.id, new.question, new.answer, new.procedure);
      end`.execute(db);
    await sql`insert into examples_fts(examples_fts) values ('rebuild')`.execute(db);
  },
};
