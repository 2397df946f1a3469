// What the commands that work on the database with the server stopped share: a failure said in
// one line with its exit code, and the configured database opened (and migrated) or refused.
import { ConfigError, loadConfig } from '../config';
import { createDatabase, type Db } from '../db/database';
import { DataDirLockedError } from '../db/data-dir-lock';
import { migrate } from '../db/migrate';

export function fail(message: string, code = 1): never {
  console.error(message);
  process.exit(code);
}

/**
 * The configured database, migrated. A bad configuration exits 78; a data directory a running
 * server holds exits 1 with `lockedHint` after the lock's message.
 */
export async function openOfflineDatabase(lockedHint: string): Promise<Db> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    fail(err instanceof ConfigError ? err.message : String(err), 78);
  }
  let database;
  try {
    database = createDatabase({ dataDir: config.dataDir, databaseUrl: config.DATABASE_URL });
  } catch (err) {
    if (err instanceof DataDirLockedError) fail(`${err.message} ${lockedHint}`);
    throw err;
  }
  try {
    await migrate(database);
  } catch (err) {
    await database.close();
    throw err;
  }
  return database;
}
