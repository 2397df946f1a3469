import { sql } from 'kysely';
import type { Db } from './database';
import { initial } from './migrations/001-initial';
import { exampleSearch } from './migrations/002-example-search';
import { exampleSource } from './migrations/003-example-source';
import { catalogueVersion } from './migrations/004-catalogue-version';
import { sessionLifetime } from './migrations/005-session-lifetime';
import { answerAttempts } from './migrations/006-answer-attempts';
import { questionKeyColumn } from './migrations/007-question-key';
import { reviews } from './migrations/008-reviews';
import { exampleVersions } from './migrations/009-example-versions';
import { exampleStatus } from './migrations/010-example-status';
import { catalogueHealth } from './migrations/011-catalogue-health';
import { catalogueHealthRun } from './migrations/012-catalogue-health-run';
import { answerSpecs } from './migrations/013-answer-specs';
import { learnerPreferences } from './migrations/014-learner-preferences';
import { exampleSearchDocuments } from './migrations/015-example-search-documents';
import { exampleFormulaTokens } from './migrations/016-example-formula-tokens';
import { typesetFormulas } from './migrations/017-typeset-formulas';
import type { AnyDb, Migration } from './migrations/helpers';

/** Every migration in order. Append only: a migration that has shipped is never edited. */
export const migrations: Migration[] = [
  initial,
  exampleSearch,
  exampleSource,
  catalogueVersion,
  sessionLifetime,
  answerAttempts,
  questionKeyColumn,
  reviews,
  exampleVersions,
  exampleStatus,
  catalogueHealth,
  catalogueHealthRun,
  answerSpecs,
  learnerPreferences,
  exampleSearchDocuments,
  exampleFormulaTokens,
  typesetFormulas,
];

export class MigrationError extends Error {
  constructor(
    public readonly migration: string,
    cause: unknown,
  ) {
    super(
      `Migration ${migration} failed: ${cause instanceof Error ? cause.message : String(cause)}`,
      {
        cause,
      },
    );
    this.name = 'MigrationError';
  }
}

// Any 64-bit constant: held while migrating so two instances starting at once do not race.
const PG_MIGRATION_LOCK = 731_204_517;

/**
 * Applies pending migrations, all of them in one transaction: either the schema reaches the newest
 * version or nothing changes. Returns the names applied.
 */
export async function migrate(
  { db, engine }: Db,
  list: Migration[] = migrations,
): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    const tx = trx as unknown as AnyDb;
    if (engine === 'postgres') {
      await sql`select pg_advisory_xact_lock(${PG_MIGRATION_LOCK})`.execute(tx);
    }
    await tx.schema
      .createTable('schema_migrations')
      .ifNotExists()
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('applied_at', 'text', (c) => c.notNull())
      .execute();
    const done = new Set(
      (await tx.selectFrom('schema_migrations').select('name').execute()).map(
        (r: { name: string }) => r.name,
      ),
    );
    const applied: string[] = [];
    for (const migration of list) {
      if (done.has(migration.name)) continue;
      try {
        await migration.up(tx, engine);
      } catch (err) {
        throw new MigrationError(migration.name, err);
      }
      await tx
        .insertInto('schema_migrations')
        .values({ name: migration.name, applied_at: new Date().toISOString() })
        .execute();
      applied.push(migration.name);
    }
    return applied;
  });
}
