// An example's history (example_versions, this module's table) as other modules read and write it:
// the admin's history and restore (catalogue/writes), the export and the import (catalogue/io).
// Saves record their versions themselves (example-saves.service.ts).
import type { ExampleVersion } from '@exemplar/shared/versions';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import { toVersions } from './versions.presenter';
import * as repo from './versions.repository';

type Db = Kysely<Database>;

export type { DeletedAfter, Editor, VersionInsert, VersionRow } from './versions.repository';

/** Example `id`'s versions, newest first, as the API answers them. */
export async function exampleHistory(db: Db, id: number): Promise<ExampleVersion[]> {
  return toVersions(await repo.listVersions(db, id));
}

/** Whether example `id` has a history (a deleted example keeps its own). */
export const hasHistory = (db: Db, id: number): Promise<boolean> => repo.hasVersions(db, id);

/** Version `version` of example `id`, as stored, or undefined. */
export const exampleVersion = (db: Db, id: number, version: number) =>
  repo.getVersion(db, id, version);

/** Example `id`'s newest version, as stored, or undefined. */
export const newestVersion = (db: Db, id: number) => repo.newestVersion(db, id);

/**
 * Up to `limit` deleted examples (a history but no examples row), each with its newest version,
 * the most recently edited first, after `after` when given.
 */
export const deletedExamples = (db: Db, limit: number, after?: repo.DeletedAfter) =>
  repo.listDeleted(db, limit, after);

/** Every example's versions (an export of the history), in id and version order. */
export const exportedVersions = (db: Db) => repo.exportedVersions(db);

/** Version 1 ('import') of each of `ids`, examples an import has just inserted. */
export const recordImportedVersions = (db: Db, ids: number[], editor: repo.Editor | null) =>
  repo.recordImportedVersions(db, ids, editor);

/** The versions an import file carries for the examples it inserted, as they were. */
export const insertVersions = (db: Db, rows: repo.VersionInsert[]) => repo.insertVersions(db, rows);
