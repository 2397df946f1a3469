import fs from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import SqliteDatabase from 'libsql';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock';
import type { Database } from './schema';
import { startWalCheckpointer, type WalCheckpointer } from './sqlite-checkpointer';

export type Engine = 'sqlite' | 'postgres';

/** The SQLite database's file name inside DATA_DIR. */
export const SQLITE_FILE = 'exemplar.sqlite';

export interface Db {
  db: Kysely<Database>;
  engine: Engine;
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  /**
   * Refreshes the query planner's statistics (ANALYZE). SQLite has none until asked, and without
   * them it filters a category subtree through the difficulty index (25,000 rows at 100,000
   * examples instead of 1,000): run at start-up and after imports. PostgreSQL's autovacuum keeps
   * them, but a large import is analysed at once rather than whenever autovacuum comes round.
   */
  refreshStatistics(): Promise<void>;
  /** SQLite only: the thread that copies the write-ahead log into the database file. */
  checkpointer?: WalCheckpointer;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  dataDir: string;
  databaseUrl?: string | undefined;
}

// timestamptz and timestamp come back as ISO-8601 strings, as SQLite stores them; int8 (count(*))
// as a number.
pg.types.setTypeParser(1184, (v) => new Date(v).toISOString());
pg.types.setTypeParser(1114, (v) => new Date(`${v}Z`).toISOString());
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));

export function createDatabase(options: DatabaseOptions): Db {
  return options.databaseUrl ? createPostgres(options.databaseUrl) : createSqlite(options.dataDir);
}

function createSqlite(dataDir: string): Db {
  const release = lockDataDir(dataDir);
  const file = path.join(dataDir, SQLITE_FILE);
  let raw: SqliteDatabase.Database;
  let checkpointer: WalCheckpointer;
  try {
    fs.mkdirSync(dataDir, { recursive: true });
    raw = new SqliteDatabase(file);
    raw.pragma('journal_mode = WAL');
    // FULL: a transaction acknowledged to a client survives power loss and kill -9.
    raw.pragma('synchronous = FULL');
    raw.pragma('foreign_keys = ON');
    raw.pragma('busy_timeout = 5000');
    // Checkpoints run on a thread of their own (sqlite-checkpointer.ts), not inside a COMMIT on
    // the event loop; a log reset after one is cut back to 64 MiB.
    raw.pragma('wal_autocheckpoint = 0');
    raw.pragma(`journal_size_limit = ${64 * 1024 * 1024}`);
    const connection = raw;
    checkpointer = startWalCheckpointer(file, {
      onFailure(reason) {
        // Checkpoint on commit again rather than let the log grow without bound.
        connection.pragma('wal_autocheckpoint = 1000');
        process.emitWarning(`SQLite checkpoints are back on the event loop: ${reason}`);
      },
    });
  } catch (err) {
    release();
    throw err;
  }
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: statementCache(raw) }),
  });
  let closed = false;
  return {
    db,
    engine: 'sqlite',
    checkpointer,
    async ping() {
      // On the connection itself, not through Kysely: Kysely queues every query behind an open
      // transaction on SQLite's one connection, so a health check would wait for a whole import.
      raw.prepare('select 1').get();
    },
    async refreshStatistics() {
      await sql`analyze`.execute(db);
    },
    async close() {
      if (closed) return;
      closed = true;
      try {
        // Everything committed goes into the database file before the thread stops.
        await checkpointer.checkpointNow().catch(() => undefined);
        await checkpointer.stop();
        await db.destroy();
      } finally {
        release();
      }
    },
  };
}

/**
 * Kysely prepares every statement it runs; preparing was 10% of a signed-in list request's CPU.
 * The same SQL text (parameters are bound separately) reuses its prepared statement. Safe because
 * Kysely runs one statement at a time on its single SQLite connection.
 */
function statementCache(raw: SqliteDatabase.Database, maxStatements = 500) {
  const statements = new Map<string, SqliteDatabase.Statement>();
  return {
    prepare(text: string) {
      let statement = statements.get(text);
      if (statement) {
        statements.delete(text);
      } else {
        statement = raw.prepare(text);
        if (statements.size >= maxStatements) statements.delete(statements.keys().next().value!);
      }
      statements.set(text, statement);
      return statement;
    },
    close() {
      statements.clear();
      raw.close();
    },
  };
}

function createPostgres(databaseUrl: string): Db {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: 10,
    connectionTimeoutMillis: 5000,
  });
  // An idle client losing its connection must not crash the process.
  pool.on('error', () => undefined);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  let closed = false;
  return {
    db,
    engine: 'postgres',
    async ping() {
      await sql`select 1`.execute(db);
    },
    async refreshStatistics() {
      await sql`analyze examples, categories`.execute(db);
    },
    async close() {
      if (closed) return;
      closed = true;
      await db.destroy();
    },
  };
}
