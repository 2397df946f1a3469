// The database work of an import, inside the transaction catalogue-io.service.ts opens: the names
// the file declares and uses are found or created, then the examples not already there inserted.
import type { ImportReport } from '@exemplar/shared/catalogue-io';
import { questionKey } from '@exemplar/shared/math';
import type { Transaction } from 'kysely';
import type { Database } from '../../../db/schema';
import { recordAudit } from '../../audit';
import {
  insertVersions,
  recordImportedVersions,
  searchColumnsReader,
  writeFormulaTokens,
  specColumn,
  testAnswersColumn,
  typesetExamples,
} from '../examples';
import { insertNamed } from '../taxonomy';
import { historyRows } from './import-history';
import { mathCheckPool } from './math-check.pool';
import * as repo from './catalogue-io.repository';
import type { ImportOptions } from './catalogue-io.service';
import type { PreparedFile } from './prepare-file';

/** Examples whose formulas go to the maths checker's thread in one typesetting job. */
const TYPESET_BATCH = 100;

const CANONICAL_DIFFICULTIES = ['easy', 'intermediate', 'hard', 'insane'];
const key = (s: string) => s.trim().toLowerCase();

/**
 * Lets the event loop answer other requests. On SQLite every statement runs synchronously and the
 * awaits between them are microtasks, which never give the event loop a turn.
 */
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Writes `parsed` into the catalogue and counts what it did in `report`: subjects, categories,
 * difficulties and types missing from the catalogue are created by name, examples already there
 * (same source, or same question in the same category) are skipped, and so are examples whose
 * question repeats another's (equal questionKey, in the catalogue or earlier in the file) unless
 * the options allow duplicates; those are listed in `report.repeats`. Each example imported gets
 * its version 1 ('import'), or keeps the history the file carries for it (import-history.ts). The
 * import is audited.
 */
export async function writeImport(
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

  /** The id of the subject, difficulty or type named `name`, created (and counted) when missing. */
  const namedId =
    (
      table: 'subjects' | 'difficulties' | 'types',
      ids: Map<string, number>,
      rankOf?: (name: string) => number,
    ) =>
    async (name: string, description = '') => {
      let id = ids.get(key(name));
      if (id === undefined) {
        const rank = rankOf?.(name);
        id = await insertNamed(trx, table, { name, description, rank }, at);
        ids.set(key(name), id);
        report.created[table]++;
      }
      return id;
    };
  const subjectId = namedId('subjects', subjects);
  const difficultyId = namedId('difficulties', difficultyIds, (name) => {
    const canonical = CANONICAL_DIFFICULTIES.indexOf(key(name));
    const rank = difficulties.length === 0 && canonical >= 0 ? canonical : ++maxRank;
    maxRank = Math.max(maxRank, rank);
    return rank;
  });
  const typeId = namedId('types', types);
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
  /** The file position of the first example of the file with each question key. */
  const fileKeys = new Map<string, number>();
  const rows: repo.ExampleInsert[] = [];
  /** The history each row of `rows` carries (an export with ?versions=true), by position. */
  const histories: (typeof parsed.examples)[number]['history'][] = [];
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
    const qKey = questionKey(e.question);
    let repeat: ImportReport['repeats'][number] | undefined;
    if (!duplicate) {
      const repeatsIndex = fileKeys.get(qKey) ?? null;
      const existingId =
        repeatsIndex === null ? await repo.exampleWithQuestionKey(trx, qKey) : null;
      if (repeatsIndex !== null || existingId !== null) {
        repeat = {
          index: e.index,
          ref: e.ref,
          existingId,
          repeatsIndex,
          imported: options.allowDuplicate === true,
        };
        report.repeats.push(repeat);
      }
    }
    if (duplicate || (repeat && !repeat.imported)) {
      report.duplicates++;
    } else {
      if (e.sourceRef) seenRefs.add(e.sourceRef);
      known.add(e.question);
      if (!fileKeys.has(qKey)) fileKeys.set(qKey, e.index);
      rows.push({
        question: e.question,
        question_key: qKey,
        answer: e.answer,
        procedure: e.procedure,
        difficulty_id: await difficultyId(e.difficulty),
        type_id: await typeId(e.type),
        category_id: category,
        created_by: options.actorId ?? null,
        source_ref: e.sourceRef,
        status: e.status,
        answer_spec: specColumn(e.answerSpec),
        test_answers: testAnswersColumn(e.testAnswers),
        created_at: e.createdAt ?? at,
        updated_at: e.createdAt ?? at,
      });
      histories.push(e.history);
      report.imported++;
    }
    if (i % 100 === 99) {
      options.onProgress?.(i + 1, parsed.examples.length);
      await yieldToEventLoop();
    }
  }
  // Each row with its search document, for the categories as the import left them.
  const searchColumnsOf = await searchColumnsReader(trx);
  for (const [i, row] of rows.entries()) {
    Object.assign(row, searchColumnsOf(row));
    if (i % 100 === 99) await yieldToEventLoop();
  }
  const writeRows = async () => {
    const ids = await repo.insertExamples(trx, rows);
    // And its formula index, for every new row at once.
    await writeFormulaTokens(
      trx,
      ids.map((id, i) => ({ id, ...rows[i]!, procedure: rows[i]!.procedure ?? null })),
    );
    return ids;
  };
  // Their formulas typeset once and kept, for the server renderer (ADR 052), unless this is a dry
  // run (rolled back): KaTeX runs on the maths checker's thread meanwhile, TYPESET_BATCH examples
  // a job. Both finish (or fail) before the transaction goes on; the typesetting stops at its
  // next batch when the rows fail.
  const failed = new AbortController();
  const [written, typeset] = await Promise.allSettled([
    writeRows().catch((err: unknown) => {
      failed.abort();
      throw err;
    }),
    options.dryRun
      ? 0
      : typesetExamples(trx, rows, {
          typeset: (formulas) => mathCheckPool.typeset(formulas, options.checkTimeoutMs),
          batch: TYPESET_BATCH,
          signal: failed.signal,
        }),
  ]);
  if (written.status === 'rejected') throw written.reason;
  if (typeset.status === 'rejected') throw typeset.reason;
  const made = written.value;
  const withHistory = made.flatMap((id, i) => (histories[i]?.length ? [i] : []));
  await recordImportedVersions(
    trx,
    made.filter((_, i) => !histories[i]?.length),
    options.editor ?? null,
  );
  if (withHistory.length) {
    const lookup = { subjects, categories, difficulties: difficultyIds, types, slot, key };
    await insertVersions(
      trx,
      withHistory.flatMap((i) =>
        historyRows(made[i]!, rows[i]!, histories[i]!, lookup, options.editor ?? null, at),
      ),
    );
  }
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
      repeats: report.repeats.length,
      repeatsImported: report.repeats.filter((r) => r.imported).length,
      failed: report.failed,
      created: report.created,
    },
    at,
  });
}
