// Each example's search document (ADR 049), written whenever what it is made of changes: after an
// example is saved or imported, after a category or subject is renamed, described or moved, and
// for every example by the migration that brings a new make-up of the documents. The tokens are
// computed in TypeScript (@exemplar/shared/search) and stored in four columns of examples, which
// SQLite's examples_fts and PostgreSQL's generated examples.search index as they are. Its formula
// index (ADR 050), the structure tokens of its formulas, is written with it into
// example_formula_tokens (an example's own text only: a category's change leaves it as it is).
// Kept below the modules, as the schema's upkeep, so that a migration can call it.
import { formulaIndexTokens, searchDocument, type SearchPlace } from '@exemplar/shared/search';
import type { Kysely } from 'kysely';
import type { Database } from './schema';

type Db = Kysely<Database>;

/** The examples whose documents to write again: these, those in these categories, or all. */
export type SearchRefresh = { ids: number[] } | { categoryIds: number[] } | 'all';

const BATCH = 500;

/** Every category's place: its own, its ancestors' and its subject's names and descriptions. */
async function categoryPlaces(db: Db): Promise<Map<number, SearchPlace>> {
  const [categories, subjects] = await Promise.all([
    db
      .selectFrom('categories')
      .select(['id', 'parent_id', 'subject_id', 'name', 'description'])
      .execute(),
    db.selectFrom('subjects').select(['id', 'name', 'description']).execute(),
  ]);
  const byId = new Map(categories.map((c) => [c.id, c]));
  const subjectById = new Map(subjects.map((s) => [s.id, s]));
  const places = new Map<number, SearchPlace>();
  for (const category of categories) {
    const place: SearchPlace = { names: [], descriptions: [] };
    const seen = new Set<number>();
    for (let c = byId.get(category.id); c && !seen.has(c.id); c = byId.get(c.parent_id ?? -1)) {
      seen.add(c.id);
      place.names.push(c.name);
      place.descriptions.push(c.description);
    }
    const subject = subjectById.get(category.subject_id);
    if (subject) {
      place.names.push(subject.name);
      place.descriptions.push(subject.description);
    }
    places.set(category.id, place);
  }
  return places;
}

/** An example's search document as the columns of examples that hold it. */
export interface SearchColumns {
  search_question: string;
  search_names: string;
  search_answer: string;
  search_rest: string;
}

/**
 * The search document of an example as its columns, for the catalogue's categories and subjects
 * as they are now (read once: an import builds thousands with one reader).
 */
export async function searchColumnsReader(db: Db) {
  const places = await categoryPlaces(db);
  const nowhere: SearchPlace = { names: [], descriptions: [] };
  return (example: {
    question: string;
    answer: string;
    procedure?: string | null;
    category_id: number;
  }): SearchColumns => {
    const doc = searchDocument(
      { ...example, procedure: example.procedure ?? null },
      places.get(example.category_id) ?? nowhere,
    );
    return {
      search_question: doc.question,
      search_names: doc.names,
      search_answer: doc.answer,
      search_rest: doc.rest,
    };
  };
}

/** Rows of example_formula_tokens per insert statement (two parameters each). */
const TOKEN_ROWS_PER_INSERT = 4_000;

/**
 * Writes the formula index of these examples (ADR 050) from their text: their rows deleted and
 * written again, a few thousand rows per statement (an import's thousands of examples in a
 * handful of statements). The tokens of the next statement's examples are worked out while the
 * database writes the last one: on PostgreSQL, a process of its own, the two overlap.
 */
export async function writeFormulaTokens(
  db: Db,
  examples: { id: number; question: string; answer: string; procedure: string | null }[],
): Promise<void> {
  if (examples.length === 0) return;
  for (let start = 0; start < examples.length; start += BATCH) {
    const ids = examples.slice(start, start + BATCH).map((e) => e.id);
    await db.deleteFrom('example_formula_tokens').where('example_id', 'in', ids).execute();
  }
  let writing: Promise<unknown> = Promise.resolve();
  const rows: { token: string; example_id: number }[] = [];
  /** Sends the rows gathered, a statement's worth at a time (all of them at the `end`). */
  const send = async (end = false) => {
    while (rows.length >= TOKEN_ROWS_PER_INSERT || (end && rows.length > 0)) {
      await writing;
      const values = rows.splice(0, TOKEN_ROWS_PER_INSERT);
      writing = db.insertInto('example_formula_tokens').values(values).execute();
      // Its failure is thrown where it is awaited (the next send or the end), not left unhandled.
      writing.catch(() => {});
    }
  };
  for (const [i, e] of examples.entries()) {
    for (const token of formulaIndexTokens(e)) rows.push({ token, example_id: e.id });
    await send();
    // A turn of the event loop now and then: requests waiting are answered.
    if (i % 100 === 99) await new Promise<void>((resolve) => setImmediate(resolve));
  }
  await send(true);
  await writing;
}

/** Writes the formula index of the examples `which` picks (by ids, or all), BATCH at a time. */
export async function refreshFormulaTokens(
  db: Db,
  which: { ids: number[] } | 'all',
): Promise<void> {
  const ids = which === 'all' ? undefined : [...which.ids].sort((a, b) => a - b);
  let after = 0;
  for (let start = 0; ; start += BATCH) {
    let query = db.selectFrom('examples').select(['id', 'question', 'answer', 'procedure']);
    query = ids
      ? query.where('id', 'in', ids.slice(start, start + BATCH))
      : query.where('id', '>', after).limit(BATCH);
    if (ids && start >= ids.length) return;
    const rows = await query.orderBy('id').execute();
    await writeFormulaTokens(db, rows);
    if (ids ? start + BATCH >= ids.length : rows.length < BATCH) return;
    after = rows.at(-1)?.id ?? after;
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

/**
 * Writes the search documents of the examples `which` picks, from their text and their category's
 * place as they are now: after an example is saved, after a category or subject is renamed,
 * described or moved, and for every example when the documents' make-up changes. Examples given
 * by id (a save) get their formula index written with them; a category's change leaves formulas
 * as they are, and a change of the formulas' make-up has its own migration (refreshFormulaTokens
 * 'all', as 016 does), so neither writes them unless `formulas` says so. The event loop
 * answers other requests between batches (on SQLite each statement runs synchronously).
 */
export async function refreshSearchDocuments(
  db: Db,
  which: SearchRefresh,
  { formulas = which !== 'all' && 'ids' in which } = {},
): Promise<void> {
  if (which !== 'all' && Object.values(which)[0]!.length === 0) return;
  const columnsOf = await searchColumnsReader(db);
  // Given ids are taken BATCH at a time (an import's may be more than a statement can bind);
  // otherwise every matching example, BATCH at a time in id order.
  const ids = which !== 'all' && 'ids' in which ? [...which.ids].sort((a, b) => a - b) : undefined;
  let after = 0;
  for (let start = 0; ; start += BATCH) {
    let query = db
      .selectFrom('examples')
      .select(['id', 'question', 'answer', 'procedure', 'category_id']);
    if (ids) query = query.where('id', 'in', ids.slice(start, start + BATCH));
    else {
      query = query.where('id', '>', after).limit(BATCH);
      if (which !== 'all' && 'categoryIds' in which) {
        query = query.where('category_id', 'in', which.categoryIds);
      }
    }
    const rows = await query.orderBy('id').execute();
    for (const row of rows) {
      await db.updateTable('examples').set(columnsOf(row)).where('id', '=', row.id).execute();
    }
    if (formulas) await writeFormulaTokens(db, rows);
    if (ids ? start + BATCH >= ids.length : rows.length < BATCH) return;
    after = rows.at(-1)?.id ?? after;
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}
