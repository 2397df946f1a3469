/**
 * `npm run typeset`: typesets every example's formulas not kept yet and keeps them
 * (typeset_formulas, docs/decisions/052-typeset-once.md), and deletes those typeset under another
 * typesetter version. For after a KaTeX upgrade or a change of our typesetting (TYPESETTER_VERSION),
 * or for examples written before typesetting was kept; without it they are typeset by their pages'
 * first renders, and kept then. With the server stopped on SQLite (the data directory is locked).
 */
import { typesetCatalogue } from '../modules/catalogue/examples';
import { openOfflineDatabase } from './offline-database';

const database = await openOfflineDatabase('Stop the server first.');
try {
  const started = performance.now();
  const { formulas, stale } = await typesetCatalogue(database.db);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`Typeset ${formulas} formulas in ${seconds} s; deleted ${stale} of older versions.`);
} finally {
  await database.close();
}
