// An answer's maths read into its parts, or the reason it cannot be (a message for the learner);
// stored answers remembered once read, and their plain text for one the checker cannot read.
import type { AnswerSpec } from '@exemplar/shared/answer-spec';
import type { Part } from './answer-parts';
import { Refusal, Unreadable } from './evaluate';
import { MAX_STORED_CHARS, preParseRefusal } from './guards';
import { mathOf } from './latex-text';
import { notReadable, READ_ADVICE } from './messages';
import { parseAnswer } from './parse-answer';
import { guardValues } from './sample-points';
import { unitWordsIntoMaths } from './stored-text';
import { compoundUnitsMarked } from './units';

/**
 * Reads an answer's maths, or throws Unreadable / Refusal. `bareUnits`: a unit typed after a
 * number without `\text` (`44 m^2`) is a unit, as it is when the stored answer has one.
 */
export function read(text: string, bareUnits = false): Part[] {
  const math = compoundUnitsMarked(mathOf(unitWordsIntoMaths(text)).math);
  const parts = parseAnswer(math, { bareUnits });
  guardValues(parts);
  return parts;
}

/** The stored answer as plain comparable text, for a stored answer the checker cannot read. */
export function plainForm(text: string): string {
  return text
    .replace(/\$|\\[()[\]]/g, '')
    .replace(
      /\\(?:text|textrm|mbox|mathrm|textbf|mathbf|boxed|displaystyle|left|right)(?![a-zA-Z])/g,
      '',
    )
    .replace(/\\[dtc]frac(?![a-zA-Z])/g, '\\frac')
    .replace(/\\[,;:! ]|~/g, '')
    .replace(/[\s{}]/g, '')
    .toLowerCase();
}

/** Why a stored answer cannot be read as maths (it is then compared as text), or undefined. */
export function storedAnswerProblem(expected: string): string | undefined {
  const refused = preParseRefusal(expected, MAX_STORED_CHARS);
  if (refused) return refused;
  try {
    read(expected);
    return undefined;
  } catch (err) {
    return learnerMessage(err);
  }
}

export function learnerMessage(err: unknown): string {
  if (err instanceof Refusal) return err.message;
  if (err instanceof Unreadable) return err.message;
  return notReadable(READ_ADVICE);
}

/** Stored answers read lately (a stored answer is checked against many times; parsing costs). */
const storedCache = new Map<string, Part[] | undefined>();
export const STORED_CACHE_SIZE = 500;

/** A stored answer's parts, or undefined when it cannot be read as maths. */
export function readStored(expected: string): Part[] | undefined {
  if (storedCache.has(expected)) return storedCache.get(expected);
  let parts: Part[] | undefined;
  try {
    if (!preParseRefusal(expected, MAX_STORED_CHARS)) parts = read(expected);
  } catch {
    parts = undefined;
  }
  if (storedCache.size >= STORED_CACHE_SIZE) storedCache.delete(storedCache.keys().next().value!);
  storedCache.set(expected, parts);
  return parts;
}

/** Whether a unit typed bare after a number (`44 m^2`) is read as one: the stored answer has a unit. */
export function storedHasUnit(expected: string, spec: AnswerSpec): boolean {
  if (spec.unit) return true;
  return readStored(expected)?.some((p) => p.unit !== undefined) ?? false;
}
