/**
 * `npm run typeset`: typesets every example's formulas not kept yet and keeps them
 * (typeset_formulas, docs/decisions/052-typeset-once.md), and deletes those typeset under another
 * typesetter version. For after a KaTeX upgrade or a change of our typesetting (TYPESETTER_VERSION),
 * or for examples written before typesetting was kept; without it they are typeset by their pages'
 * first renders, and kept then. With the server stopped on SQLite (the data directory is locked).
 */
import { ConfigError, loadConfig } from '../config';
import { createDatabase } from '../db/database';
import { DataDirLockedError } from '../db/data-dir-lock';
import { migrate } from '../db/migrate';
import { typesetCatalogue } from '../modules/catalogue/examples';

function fail(message: string, code = 1): never {
  console.error(message);
  process.exit(code);
}

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
  if (err instanceof DataDirLockedError) fail(`${err.message} Stop the server first.`);
  throw err;
}
try {
  await migrate(database);
  const started = performance.now();
  const { formulas, stale } = await typesetCatalogue(database.db);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`Typeset ${formulas} formulas in ${seconds} s; deleted ${stale} of older versions.`);
} finally {
  await database.close();
}
