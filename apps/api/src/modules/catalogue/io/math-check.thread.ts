/**
 * The maths checker's worker thread (the import's and the catalogue health check's). It answers
 * three kinds of job:
 * - `check`: for each text, the first few issues that stop its maths rendering (a TeX command left
 *   in prose counts only when the job asks, as the catalogue health check does) and how many
 *   there are in all. The list is cut short so a hostile text with thousands of unclosed
 *   delimiters costs little to send back to the event loop and report.
 * - `prepare`: an import request body as raw bytes, taken through everything the event loop used
 *   to do with it: UTF-8 decoding and JSON parsing, the input guard's checks, the request schema,
 *   the maths check and the parsing of every record. What the database work needs comes back in
 *   parts of about 500,000 characters (or 200 items), each once the event loop asks for the next, then a last
 *   message with the rest of the report.
 * - `typeset`: formulas of an import typeset (typesetFormulas), to be kept (ADR 052).
 */
import os from 'node:os';
import { parentPort } from 'node:worker_threads';
import { ImportRequestSchema } from '@exemplar/shared/catalogue-io';
import {
  checkMath,
  typesetFormulas,
  type Formula,
  type RenderVerdicts,
} from '@exemplar/shared/math';
import { parseJsonBody, problemIn } from '../../../lib/input-guard.checks';
import {
  MAX_ISSUES_PER_TEXT,
  type ImportBodyRefusal,
  type TextIssues,
  type ThreadMessage,
} from './math-check.pool';
import { ImportFormatError, parseImportFile, type ImportExample } from './parse';
import { mathFieldsOf } from './parse-fields';
import { prepareFile, type Declared } from './prepare-file';

// Lowest CPU priority for this thread only (Linux gives each thread its own nice value): on a busy
// machine the event loop answering requests goes first; the import just takes longer.
try {
  os.setPriority(0, os.constants.priority.PRIORITY_LOW);
} catch {
  // not permitted here: run at normal priority
}

const PART_CHARS = 500_000;
const PART_ITEMS = 200;

const send = (message: ThreadMessage) => parentPort!.postMessage(message);

/**
 * KaTeX's verdict on each expression checked lately: a catalogue repeats many expressions, and
 * a health check of 100,000 examples renders each distinct one once. Emptied when it grows past
 * VERDICTS_MAX entries (or an expression's worth of characters), which bounds its memory.
 */
const verdicts: RenderVerdicts = new Map();
const VERDICTS_MAX = 200_000;

function checkText(text: string, bareLatex = false): TextIssues {
  if (verdicts.size > VERDICTS_MAX) verdicts.clear();
  const found = checkMath(text, verdicts);
  const all = bareLatex ? found : found.filter((i) => i.kind !== 'bare-latex');
  return { issues: all.slice(0, MAX_ISSUES_PER_TEXT), total: all.length };
}

/**
 * The answers of the job under way not sent yet: one is sent each time the event loop asks for the
 * next (after it has handled the last), so they are never queued up on its side and received all
 * in one go.
 */
const waiting: ThreadMessage[] = [];

/** `items` in parts of at most PART_ITEMS items or about PART_CHARS characters. */
function inParts<T>(
  id: number,
  key: 'declared' | 'examples',
  items: T[],
  size: (item: T) => number,
) {
  let start = 0;
  let chars = 0;
  for (let i = 0; i < items.length; i++) {
    chars += size(items[i]!);
    if (chars >= PART_CHARS || i + 1 - start >= PART_ITEMS) {
      waiting.push({ id, kind: 'part', [key]: items.slice(start, i + 1) });
      start = i + 1;
      chars = 0;
    }
  }
  if (start < items.length) waiting.push({ id, kind: 'part', [key]: items.slice(start) });
}

/** The same checks, in the same order, as the event loop ran on a parsed body. */
function prepare(id: number, bytes: ArrayBuffer): void {
  const refuse = (refusal: ImportBodyRefusal) => send({ id, kind: 'refused', refusal });
  const parsed = parseJsonBody(new Uint8Array(bytes));
  if (!parsed.ok) return refuse({ json: parsed.refusal });
  const problem = problemIn(parsed.value);
  if (problem) return refuse({ text: problem });
  const request = ImportRequestSchema.safeParse(parsed.value);
  if (!request.success) return refuse({ issues: request.error.issues });
  const data = request.data.data;
  const issuesByText = new Map(mathFieldsOf(data).map((t) => [t, checkText(t)]));
  let file;
  try {
    file = prepareFile(parseImportFile(data, issuesByText));
  } catch (err) {
    if (err instanceof ImportFormatError) return refuse({ format: err.message });
    throw err;
  }
  const { declared, examples, ...rest } = file;
  waiting.length = 0;
  inParts<Declared>(id, 'declared', declared, (d) => d.name.length + d.description.length + 50);
  inParts<ImportExample>(
    id,
    'examples',
    examples,
    (e) => e.question.length + e.answer.length + (e.procedure?.length ?? 0) + e.ref.length + 200,
  );
  waiting.push({
    id,
    kind: 'prepared',
    dryRun: request.data.dryRun,
    allowDuplicate: request.data.allowDuplicate ?? false,
    ...rest,
  });
  send(waiting.shift()!);
}

parentPort!.on(
  'message',
  (
    message: { id: number } & (
      | { kind: 'check'; texts: string[]; bareLatex: boolean }
      | { kind: 'prepare'; body: ArrayBuffer }
      | { kind: 'typeset'; formulas: [string, Formula][] }
      | { kind: 'next' }
    ),
  ) => {
    if (message.kind === 'next') {
      if (waiting[0]?.id === message.id) send(waiting.shift()!);
      return;
    }
    if (message.kind === 'check') {
      const issues = message.texts.map((t) => checkText(t, message.bareLatex));
      send({ id: message.id, kind: 'issues', issues });
      return;
    }
    if (message.kind === 'typeset') {
      send({ id: message.id, kind: 'typeset', typeset: typesetFormulas(message.formulas) });
      return;
    }
    try {
      prepare(message.id, message.body);
    } catch (err) {
      waiting.length = 0;
      // An unexpected failure is the import's, not the thread's: it answers the next job.
      send({
        id: message.id,
        kind: 'refused',
        refusal: { failed: err instanceof Error ? err.message : String(err) },
      });
    }
  },
);
