// A throwaway place for a measurement's catalogue: a temporary data directory and, on PostgreSQL,
// a database of its own made through the admin URL (which may create and drop databases).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

async function adminQuery(adminUrl: string, query: string) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(query);
  } finally {
    await admin.end();
  }
}

/**
 * A new data directory (`prefix` in its name) and, for 'postgres', a new database named
 * `${prefix}_${pid}`; `remove` deletes both.
 */
export async function scratchStore(
  engine: 'sqlite' | 'postgres',
  adminUrl: string,
  prefix: string,
): Promise<{ dataDir: string; databaseUrl?: string; remove: () => Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `${prefix.replaceAll('_', '-')}-`));
  const name = `${prefix}_${process.pid}`;
  let databaseUrl: string | undefined;
  if (engine === 'postgres') {
    await adminQuery(adminUrl, `drop database if exists ${name}`); // a run before that failed
    await adminQuery(adminUrl, `create database ${name}`);
    const u = new URL(adminUrl);
    u.pathname = `/${name}`;
    databaseUrl = u.toString();
  }
  return {
    dataDir,
    databaseUrl,
    async remove() {
      fs.rmSync(dataDir, { recursive: true, force: true });
      // WITH (FORCE): a run that failed part-way may leave a server connected.
      if (engine === 'postgres') {
        await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
      }
    },
  };
}

/** The p-th percentile of `xs` (nearest rank, 0 ≤ p ≤ 100). */
export const percentile = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))]!;
