// The catalogue's own rows (subjects, difficulties, types, categories and the catalogue version) as
// other modules use them: the examples filter, the progress, the sitemap, the health check, the
// admin writes, the import and the demo seed. This module owns those tables; these functions are
// the only way in, each taking the caller's database or transaction.
import type { Kysely } from 'kysely';
import type { Engine } from '../../../db/database';
import type { Database } from '../../../db/schema';
import * as repo from './catalogue.repository';

type Db = Kysely<Database>;

export type { CategoryRow } from './catalogue.repository';
export type { CategoryValues, NamedTable, NamedValues } from './catalogue-writes.repository';
export { toCategory } from './catalogue.presenter';

/**
 * Reads with no rule beyond the query: the lists in display order, a category's subtree, a
 * subject's categories, an id by its name (case-insensitive).
 */
export {
  categoryIdsOfSubject,
  findIdByName,
  listCategories,
  listDifficulties,
  listSubjects,
  listTypes,
  subtreeIds,
} from './catalogue.repository';

/**
 * The writes of single rows, as the admin writes (catalogue/writes) and the import (catalogue/io)
 * call them inside their transactions. The rules (names unique, a category under a parent of its
 * own subject, nothing deleted that examples still use) are the admin writes' own.
 */
export {
  categoryNameTaken,
  countCategoriesWhere,
  deleteCategory,
  deleteNamed,
  getCategory,
  getDifficulty,
  getNamed,
  getSubjectOrType,
  insertCategory,
  insertNamed,
  nameTaken,
  nextPosition,
  updateCategory,
  updateNamed,
} from './catalogue-writes.repository';

/**
 * The catalogue version, bumped by database triggers on every catalogue write ("0" before any):
 * what the visitors' cache and the server-rendered pages are kept per.
 */
export const catalogueVersion = (db: Db): Promise<string> => repo.catalogueVersion(db);

/** True when the catalogue has no subject yet (the demo seed fills an empty catalogue only). */
export const hasSubjects = (db: Db): Promise<boolean> => repo.hasSubjects(db);

/**
 * Waits for, then holds until `trx` ends, the seeding lock, so that instances starting together
 * on one PostgreSQL seed once (SQLite's one writer needs none).
 */
export const holdSeedLock = (trx: Db, engine: Engine): Promise<void> =>
  repo.holdSeedLock(trx, engine);
