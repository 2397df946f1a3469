import type { ImportReport } from '@exemplar/shared/catalogue-io';
import type { Kysely, Transaction } from 'kysely';
import type { Db } from '../../../db/database';
import type { Database } from '../../../db/schema';
import { badRequest } from '../../../lib/errors';
import { jsonBodyError } from '../../../lib/input-guard';
import type { Editor } from '../examples';
import { exportCatalogue } from './export';
import { writeImport } from './import-writes';
import { mathCheckPool, type ImportBodyRefusal } from './math-check.pool';
import { ImportFormatError, parseImportFile } from './parse';
import { mathFieldsOf, type MathIssuesByText } from './parse-fields';
import { prepareFile, type PreparedFile } from './prepare-file';

class DryRunRollback extends Error {}

export interface ImportOptions {
  dryRun: boolean;
  /** Import examples whose question repeats another's (still listed in the report's `repeats`). */
  allowDuplicate?: boolean;
  actorId?: number | null;
  /** Who imports, recorded with each imported example's version 1 (null: the CLI, the seed). */
  editor?: Editor | null;
  onProgress?: (done: number, total: number) => void;
  clock?: () => Date;
  /** The file's maths already checked (checkImportMaths); checked here when absent. */
  mathIssues?: MathIssuesByText;
  /** How long the maths check may run before the import is refused (the app's `IMPORT_CHECK_TIMEOUT_MS`; 60 s when absent). */
  checkTimeoutMs?: number;
}

/**
 * Checks the maths of every text in an import file (KaTeX over every expression) on the worker
 * thread: a file of many megabytes never holds the event loop, so health checks and other
 * requests are answered meanwhile.
 */
export async function checkImportMaths(
  data: unknown,
  timeoutMs?: number,
): Promise<MathIssuesByText> {
  const texts = mathFieldsOf(data);
  const issues = await mathCheckPool.check(texts, { timeoutMs });
  return new Map(texts.map((t, i) => [t, issues[i]!]));
}

/**
 * Imports a catalogue file (our export, the demo catalogue, or MATH records) in one transaction.
 * Subjects, categories, difficulties and types missing from the catalogue are created by name;
 * examples already there (same source, or same question in the same category) are skipped, so
 * importing a file twice changes nothing. A dry run does all of it and rolls back.
 * `data` is the file already parsed (the CLI, the benchmark); the HTTP route sends the raw body to
 * `importBody` instead.
 */
export async function importCatalogue(
  db: Kysely<Database>,
  data: unknown,
  options: ImportOptions,
): Promise<ImportReport> {
  // Checked before the transaction opens, so no write lock is held while the maths is checked.
  const mathIssues = options.mathIssues ?? (await checkImportMaths(data, options.checkTimeoutMs));
  return importPrepared(db, prepare(data, mathIssues), options);
}

/** The file's records parsed on this thread (its maths already checked on the worker thread). */
function prepare(data: unknown, issuesByText: MathIssuesByText): PreparedFile {
  try {
    return prepareFile(parseImportFile(data, issuesByText));
  } catch (err) {
    if (err instanceof ImportFormatError) throw badRequest(err.message);
    throw err;
  }
}

/**
 * Imports a raw POST /api/admin/import body ({dryRun, data} as JSON bytes). Everything up to the
 * database work runs on the worker thread (decoding, parsing, the input guard's checks, the request
 * schema, the maths, the records), so a body of 32 MiB never holds the event loop; a body refused
 * there gets the same error it got when the event loop did this work.
 */
export async function importBody(
  db: Kysely<Database>,
  body: Buffer,
  options: Omit<ImportOptions, 'dryRun' | 'allowDuplicate' | 'mathIssues'>,
): Promise<ImportReport> {
  const prepared = await mathCheckPool.prepareImport(body, options.checkTimeoutMs);
  if (!prepared.ok) throw refusalError(prepared.refusal);
  return importPrepared(db, prepared.file, {
    ...options,
    dryRun: prepared.dryRun,
    allowDuplicate: prepared.allowDuplicate,
  });
}

/** The error the event loop's own parsing, guard and validation gave for the same body. */
function refusalError(refusal: ImportBodyRefusal): Error {
  if ('json' in refusal) return jsonBodyError(refusal.json);
  if ('text' in refusal) return badRequest(refusal.text);
  if ('format' in refusal) return badRequest(refusal.format);
  if ('failed' in refusal) return new Error(`Preparing the import failed: ${refusal.failed}`);
  // Shaped as fastify-type-provider-zod's validatorCompiler reports zod issues and as Fastify
  // wraps them, so the one error handler answers with the same message and `fields`.
  const validation = (
    refusal.issues as { code: string; path: PropertyKey[]; message: string }[]
  ).map(({ code, path, message, ...params }) => ({
    [Symbol.for('ZodFastifySchemaValidationError')]: true,
    keyword: code,
    instancePath: `/${path.join('/')}`,
    schemaPath: `#/${path.join('/')}/${code}`,
    message,
    params,
  }));
  return Object.assign(new Error('body validation failed'), {
    statusCode: 400,
    code: 'FST_ERR_VALIDATION',
    validation,
    validationContext: 'body',
  });
}

async function importPrepared(
  db: Kysely<Database>,
  file: PreparedFile,
  options: ImportOptions,
): Promise<ImportReport> {
  let report: ImportReport | undefined;
  try {
    await db.transaction().execute(async (trx) => {
      report = await importFile(trx, file, options);
      if (options.dryRun) throw new DryRunRollback();
    });
  } catch (err) {
    if (!(err instanceof DryRunRollback)) throw err;
  }
  return report!;
}

/** The import itself, inside a transaction the caller owns (the demo seed takes a lock first). */
export async function importInto(
  trx: Transaction<Database>,
  data: unknown,
  options: ImportOptions,
): Promise<ImportReport> {
  const issuesByText = options.mathIssues ?? (await checkImportMaths(data));
  return importFile(trx, prepare(data, issuesByText), options);
}

async function importFile(
  trx: Transaction<Database>,
  file: PreparedFile,
  options: ImportOptions,
): Promise<ImportReport> {
  const report: ImportReport = {
    dryRun: options.dryRun,
    format: file.format,
    total: file.total,
    imported: 0,
    duplicates: 0,
    repeats: [],
    failed: file.failed,
    created: { subjects: 0, categories: 0, difficulties: 0, types: 0 },
    failures: file.failures,
  };
  await writeImport(trx, file, report, options, options.clock ?? (() => new Date()));
  return report;
}

/**
 * The import and export as the admin routes serve them: an import body (bytes, checked on the
 * worker thread within `checkTimeoutMs`) to its report and message, with the planner's statistics refreshed after rows
 * were written; the export as its file name and text.
 */
export function catalogueIoService(
  database: Pick<Db, 'db' | 'refreshStatistics'>,
  options: Pick<ImportOptions, 'checkTimeoutMs'> = {},
) {
  return {
    async importBody(body: Buffer, actor: Editor) {
      const report = await importBody(database.db, body, {
        actorId: actor.id,
        editor: actor,
        checkTimeoutMs: options.checkTimeoutMs,
      });
      if (!report.dryRun && report.imported > 0) await database.refreshStatistics();
      const message = report.dryRun
        ? `Dry run: ${report.imported} to import, ${report.duplicates} already there, ${report.failed} refused.`
        : `Imported ${report.imported} examples (${report.duplicates} already there, ${report.failed} refused).`;
      return { report, message };
    },

    async exportFile(options: { versions?: boolean } = {}) {
      const file = await exportCatalogue(database.db, undefined, options);
      return {
        filename: `exemplar-catalogue-${file.exportedAt!.slice(0, 10)}.json`,
        text: JSON.stringify(file, null, 2),
      };
    },
  };
}
