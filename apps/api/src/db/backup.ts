import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'libsql';
import { lockDataDir } from './data-dir-lock';
import { SQLITE_FILE } from './database';

/**
 * Backups of both engines. SQLite: an online, consistent copy with `VACUUM INTO`, which reads
 * a snapshot and writes only the target, so it runs while the server does; restore needs the server stopped (it
 * takes the DATA_DIR lock), checks the copy's integrity, keeps the current file aside and swaps.
 * PostgreSQL: pg_dump's custom format, and pg_restore --clean in one transaction.
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
    fs.copyFileSync(backup, staged);
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
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'inherit', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', (err) => reject(new Error(`${command} could not run: ${err.message}`)));
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} failed (${code}): ${stderr.trim()}`)),
    );
  });
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

export async function postgresRestore(databaseUrl: string, backup: string) {
  if (!fs.existsSync(backup)) throw new Error(`No backup at ${backup}.`);
  await run('pg_restore', [
    '--clean',
    '--if-exists',
    '--no-owner',
    '--single-transaction',
    `--dbname=${databaseUrl}`,
    backup,
  ]);
}
