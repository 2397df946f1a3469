import { sql } from 'kysely';
import type { Migration } from './helpers';

const CATALOGUE_TABLES = ['subjects', 'categories', 'difficulties', 'types', 'examples'] as const;

/**
 * A version number that every change to the catalogue bumps, kept by triggers so that no write
 * path can forget it. Every instance reads it to know whether a cached catalogue response is
 * still current, so a write on one instance is seen at once on all of them.
 */
export const catalogueVersion: Migration = {
  name: '004-catalogue-version',
  async up(db, engine) {
    await db.schema
      .createTable('catalogue_state')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('version', 'bigint', (c) => c.notNull())
      .execute();
    await db.insertInto('catalogue_state').values({ id: 1, version: 1 }).execute();
    if (engine === 'postgres') {
      await sql`
        create function bump_catalogue_version() returns trigger language plpgsql as $$
        begin
          update catalogue_state set version = version + 1 where id = 1;
          return null;
        end $$`.execute(db);
      for (const table of CATALOGUE_TABLES) {
        await sql`
          create trigger ${sql.raw(`${table}_bump_version`)}
          after insert or update or delete or truncate on ${sql.table(table)}
          for each statement execute function bump_catalogue_version()`.execute(db);
      }
      return;
    }
    for (const table of CATALOGUE_TABLES) {
      for (const event of ['insert', 'update', 'delete']) {
        await sql`
          create trigger ${sql.raw(`${table}_bump_version_${event}`)}
          after ${sql.raw(event)} on ${sql.table(table)}
          begin update catalogue_state set version = version + 1 where id = 1; end`.execute(db);
      }
    }
  },
};
