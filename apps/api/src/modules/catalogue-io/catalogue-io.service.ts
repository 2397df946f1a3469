import type {
  CatalogueFile,
  CatalogueFileCategory,
  ImportReport,
} from '@exemplar/shared/catalogue-io';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { badRequest } from '../../lib/errors';
import { jsonBodyError } from '../../lib/input-guard';
import { recordAudit } from '../audit/audit.repository';
import * as repo from './catalogue-io.repository';
import { mathCheckPool, type ImportBodyRefusal } from './math-check.pool';
import {
  ImportFormatError,
  mathFieldsOf,
  parseImportFile,
  prepareFile,
  type MathIssuesByText,
  type PreparedFile,
} from './parse';

const CANONICAL_DIFFICULTIES = ['easy', 'intermediate', 'hard', 'insane'];
const key = (s: string) => s.trim().toLowerCase();

class DryRunRollback extends Error {}

export interface ImportOptions {
  dryRun: boolean;
  actorId?: number | null;
  onProgress?: (done: number, total: number) => void;
  clock?: () => Date;
  /** The file's maths already checked (checkImportMaths); checked here when absent. */
  mathIssues?: MathIssuesByText;
}

/**
 * Checks the maths of every text in an import file (KaTeX over every expression) on the worker
 * thread: a file of many megabytes never holds the event loop, so health checks and other
 * requests are answered meanwhile.
 */
export async function checkImportMaths(data: unknown): Promise<MathIssuesByText> {
  const texts = mathFieldsOf(data);
  const issues = await mathCheckPool.check(texts);
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
  const mathIssues = options.mathIssues ?? (await checkImportMaths(data));
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
  options: Omit<ImportOptions, 'dryRun' | 'mathIssues'>,
): Promise<ImportReport> {
  const prepared = await mathCheckPool.prepareImport(body);
  if (!prepared.ok) throw refusalError(prepared.refusal);
  return importPrepared(db, prepared.file, { ...options, dryRun: prepared.dryRun });
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
    failed: file.failed,
    created: { subjects: 0, categories: 0, difficulties: 0, types: 0 },
    failures: file.failures,
  };
  await run(trx, file, report, options, options.clock ?? (() => new Date()));
  return report;
}

/**
 * Lets the event loop answer other requests. On SQLite every statement runs synchronously and the
 * awaits between them are microtasks, which never give the event loop a turn.
 */
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

async function run(
  trx: Transaction<Database>,
  parsed: PreparedFile,
  report: ImportReport,
  options: ImportOptions,
  clock: () => Date,
) {
  const at = clock().toISOString();
  const subjects = new Map((await repo.loadSubjects(trx)).map((s) => [key(s.name), s.id]));
  const difficulties = await repo.loadDifficulties(trx);
  const difficultyIds = new Map(difficulties.map((d) => [key(d.name), d.id]));
  let maxRank = Math.max(-1, ...difficulties.map((d) => d.rank));
  const types = new Map((await repo.loadTypes(trx)).map((t) => [key(t.name), t.id]));
  const categories = new Map<string, number>();
  const nextPosition = new Map<string, number>();
  const slot = (subjectId: number, parentId: number | null) => `${subjectId}:${parentId ?? 'root'}`;
  for (const c of await repo.loadCategories(trx)) {
    const s = slot(c.subject_id, c.parent_id);
    categories.set(`${s}:${key(c.name)}`, c.id);
    nextPosition.set(s, Math.max(nextPosition.get(s) ?? 0, c.position + 1));
  }

  const subjectId = async (name: string, description = '') => {
    let id = subjects.get(key(name));
    if (id === undefined) {
      id = await repo.insertNamed(trx, 'subjects', { name, description }, at);
      subjects.set(key(name), id);
      report.created.subjects++;
    }
    return id;
  };
  const difficultyId = async (name: string, description = '') => {
    let id = difficultyIds.get(key(name));
    if (id === undefined) {
      const canonical = CANONICAL_DIFFICULTIES.indexOf(key(name));
      const rank = difficulties.length === 0 && canonical >= 0 ? canonical : ++maxRank;
      maxRank = Math.max(maxRank, rank);
      id = await repo.insertNamed(trx, 'difficulties', { name, description, rank }, at);
      difficultyIds.set(key(name), id);
      report.created.difficulties++;
    }
    return id;
  };
  const typeId = async (name: string, description = '') => {
    let id = types.get(key(name));
    if (id === undefined) {
      id = await repo.insertNamed(trx, 'types', { name, description }, at);
      types.set(key(name), id);
      report.created.types++;
    }
    return id;
  };
  const categoryId = async (
    subject: number,
    parentId: number | null,
    name: string,
    description = '',
  ) => {
    const s = slot(subject, parentId);
    let id = categories.get(`${s}:${key(name)}`);
    if (id === undefined) {
      const position = nextPosition.get(s) ?? 0;
      nextPosition.set(s, position + 1);
      id = await repo.insertCategory(
        trx,
        { subjectId: subject, parentId, name, description, position },
        at,
      );
      categories.set(`${s}:${key(name)}`, id);
      report.created.categories++;
    }
    return id;
  };

  // What the file declares, in its order (so an export imports back identically).
  const ids: number[] = [];
  let subject = 0;
  for (const [i, d] of parsed.declared.entries()) {
    if (d.kind === 'subject') ids[i] = subject = await subjectId(d.name, d.description);
    else if (d.kind === 'category')
      ids[i] = await categoryId(
        subject,
        d.parent < 0 ? null : ids[d.parent]!,
        d.name,
        d.description,
      );
    else if (d.kind === 'difficulty') ids[i] = await difficultyId(d.name, d.description);
    else ids[i] = await typeId(d.name, d.description);
    if (i % 100 === 99) await yieldToEventLoop();
  }

  const seenRefs = new Set<string>();
  const questions = new Map<number, Set<string>>();
  const rows: repo.ExampleInsert[] = [];
  for (const [i, e] of parsed.examples.entries()) {
    const subject = await subjectId(e.subject);
    let parent: number | null = null;
    for (const name of e.category) parent = await categoryId(subject, parent, name);
    const category = parent!;
    let known = questions.get(category);
    if (!known) {
      known = new Set(await repo.questionsIn(trx, category));
      questions.set(category, known);
    }
    const duplicate = e.sourceRef
      ? seenRefs.has(e.sourceRef) || (await repo.sourceRefExists(trx, e.sourceRef))
      : known.has(e.question);
    if (duplicate) {
      report.duplicates++;
    } else {
      if (e.sourceRef) seenRefs.add(e.sourceRef);
      known.add(e.question);
      rows.push({
        question: e.question,
        answer: e.answer,
        procedure: e.procedure,
        difficulty_id: await difficultyId(e.difficulty),
        type_id: await typeId(e.type),
        category_id: category,
        created_by: options.actorId ?? null,
        source_ref: e.sourceRef,
        created_at: e.createdAt ?? at,
        updated_at: e.createdAt ?? at,
      });
      report.imported++;
    }
    if (i % 100 === 99) {
      options.onProgress?.(i + 1, parsed.examples.length);
      await yieldToEventLoop();
    }
  }
  await repo.insertExamples(trx, rows);
  options.onProgress?.(parsed.examples.length, parsed.examples.length);
  await recordAudit(trx, {
    actorId: options.actorId ?? null,
    action: 'catalogue.import',
    targetType: 'catalogue',
    targetId: null,
    details: {
      format: report.format,
      imported: report.imported,
      duplicates: report.duplicates,
      failed: report.failed,
      created: report.created,
    },
    at,
  });
}

/** The whole catalogue as one file that imports back identically. */
export async function exportCatalogue(
  db: Kysely<Database>,
  clock: () => Date = () => new Date(),
): Promise<CatalogueFile> {
  const [subjects, categories, difficulties, types, examples] = await Promise.all([
    repo.loadSubjects(db),
    repo.loadCategories(db),
    repo.loadDifficulties(db),
    repo.loadTypes(db),
    repo.exportExamples(db),
  ]);
  const byId = new Map(categories.map((c) => [c.id, c]));
  const children = new Map<string, typeof categories>();
  for (const c of categories) {
    const k = `${c.subject_id}:${c.parent_id ?? 'root'}`;
    children.set(k, [...(children.get(k) ?? []), c]);
  }
  const tree = (subjectId: number, parentId: number | null): CatalogueFileCategory[] =>
    (children.get(`${subjectId}:${parentId ?? 'root'}`) ?? []).map((c) => ({
      name: c.name,
      description: c.description,
      children: tree(subjectId, c.id),
    }));
  const subjectName = new Map(subjects.map((s) => [s.id, s.name]));
  const path = (categoryId: number): string[] => {
    const names: string[] = [];
    for (
      let c = byId.get(categoryId);
      c;
      c = c.parent_id === null ? undefined : byId.get(c.parent_id)
    )
      names.unshift(c.name);
    return names;
  };
  return {
    format: 'exemplar-catalogue',
    version: 1,
    exportedAt: clock().toISOString(),
    subjects: subjects.map((s) => ({
      name: s.name,
      description: s.description,
      categories: tree(s.id, null),
    })),
    difficulties: difficulties.map((d) => ({ name: d.name, description: d.description })),
    types: types.map((t) => ({ name: t.name, description: t.description })),
    examples: examples.map((e) => ({
      subject: subjectName.get(byId.get(e.category_id)!.subject_id)!,
      category: path(e.category_id),
      difficulty: e.difficulty,
      type: e.type,
      question: e.question,
      answer: e.answer,
      procedure: e.procedure,
      sourceRef: e.source_ref,
      createdAt: e.created_at,
    })),
  };
}
