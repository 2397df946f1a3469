// The answer checker: a learner's answer against an example's stored answer, decided by
// equivalence. Pure and synchronous (it runs on the answer checker's worker thread); the rules are
// in docs/decisions/031-answer-checking.md.
import { compareParts, exprsOfParts, matchAll, type Match } from './compare';
import { Refusal, Unreadable } from './evaluate';
import { MAX_STORED_CHARS, preParseRefusal, textOutcome } from './guards';
import { mathOf } from './latex-text';
import { notReadable, READ_ADVICE } from './messages';
import { guardValues, parseAnswer, type Part } from './parse-answer';

/** What is checked: the example's question and stored answer, and the learner's answer (LaTeX). */
export interface AnswerCheckInput {
  question: string;
  expected: string;
  given: string;
}
/**
 * Right or not, and feedback only where the checker is certain; `checkable: false` when the
 * example's stored answer could never be typed (nothing was compared: see textOutcome).
 */
export interface AnswerVerdict {
  correct: boolean;
  feedback?: string;
  checkable?: false;
}

/** A verdict, or the reason the learner's answer was not checked (a message for them). */
export type CheckOutcome =
  { kind: 'verdict'; verdict: AnswerVerdict; how: string } | { kind: 'refused'; message: string };

export const FEEDBACK_NOT_SIMPLIFIED = 'Your answer is equivalent but not simplified.';
export const FEEDBACK_SIGN = 'Check the sign.';
export const FEEDBACK_UNITS = 'Check the units.';

const gcd = (a: number, b: number): number => (b === 0 ? Math.abs(a) : gcd(b, a % b));
const isInteger = (j: unknown): j is number => typeof j === 'number' && Number.isInteger(j);

/**
 * Written in a form a simplified answer would not have: a fraction of two integers that is not in
 * lowest terms or whose denominator is 1 (`\frac{4}{6}`, `\frac{12}{2}`), or the square root of an
 * integer with a square factor (`\sqrt{8}`, `\sqrt{9}`).
 */
export function unsimplified(json: unknown): boolean {
  if (!Array.isArray(json)) return false;
  const [head, a, b] = json as [string, unknown, unknown];
  if ((head === 'Divide' || head === 'Rational') && isInteger(a) && isInteger(b) && b !== 0) {
    if (gcd(a, b) > 1 || Math.abs(b) === 1) return true;
  }
  if (head === 'Sqrt' && isInteger(a) && a > 1 && a < 1e12) {
    for (let k = 2; k * k <= a; k++) if (a % (k * k) === 0) return true;
  }
  return json.slice(1).some(unsimplified);
}

/**
 * Reads an answer's maths, or throws Unreadable / Refusal. `bareUnits`: a unit typed after a
 * number without `\text` (`44 m^2`) is a unit, as it is when the stored answer has one.
 */
function read(text: string, bareUnits = false): Part[] {
  const parts = parseAnswer(mathOf(text).math, { bareUnits });
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

function learnerMessage(err: unknown): string {
  if (err instanceof Refusal) return err.message;
  if (err instanceof Unreadable) return err.message;
  return notReadable(READ_ADVICE);
}

/** The variables the expected parts give values to, when there are two or more (a system). */
function systemVariables(parts: Part[]): string[] | undefined {
  const names = parts.map((p) => (p.kind === 'value' ? p.variable : undefined));
  if (
    names.some((n) => n === undefined) ||
    new Set(names).size < 2 ||
    names.length !== parts.length
  )
    return undefined;
  return names as string[];
}

/** The verdict on two readable answers. */
function judge(question: string, expected: Part[], given: Part[]): CheckOutcome {
  const system = systemVariables(expected);
  let correct: boolean;
  let how = 'parts';
  const only = given[0]!;
  if (system && given.length === 1 && only.kind === 'value' && only.value.kind === 'seq') {
    // A system's solution as a tuple, in the order the stored answer names the variables.
    const items = only.value.items;
    how = 'system as tuple';
    correct =
      only.value.open === '(' &&
      items.length === system.length &&
      expected.every(
        (e, i) =>
          compareParts(
            { ...e, variable: undefined } as Part,
            { kind: 'value', value: items[i]! },
            question,
          ) === 'equal',
      );
  } else if (system && given.some((g) => g.kind !== 'value' || g.variable === undefined)) {
    // Values of a system without their variables could be in either order: not accepted.
    return { kind: 'verdict', verdict: { correct: false }, how: 'system without variables' };
  } else {
    correct = matchAll(expected, given, question);
  }
  if (correct) {
    const simplify =
      exprsOfParts(given).some((e) => unsimplified(e.json)) &&
      !exprsOfParts(expected).some((e) => unsimplified(e.json));
    return {
      kind: 'verdict',
      verdict: simplify ? { correct: true, feedback: FEEDBACK_NOT_SIMPLIFIED } : { correct: true },
      how,
    };
  }
  // Feedback on a single value: its sign, or its unit.
  const sign: Match | undefined =
    expected.length === 1 && given.length === 1
      ? compareParts(expected[0]!, given[0]!, question)
      : undefined;
  const feedback =
    sign === 'negated' ? FEEDBACK_SIGN : sign === 'units' ? FEEDBACK_UNITS : undefined;
  return {
    kind: 'verdict',
    verdict: feedback ? { correct: false, feedback } : { correct: false },
    how,
  };
}

/** Stored answers read lately (a stored answer is checked against many times; parsing costs). */
const storedCache = new Map<string, Part[] | undefined>();
const STORED_CACHE_SIZE = 500;

/** A stored answer's parts, or undefined when it cannot be read as maths. */
function readStored(expected: string): Part[] | undefined {
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

/**
 * Checks `given` against `expected`. A learner's answer that cannot be read or is refused as too
 * complex comes back as `refused` with a message for them. A stored answer that cannot be read is
 * an authoring problem: the answers are then compared as normalised text; one that the text checks
 * refuse could never be typed, so nothing is compared (`checkable: false`, see textOutcome).
 */
export function checkAnswer({ question, expected, given }: AnswerCheckInput): CheckOutcome {
  const decided = textOutcome(expected, given);
  if (decided?.kind === 'refused') return decided;
  if (decided?.kind === 'uncheckable') {
    return { kind: 'verdict', verdict: decided.verdict, how: 'stored answer cannot be typed' };
  }
  const expectedParts = readStored(expected);
  let givenParts: Part[];
  try {
    givenParts = read(given, expectedParts?.some((p) => p.unit !== undefined) ?? false);
  } catch (err) {
    if (!expectedParts) return textVerdict(expected, given);
    return { kind: 'refused', message: learnerMessage(err) };
  }
  if (!expectedParts) return textVerdict(expected, given);
  try {
    return judge(question, expectedParts, givenParts);
  } catch (err) {
    if (err instanceof Refusal) return { kind: 'refused', message: err.message };
    return { kind: 'verdict', verdict: { correct: false }, how: `not comparable: ${String(err)}` };
  }
}

function textVerdict(expected: string, given: string): CheckOutcome {
  return {
    kind: 'verdict',
    verdict: { correct: plainForm(expected) === plainForm(given) },
    how: 'stored answer unreadable: compared as text',
  };
}
