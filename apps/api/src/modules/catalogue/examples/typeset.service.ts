// Typeset once (docs/decisions/052-typeset-once.md): an example's formulas are typeset when it is
// saved or imported and kept in typeset_formulas, for the server renderer to use instead of KaTeX.
import { formulasOf, typesetFormulas, type Formula } from '@exemplar/shared/math';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import {
  deleteStaleTypeset,
  exampleTextsAfter,
  readTypeset,
  writeTypeset,
} from './typeset.repository';

type Db = Kysely<Database>;

/** An example's texts that hold maths (the page shows each through renderRichText). */
export interface ExampleTexts {
  question: string;
  answer: string;
  procedure?: string | null;
}

/** Lets the event loop answer other requests between batches (SQLite's awaits never do). */
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Examples typeset between two turns of the event loop (some 10–30 ms of KaTeX). */
const BATCH = 20;

/**
 * What typesets formulas (formulaKey → HTML, those that fail left out): typesetFormulas on this
 * thread, or a thread of its own (the import's: the maths checker's thread).
 */
export type Typesetter = (
  formulas: [string, Formula][],
) => ReadonlyMap<string, string> | Promise<ReadonlyMap<string, string>>;

/**
 * Typesets the formulas of `examples` not kept yet and keeps them: when an example is saved, and
 * for every example an import writes (a batch at a time, the event loop given a turn in between).
 * Returns how many formulas were typeset. `batch` examples go to `typeset` at a time; `signal`
 * stops it between batches.
 */
export async function typesetExamples(
  db: Db,
  examples: readonly ExampleTexts[],
  {
    typeset: typesetter = typesetFormulas,
    batch = BATCH,
    signal,
  }: { typeset?: Typesetter; batch?: number; signal?: AbortSignal } = {},
): Promise<number> {
  let typeset = 0;
  for (let i = 0; i < examples.length; i += batch) {
    if (i > 0) await yieldToEventLoop();
    // The work it belongs to failed (an import rolling back): stop between batches.
    if (signal?.aborted) break;
    const formulas = new Map<string, Formula>();
    for (const example of examples.slice(i, i + batch)) {
      for (const text of [example.question, example.answer, example.procedure ?? '']) {
        for (const [key, formula] of formulasOf(text)) formulas.set(key, formula);
      }
    }
    const kept = await readTypeset(db, formulas.keys());
    const missing = [...formulas].filter(([key]) => !kept.has(key));
    if (missing.length === 0) continue;
    const made = await typesetter(missing);
    await writeTypeset(db, made);
    typeset += made.size;
  }
  return typeset;
}

/**
 * Every example's formulas typeset and kept, and the rows of other typesetter versions deleted:
 * after a KaTeX upgrade or a change of our typesetting (TYPESETTER_VERSION), or for examples
 * written before typesetting was kept (`npm run typeset`; the benchmark's generated catalogue).
 */
export async function typesetCatalogue(db: Db): Promise<{ formulas: number; stale: number }> {
  const stale = await deleteStaleTypeset(db);
  let formulas = 0;
  for (let after = 0; ;) {
    const batch = await exampleTextsAfter(db, after, 500);
    if (batch.length === 0) break;
    formulas += await typesetExamples(db, batch);
    after = batch.at(-1)!.id;
    await yieldToEventLoop();
  }
  return { formulas, stale };
}

/**
 * The kept typesetting as the server renderer reads and fills it (entry-server.tsx's
 * `FormulaStore`): formulaKey → HTML.
 */
export function typesetStore(db: Db) {
  return {
    read: (formulaKeys: Iterable<string>) => readTypeset(db, formulaKeys),
    write: (typeset: ReadonlyMap<string, string>) => writeTypeset(db, typeset),
  };
}
