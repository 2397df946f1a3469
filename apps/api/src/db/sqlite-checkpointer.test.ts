import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import SqliteDatabase from 'libsql';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDatabase, SQLITE_FILE, type Db } from './database';
import { startWalCheckpointer } from './sqlite-checkpointer';

const dirs: string[] = [];
const handles: Db[] = [];
const tempDir = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'exemplar-checkpoint-'));
  dirs.push(d);
  return d;
};
afterEach(async () => {
  for (const h of handles.splice(0)) await h.close();
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

/**
 * The rows of `blobs` that the database file holds on its own, without its write-ahead log: a
 * copy of the file alone is opened, so only what has been checkpointed into it counts.
 */
function rowsInFileAlone(dataDir: string): number {
  const copy = path.join(tempDir(), 'copy.sqlite');
  fs.copyFileSync(path.join(dataDir, SQLITE_FILE), copy);
  const db = new SqliteDatabase(copy);
  try {
    return (db.prepare('select count(*) as n from blobs').get() as { n: number }).n;
  } finally {
    db.close();
  }
}

/**
 * As `rowsInFileAlone`, for a copy taken while the checkpoint thread may be writing the file: a
 * copy taken halfway through a checkpoint can be torn (SQLite reads it as malformed), which says
 * only that the checkpoint had not finished, so it counts as null and the caller looks again.
 */
function rowsInFileAloneUnlessTorn(dataDir: string): number | null {
  try {
    return rowsInFileAlone(dataDir);
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'SQLITE_CORRUPT' || code === 'SQLITE_NOTADB') return null;
    throw error;
  }
}

/** 1,500 rows of 4,000 bytes in one transaction: about 1,500 pages, past the 1,000-page default. */
async function bigWrite(db: Db) {
  await sql`
    with recursive n(i) as (select 1 union all select i + 1 from n where i < 1500)
    insert into blobs select randomblob(4000) from n`.execute(db.db);
}

async function openWithTable(dataDir: string) {
  const handle = createDatabase({ dataDir });
  handles.push(handle);
  await sql`create table blobs (b blob)`.execute(handle.db);
  await handle.checkpointer!.checkpointNow(); // the table itself is in the file
  return handle;
}

describe('SQLite checkpoints on a thread of their own', () => {
  it('a COMMIT of 1,500 pages leaves them in the write-ahead log (the connection that commits no longer checkpoints) and the checkpoint thread copies them into the file', async () => {
    const dataDir = tempDir();
    const handle = await openWithTable(dataDir);
    await bigWrite(handle);
    // With SQLite's default (checkpoint at 1,000 pages, inside the COMMIT) the file would hold
    // them already.
    expect(rowsInFileAlone(dataDir)).toBe(0);

    const result = await handle.checkpointer!.checkpointNow();
    expect(result.busy).toBe(0);
    expect(result.log).toBeGreaterThanOrEqual(1500);
    expect(result.checkpointed).toBe(result.log);
    expect(rowsInFileAlone(dataDir)).toBe(1500);
  });

  it('checkpoints by itself (every 500 ms) while the event loop goes on reading and writing', async () => {
    const dataDir = tempDir();
    const handle = await openWithTable(dataDir);
    await bigWrite(handle);
    expect(rowsInFileAlone(dataDir)).toBe(0);
    // Waits for the thread's own timer (up to 10 s), reading and writing meanwhile.
    let inFile = 0;
    await vi.waitUntil(
      async () => {
        await sql`insert into blobs values (x'00')`.execute(handle.db);
        inFile = rowsInFileAloneUnlessTorn(dataDir) ?? 0;
        return inFile > 0;
      },
      { timeout: 10_000, interval: 100 },
    );
    expect(inFile).toBeGreaterThanOrEqual(1500);
    const { rows } = await sql<{ n: number }>`select count(*) as n from blobs`.execute(handle.db);
    expect(rows[0]!.n).toBeGreaterThan(1500);
  });

  it('close() checkpoints what is left into the database file and stops the thread', async () => {
    const dataDir = tempDir();
    const handle = await openWithTable(dataDir);
    await bigWrite(handle);
    handles.splice(handles.indexOf(handle), 1);
    await handle.close();
    expect(rowsInFileAlone(dataDir)).toBe(1500);
    await expect(handle.checkpointer!.checkpointNow()).rejects.toThrow(/not running/);
  });

  it('calls onFailure once when its thread cannot open the database, and refuses checkpoints after', async () => {
    const failures: string[] = [];
    const checkpointer = startWalCheckpointer(path.join(tempDir(), 'missing', 'x.sqlite'), {
      onFailure: (reason) => failures.push(reason),
    });
    await vi.waitUntil(() => failures.length > 0, { timeout: 10_000, interval: 10 });
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatch(/^the checkpoint thread (failed|exited)/);
    await expect(checkpointer.checkpointNow()).rejects.toThrow(/not running/);
    await checkpointer.stop();
  });
});
