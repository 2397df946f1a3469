import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'libsql';
import { lockDataDir } from './data-dir-lock';
import { SQLITE_FILE } from './database';

/**
 * Backups of both engines. SQLite: an online, consistent copy with `VACUUM INTO`, which reads
 * a snapshot and writes only the target, so it runs while the server does; restore needs the server stopped (it
 * takes the DATA_DIR lock), checks the copy's integrity, folds the current file's write-ahead log
 * into it, keeps it aside and swaps.
 * PostgreSQL: pg_dump's custom format, and pg_restore --clean in one transaction.
 *
 * Either way a restore leaves the catalogue version above every version the replaced database
 * ever had: instances cache catalogue answers by version, and a version number that came back
 * would serve them answers cached for other data.
 */
export function sqliteBackup(dataDir: string, target: string) {
  const source = path.join(dataDir, SQLITE_FILE);
  if (!fs.existsSync(source)) throw new Error(`No database at ${source}.`);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  if (fs.existsSync(target)) throw new Error(`${target} already exists.`);
  const db = new SqliteDatabase(source);
  try {
    // VACUUM INTO reads one consistent snapshot and writes only the target file.
    db.pragma('busy_timeout = 10000');
    db.prepare('VACUUM INTO ?').run(target);
  } finally {
    db.close();
  }
  checkSqliteFile(target);
}

export function checkSqliteFile(file: string) {
  const db = new SqliteDatabase(file);
  try {
    const rows = db.prepare('pragma integrity_check').all() as { integrity_check: string }[];
    const result = rows.map((r) => r.integrity_check).join('; ');
    if (result !== 'ok') throw new Error(`${file} failed its integrity check: ${result}`);
    db.prepare('select count(*) from schema_migrations').get();
  } finally {
    db.close();
  }
}

/** The catalogue version in an open SQLite file, or 0 when it has none (an empty database). */
function sqliteCatalogueVersion(db: SqliteDatabase.Database): number {
  const table = db
    .prepare("select 1 from sqlite_master where type = 'table' and name = 'catalogue_state'")
    .get();
  if (!table) return 0;
  const row = db.prepare('select version from catalogue_state where id = 1').get() as
    { version: number | bigint } | undefined;
  return Number(row?.version ?? 0);
}

/**
 * Writes every change held in `file`'s write-ahead log into the file itself and returns its
 * catalogue version. Without this, setting the file aside without its -wal would lose the newest
 * writes (the log is only folded in by the next connection, which a kept copy never gets).
 */
function foldWriteAheadLog(file: string): number {
  const db = new SqliteDatabase(file);
  try {
    db.pragma('busy_timeout = 10000');
    const [result] = db.pragma('wal_checkpoint(TRUNCATE)') as { busy: number }[];
    if (result && result.busy !== 0) {
      throw new Error(`${file} is busy: its write-ahead log could not be written into it.`);
    }
    return sqliteCatalogueVersion(db);
  } finally {
    db.close();
  }
}

/** Closing the last connection folds the log in and deletes it; anything left is refused. */
function assertNoWriteAheadLog(file: string) {
  const wal = `${file}-wal`;
  if (fs.existsSync(wal) && fs.statSync(wal).size > 0) {
    throw new Error(`${wal} still holds changes that are not in ${file}.`);
  }
}

/** Returns where the replaced database was kept. */
export function sqliteRestore(dataDir: string, backup: string): string {
  checkSqliteFile(backup);
  const release = lockDataDir(dataDir);
  try {
    const live = path.join(dataDir, SQLITE_FILE);
    const kept = path.join(
      dataDir,
      `${SQLITE_FILE}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`,
    );
    const staged = `${live}.restoring`;
    const liveVersion = fs.existsSync(live) ? foldWriteAheadLog(live) : 0;
    assertNoWriteAheadLog(live);
    fs.copyFileSync(backup, staged);
    const db = new SqliteDatabase(staged);
    try {
      if (liveVersion > 0 && sqliteCatalogueVersion(db) > 0) {
        db.prepare('update catalogue_state set version = max(version, ?) + 1 where id = 1').run(
          liveVersion,
        );
      }
    } finally {
      db.close();
    }
    assertNoWriteAheadLog(staged);
    const fd = fs.openSync(staged, 'r');
    fs.fsyncSync(fd);
    fs.closeSync(fd);
    if (fs.existsSync(live)) fs.renameSync(live, kept);
    for (const suffix of ['-wal', '-shm']) fs.rmSync(`${live}${suffix}`, { force: true });
    fs.renameSync(staged, live);
    return kept;
  } finally {
    release();
  }
}

function run(command: string, args: string[]): Promise<void> {
  return finished(command, spawn(command, args, { stdio: ['ignore', 'inherit', 'pipe'] }));
}

export async function postgresBackup(databaseUrl: string, target: string) {
  fs.mkdirSync(path.dirname(target), { recursive: true });
  if (fs.existsSync(target)) throw new Error(`${target} already exists.`);
  await run('pg_dump', [
    '--format=custom',
    '--no-owner',
    `--file=${target}`,
    `--dbname=${databaseUrl}`,
  ]);
}

/**
 * Before the restored objects replace the live ones: note the live catalogue version, holding the
 * table so that no write can raise it meanwhile (readers go on until it is dropped).
 */
const NOTE_VERSION = `
do $$ begin
  create temp table restore_seen_version (version bigint) on commit drop;
  if to_regclass('catalogue_state') is not null then
    lock table catalogue_state in exclusive mode;
    insert into restore_seen_version select version from catalogue_state;
  end if;
end $$`;
/** After them, in the same transaction: above every version seen. (The dump empties search_path.) */
const RAISE_VERSION = `
reset search_path;
update catalogue_state
  set version = greatest(version, (select coalesce(max(version), 0) from pg_temp.restore_seen_version)) + 1
  where id = 1`;

/**
 * pg_restore writes the backup as SQL to a private temporary file (all of it, or the restore
 * stops here); psql runs it in one transaction between NOTE_VERSION and RAISE_VERSION: either all
 * of it is applied, with a catalogue version never seen before, or nothing is.
 */
export async function postgresRestore(databaseUrl: string, backup: string) {
  if (!fs.existsSync(backup)) throw new Error(`No backup at ${backup}.`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'exemplar-restore-'));
  const script = path.join(dir, 'restore.sql');
  try {
    await run('pg_restore', ['--clean', '--if-exists', '--no-owner', `--file=${script}`, backup]);
    await run('psql', [
      '--no-psqlrc',
      '--quiet',
      '--output=/dev/null',
      '--set=ON_ERROR_STOP=1',
      '--single-transaction',
      `--dbname=${databaseUrl}`,
      `--command=${NOTE_VERSION}`,
      `--file=${script}`,
      `--command=${RAISE_VERSION}`,
    ]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

function finished(command: string, child: ChildProcess): Promise<void> {
  let stderr = '';
  child.stderr?.on('data', (d) => (stderr += d));
  return new Promise((resolve, reject) => {
    child.on('error', (err) => reject(new Error(`${command} could not run: ${err.message}`)));
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} failed (${code}): ${stderr.trim()}`)),
    );
  });
}
