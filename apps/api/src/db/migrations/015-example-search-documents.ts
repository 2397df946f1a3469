import { sql } from 'kysely';
import { refreshSearchDocuments } from '../search-documents';
import type { Database } from '../schema';
import type { Kysely } from 'kysely';
import type { Migration } from './helpers';

/**
 * Search by stems, synonyms and typos (ADR 049): each example's search document, computed in
 * TypeScript (@exemplar/shared/search), is kept in four columns of examples (question; names of its
 * category, ancestors and subject; answer; procedure and descriptions), and both engines index
 * those tokens as they are. PostgreSQL: the generated tsvector `search` is rebuilt over them
 * ('simple' configuration, weights A to D). SQLite: examples_fts is rebuilt over them (external
 * content, kept in step by triggers on those columns alone), with examples_fts_vocab listing the
 * stems indexed. Every existing example's document is then written.
 */
export const exampleSearchDocuments: Migration = {
  name: '015-example-search-documents',
  async up(db, engine) {
    for (const column of ['search_question', 'search_names', 'search_answer', 'search_rest']) {
      await db.schema
        .alterTable('examples')
        .addColumn(column, 'text', (c) => c.notNull().defaultTo(''))
        .execute();
    }
    if (engine === 'postgres') {
      await sql`drop index if exists examples_search_idx`.execute(db);
      await sql`alter table examples drop column search`.execute(db);
      await sql`
        alter table examples add column search tsvector generated always as (
          setweight(to_tsvector('simple', search_question), 'A') ||
          setweight(to_tsvector('simple', search_names), 'B') ||
          setweight(to_tsvector('simple', search_answer), 'C') ||
          setweight(to_tsvector('simple', search_rest), 'D')
        ) stored`.execute(db);
      await sql`create index examples_search_idx on examples using gin (search)`.execute(db);
    } else {
      for (const trigger of ['insert', 'delete', 'update']) {
        await sql`drop trigger if exists ${sql.raw(`examples_fts_${trigger}`)}`.execute(db);
      }
      await sql`drop table if exists examples_fts`.execute(db);
      await sql`
        create virtual table examples_fts using fts5(
          search_question, search_names, search_answer, search_rest,
          content = 'examples', content_rowid = 'id',
          tokenize = 'unicode61 remove_diacritics 2'
        )`.execute(db);
      await sql`
        create trigger examples_fts_insert after insert on examples begin
          insert into examples_fts(rowid, search_question, search_names, search_answer, search_rest)
          values (new.id, new.search_question, new.search_names, new.search_answer, new.search_rest);
        end`.execute(db);
      await sql`
        create trigger examples_fts_delete after delete on examples begin
          insert into examples_fts(examples_fts, rowid, search_question, search_names, search_answer, search_rest)
          values ('delete', old.id, old.search_question, old.search_names, old.search_answer, old.search_rest);
        end`.execute(db);
      await sql`
        create trigger examples_fts_update
        after update of search_question, search_names, search_answer, search_rest on examples begin
          insert into examples_fts(examples_fts, rowid, search_question, search_names, search_answer, search_rest)
          values ('delete', old.id, old.search_question, old.search_names, old.search_answer, old.search_rest);
          insert into examples_fts(rowid, search_question, search_names, search_answer, search_rest)
          values (new.id, new.search_question, new.search_names, new.search_answer, new.search_rest);
        end`.execute(db);
      await sql`insert into examples_fts(examples_fts) values ('rebuild')`.execute(db);
      await sql`create virtual table examples_fts_vocab using fts5vocab(examples_fts, 'row')`.execute(
        db,
      );
    }
    await refreshSearchDocuments(db as Kysely<Database>, 'all');
  },
};
