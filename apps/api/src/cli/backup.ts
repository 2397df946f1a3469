/**
 * `npm run backup -- [FILE]`: a consistent copy of the database while the server runs
 *   (SQLite: DATA_DIR/backups/exemplar-<time>.sqlite; PostgreSQL: pg_dump custom format, .dump).
 * `npm run restore -- FILE`: puts a backup back (SQLite: with the server stopped; the replaced
 *   file, with its write-ahead log folded in, is kept beside it. PostgreSQL: pg_restore's SQL run
 *   by psql in one transaction). The catalogue version ends above any the replaced database had.
 */
import path from 'node:path';
import { ConfigError, loadConfig } from '../config';
import { postgresBackup, postgresRestore, sqliteBackup, sqliteRestore } from '../db/backup';
import { DataDirLockedError } from '../db/data-dir-lock';

function fail(message: string, code = 1): never {
  console.error(message);
  process.exit(code);
}

async function main() {
  const [command, file, ...rest] = process.argv.slice(2);
  if (
    (command !== 'backup' && command !== 'restore') ||
    rest.length ||
    (command === 'restore' && !file)
  ) {
    fail('Usage: npm run backup -- [FILE]  |  npm run restore -- FILE', 64);
  }
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    fail(err instanceof ConfigError ? err.message : String(err), 78);
  }
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  try {
    if (command === 'backup') {
      const target = path.resolve(
        file ??
          path.join(
            config.dataDir,
            'backups',
            `exemplar-${stamp}.${config.DATABASE_URL ? 'dump' : 'sqlite'}`,
          ),
      );
      if (config.DATABASE_URL) await postgresBackup(config.DATABASE_URL, target);
      else sqliteBackup(config.dataDir, target);
      console.log(`Backup written to ${target}`);
    } else {
      const source = path.resolve(file!);
      if (config.DATABASE_URL) {
        await postgresRestore(config.DATABASE_URL, source);
        console.log(`Restored ${source} into the PostgreSQL database.`);
      } else {
        const kept = sqliteRestore(config.dataDir, source);
        console.log(`Restored ${source}. The replaced database was kept as ${kept}.`);
      }
    }
  } catch (err) {
    if (err instanceof DataDirLockedError) fail(`${err.message} Stop the server before restoring.`);
    fail(
      `${command === 'backup' ? 'Backup' : 'Restore'} failed, nothing was changed: ${err instanceof Error ? err.message : String(err)}`,
    );
  }
}

await main();
