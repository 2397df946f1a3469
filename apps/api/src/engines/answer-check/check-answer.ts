// The answer checker: a learner's answer against an example's stored answer, decided by
// equivalence. Pure and synchronous (it runs on the answer checker's worker thread); the rules are
// in docs/decisions/031-answer-checking.md.
import type { AnswerSpec } from '@exemplar/shared/answer-spec';
import type { Part } from './answer-parts';
import { compareParts, exprsOfParts, matchAll } from './compare';
import type { Match } from './compare-exprs';
import { Refusal, Unreadable, variablesOf } from './evaluate';
import { FEEDBACK_FORM, FEEDBACK_NOT_SIMPLIFIED, FEEDBACK_SIGN, FEEDBACK_UNITS } from './feedback';
import { MAX_STORED_CHARS, preParseRefusal } from './guards';
import { inferAnswerSpec, partsAsked } from './infer-spec';
import { mathOf, textJoints, timeOfDayAnswer, timesOfDay, wordsOnly } from './latex-text';
import { notReadable, READ_ADVICE } from './messages';
import { parseAnswer } from './parse-answer';
import { parseExpr } from './parse-expr';
import { guardValues } from './sample-points';
import { checkParts, typedParts, withinTolerance, type PartOutcome } from './spec-check';
import { formProblem } from './spec-form';
import { chainsAsIntervals, sameIntervals } from './spec-intervals';
import { parameterOf, withoutRemarks } from './remarks';
import { decideByText } from './spec-text';
import { splitTop } from './split-top';
import { readStoredText, unitWordsIntoMaths } from './stored-text';
import { compoundUnitsMarked, writtenUnitKey } from './units';

/**
 * What is checked: the example's question and stored answer, the learner's answer (LaTeX), and the
 * example's answer spec (null or absent: inferred from the stored answer and question).
 */
export interface AnswerCheckInput {
  question: string;
  expected: string;
  given: string;
  spec?: AnswerSpec | null;
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

export { FEEDBACK_NOT_SIMPLIFIED, FEEDBACK_SIGN, FEEDBACK_UNITS };

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
  } else if (
    system &&
    new Set(system).size < system.length &&
    given.length === expected.length &&
    given.every((g) => g.kind === 'value' && g.variable === undefined)
  ) {
    // Several solutions of one system (`B ≈ 66.7°` with `c ≈ 10.43`, or `B ≈ 113.3°` with
    // `c ≈ 4.89`): values without their variables are taken in the stored order.
    how = 'values in the stored order';
    correct = expected.every(
      (e, i) =>
        compareParts({ ...e, variable: undefined } as Part, given[i]!, question) === 'equal',
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
 * Checks `given` against `expected` under the example's answer spec (the one given, else the one
 * inferred). A learner's answer that cannot be read or is refused as too complex comes back as
 * `refused` with a message for them. A stored answer that cannot be read is an authoring problem:
 * the answers are then compared as normalised text; one that the text checks refuse could never
 * be typed, so nothing is compared (`checkable: false`, see textOutcome), as for a spec of kind
 * `none`. The rules are in docs/decisions/031-answer-checking.md and 041-answer-specs.md.
 */
export function checkAnswer(input: AnswerCheckInput): CheckOutcome {
  const { question } = input;
  // Remarks after the answer (`, where $k \in \mathbb{Z}$`) are not part of it, on either side.
  const stored = withoutRemarks(input.expected);
  const given = withoutRemarks(input.given);
  const spec = input.spec ?? inferredSpec(question, stored);
  const decided = decideByText(stored, given, spec);
  if (decided.kind !== 'compare') return decided;
  const expected = decided.expected;
  const byWords = wordsOrTimeVerdict(expected, given, spec);
  if (byWords) return byWords;
  if (spec.kind === 'parts') {
    // The parts asked for; or every part the stored answer writes, when the learner gives them all.
    const written = readStoredText(expected).items;
    const asked = partsAsked(question, written);
    const items =
      asked.length !== written.length && typedParts(given).length === written.length
        ? written
        : asked;
    if (items.length > 1) {
      const compare = (stored: string, typed: string, tolerance: number | null): PartOutcome =>
        compareTexts(question, stored, typed, { ...spec, kind: 'value', unit: null, tolerance });
      return checkParts(items, textJoints(given), spec, compare);
    }
  }
  if (spec.kind === 'equation') {
    // A function's expression typed for `f(x) = x + 1`: the function's value at its variable.
    const only = readStoredText(expected).items;
    if (
      only.length === 1 &&
      /^[a-z]\([a-z]\)$/.test(only[0]!.mathLabel ?? '') &&
      splitTop(given.replace(/\$/g, ''), ['=']).length === 1
    ) {
      return compareTexts(question, `$${only[0]!.math}$`, given, { ...spec, kind: 'expression' });
    }
  }
  if (spec.kind === 'equation' || spec.kind === 'value' || spec.kind === 'expression') {
    // A stored answer written twice ("y = ⅔x − 3, or equivalently 2x − 3y = 9"): either is right.
    const items = readStoredText(expected).items;
    const only = items[0];
    if (items.length === 1 && only && (readStored(expected)?.length ?? 1) > 1) {
      // One answer with a restatement left out ("$\frac{19}{118} \approx 0.161$, only about $16\%$").
      const unit = only.unitWords ? ` ${only.unitWords}` : '';
      const one = compareTexts(question, `$${only.source}$${unit}`, given, spec);
      if (one.kind === 'refused' || one.verdict.correct) return one;
      const whole = compareTexts(question, expected, given, spec);
      return whole.kind === 'verdict' && whole.verdict.correct ? whole : one;
    }
    if (items.length === 2 && readStored(expected)?.length === 2) {
      const first = compareTexts(question, `$${items[0]!.source}$`, given, spec);
      if (first.kind === 'refused' || first.verdict.correct) return first;
      // The second is the answer written again only when it equals the first (not "staying wins
      // with probability ⅓" after "switching wins with probability ⅔").
      const again = compareTexts(question, `$${items[0]!.source}$`, items[1]!.source, spec);
      const second = compareTexts(question, `$${items[1]!.source}$`, given, spec);
      if (
        again.kind === 'verdict' &&
        again.verdict.correct &&
        second.kind === 'verdict' &&
        second.verdict.correct
      )
        return second;
      const both = compareTexts(question, expected, given, spec);
      return both.kind === 'verdict' && both.verdict.correct ? both : first;
    }
  }
  const outcome = compareTexts(question, expected, given, spec);
  if (
    (spec.kind === 'solutions' || spec.kind === 'parts') &&
    outcome.kind === 'verdict' &&
    !outcome.verdict.correct &&
    /\d,\d/.test(given) &&
    readStoredText(expected).items.length > 1
  ) {
    // `23,128` for "$23$ or $128$": where several numbers are asked, a comma between digits may be
    // the list's joint rather than a thousands separator; the list reading is taken when it is right.
    const listed = compareTexts(question, expected, given.replace(/(\d),(?=\d)/g, '$1;'), spec);
    if (listed.kind === 'verdict' && listed.verdict.correct) return listed;
  }
  if (spec.kind === 'solutions' && outcome.kind === 'verdict' && !outcome.verdict.correct) {
    // Solutions each given to the letter the stored answer's remark names (`n = 23, n = 128` for
    // "$23$ or $128$ (all solutions satisfy $n \equiv 23 \pmod{105}$)"): the values are compared.
    const named = /^\s*([a-zA-Z])\s*=/.exec(given)?.[1];
    const pieces = splitTop(given, [',', ';', '\\lor']);
    if (
      named &&
      !lettersOf(expected).has(named) &&
      lettersOf(input.expected).has(named) &&
      pieces.every((p) => new RegExp(`^\\s*${named}\\s*=`).test(p))
    ) {
      const values = pieces.map((p) => p.replace(/^\s*[a-zA-Z]\s*=/, '')).join(', ');
      const again = compareTexts(question, expected, values, spec);
      if (again.kind === 'verdict' && again.verdict.correct) return again;
    }
  }
  const parameter = parameterOf(input.expected);
  if (parameter && outcome.kind === 'verdict' && !outcome.verdict.correct) {
    // The whole-number parameter a condition declares may have any name (`n` for `k`).
    const renamed = withParameter(given, expected, parameter);
    if (renamed !== given) {
      const again = compareTexts(question, expected, renamed, spec);
      if (again.kind === 'verdict' && again.verdict.correct) return again;
    }
    // A family counted from another start (`x = 1 + 5t` for `x = -4 + 5t`) is the same set.
    const shifted = shiftedFamilies(renamed, parameter, readStoredText(expected).joinedByOr);
    for (const text of shifted) {
      const again = compareTexts(question, expected, text, spec);
      if (again.kind === 'verdict' && again.verdict.correct) return again;
    }
  }
  if (spec.kind === 'solutions' && outcome.kind === 'verdict' && !outcome.verdict.correct) {
    // A Pythagorean triple with its legs the other way round is the same right triangle.
    const legsInOrder = withLegsInOrder(given);
    if (legsInOrder !== given && new RegExp(TRIPLE_RE.source).test(expected)) {
      const again = compareTexts(question, expected, legsInOrder, spec);
      if (again.kind === 'verdict' && again.verdict.correct) return again;
    }
  }
  return outcome;
}

/** Lone letters of a text (`x`, `k`; not the letters of `\frac` or `\pi`). */
const lettersOf = (text: string) =>
  new Set(text.replace(/\\[a-zA-Z]+/g, ' ').match(/(?<![a-zA-Z])[a-zA-Z](?![a-zA-Z])/g) ?? []);

/**
 * A typed answer with its one letter that the stored answer does not use written as the stored
 * answer's parameter (`n` as `k`); the text unchanged when there is not exactly one such letter.
 */
function withParameter(given: string, expected: string, parameter: string): string {
  const stored = lettersOf(expected);
  const typed = lettersOf(given);
  if (typed.has(parameter)) return given;
  const other = [...typed].filter((l) => !stored.has(l));
  if (other.length !== 1) return given;
  const letter = other[0]!;
  return given.replace(new RegExp(`(?<![a-zA-Z\\\\])${letter}(?![a-zA-Z])`, 'g'), parameter);
}

/** The shifts of a whole-number parameter tried, nearest first. */
const SHIFTS = [1, -1, 2, -2];

/**
 * A typed answer with its whole-number parameter `p` shifted (`p + 1`, `p - 1`, …): the whole
 * answer at once (a system's parts share `p`), or each part on its own where the stored parts are
 * separate families joined by "or" (two parts at most). Empty when `p` is not typed.
 */
function shiftedFamilies(given: string, parameter: string, separate: boolean): string[] {
  const re = new RegExp(`(?<![a-zA-Z\\\\])${parameter}(?![a-zA-Z])`, 'g');
  if (!re.test(given)) return [];
  const shift = (text: string, by: number) =>
    by === 0 ? text : text.replace(re, `\\left(${parameter}${by > 0 ? '+' : ''}${by}\\right)`);
  const whole = SHIFTS.map((by) => shift(given, by));
  const parts = splitTop(given, [',', '\\lor']);
  if (!separate || parts.length !== 2) return whole;
  const each = [0, ...SHIFTS].flatMap((a) =>
    [0, ...SHIFTS].flatMap((b) =>
      a === b ? [] : [`${shift(parts[0]!, a)},${shift(parts[1]!, b)}`],
    ),
  );
  return [...whole, ...each];
}

/** A triple of whole numbers in brackets, `(16, 63, 65)` or `\left(63,16,65\right)`. */
const TRIPLE_RE =
  /(\\left)?\(\s*(\d+)\s*,(?:\\[,;: ]|\s)*(\d+)\s*,(?:\\[,;: ]|\s)*(\d+)\s*(\\right)?\)/g;

/** Pythagorean triples written with the longer leg first (`(63, 16, 65)`) with it second. */
function withLegsInOrder(text: string): string {
  return text.replace(
    TRIPLE_RE,
    (
      whole,
      left: string | undefined,
      a: string,
      b: string,
      c: string,
      right: string | undefined,
    ) => {
      const [x, y, z] = [Number(a), Number(b), Number(c)];
      if (!(x > y) || x * x + y * y !== z * z) return whole;
      return `${left ?? ''}(${b},${a},${c}${right ?? ''})`;
    },
  );
}

/**
 * Answers a teacher reads as words, not maths: a choice's option typed as its word
 * (`\text{Thursday}` for `(C) Thursday`, any case), and a time of day (`8:36` for
 * `At 8:36 a.m., $36$ minutes later`: a time, not the ratio 8 : 36) where the stored answer's
 * words write one. Undefined when neither applies (the answer is compared as maths).
 */
function wordsOrTimeVerdict(
  expected: string,
  given: string,
  spec: AnswerSpec,
): CheckOutcome | undefined {
  const time = timeOfDayAnswer(given);
  if (time !== undefined) {
    // In the stored answer's words only: in its maths `12:25` is a ratio.
    const stored = timesOfDay(mathOf(expected).words);
    if (stored.length === 0) return undefined;
    const [hm, half] = time.split(' ');
    const correct = stored.some((t) => {
      const [storedHm, storedHalf] = t.split(' ');
      return storedHm === hm && (!half || !storedHalf || half === storedHalf);
    });
    return { kind: 'verdict', verdict: { correct }, how: 'time of day' };
  }
  if (spec.kind !== 'choice') return undefined;
  const word = wordsOnly(given);
  const option = wordsOnly(expected);
  if (word === undefined || option === undefined) return undefined;
  return {
    kind: 'verdict',
    verdict: { correct: word === option },
    how: "choice's option in words",
  };
}

/** Specs inferred lately, by question and stored answer (the pool sends its own). */
const specCache = new Map<string, AnswerSpec>();

function inferredSpec(question: string, expected: string): AnswerSpec {
  const key = `${question}\u0000${expected}`;
  let spec = specCache.get(key);
  if (!spec) {
    spec = inferAnswerSpec(question, expected);
    if (specCache.size >= STORED_CACHE_SIZE) specCache.delete(specCache.keys().next().value!);
    specCache.set(key, spec);
  }
  return spec;
}

/** Right against the stored answer's exact values alone (its approximations left out). */
function exactlyRight(question: string, expected: Part[], given: Part[]): boolean {
  const exact = expected.filter((p) => !p.approxOnly).map(({ approx: _approx, ...p }) => p as Part);
  const outcome = judge(question, exact, given);
  return outcome.kind === 'verdict' && outcome.verdict.correct;
}

/** Whether a unit typed bare after a number (`44 m^2`) is read as one: the stored answer has a unit. */
export function storedHasUnit(expected: string, spec: AnswerSpec): boolean {
  if (spec.unit) return true;
  return readStored(expected)?.some((p) => p.unit !== undefined) ?? false;
}

/** A variable given a value with unknowns in it (`y = 2x + 1`), as the equation it is. */
function asEquation(part: Part): Part {
  if (part.kind !== 'value' || !part.variable || part.value.kind !== 'expr') return part;
  if (variablesOf(part.value.json).size === 0) return part;
  return { kind: 'equation', lhs: parseExpr(part.variable), rhs: part.value, unit: part.unit };
}

/** The letter a quantity the question asks for is written with: a slope or gradient's `m`. */
const LETTER_ASKED: [RegExp, string][] = [[/\b(?:slope|gradient)\b/i, 'm']];

/**
 * A single value typed with the letter of the quantity the question asks for (`m = -1` for "the
 * slope", stored as `-1`) where the stored value has none: the letter names the value asked for,
 * so the value is compared. Another letter is still not the value asked for.
 */
function unnamed(question: string, expected: Part[], given: Part[]): Part[] {
  const [e, g] = [expected[0], given[0]];
  if (expected.length !== 1 || given.length !== 1 || e?.kind !== 'value' || g?.kind !== 'value')
    return given;
  if (e.variable !== undefined || g.variable === undefined || !/^[a-zA-Z]$/.test(g.variable))
    return given;
  if (g.value.kind !== 'expr' || variablesOf(g.value.json).size > 0) return given;
  const asked = LETTER_ASKED.some(
    ([words, letter]) => letter === g.variable && words.test(question),
  );
  return asked ? [{ ...g, variable: undefined }] : given;
}

/** The stored parts with the spec's unit in place of the one read (a single value only). */
function withSpecUnit(parts: Part[], spec: AnswerSpec): Part[] {
  if (!spec.unit || parts.length !== 1) return parts;
  return [{ ...parts[0]!, unit: writtenUnitKey(spec.unit) }];
}

/** Two answers compared under a spec: equivalence, then the spec's unit, tolerance and form. */
function compareTexts(
  question: string,
  expected: string,
  given: string,
  spec: AnswerSpec,
): CheckOutcome {
  if (spec.kind === 'interval') {
    // A chain (`-2 \le x \le 7`) is read as the interval it is.
    expected = chainsAsIntervals(expected);
    given = chainsAsIntervals(given);
  }
  const stored = readStored(expected);
  const expectedParts = stored && withSpecUnit(stored, spec);
  let givenParts: Part[];
  try {
    givenParts = read(given, expectedParts?.some((p) => p.unit !== undefined) ?? false);
  } catch (err) {
    if (!expectedParts) return textVerdict(expected, given);
    return { kind: 'refused', message: learnerMessage(err) };
  }
  if (!expectedParts) return textVerdict(expected, given);
  if (spec.kind === 'value') givenParts = unnamed(question, expectedParts, givenParts);
  try {
    let outcome = judge(question, expectedParts, givenParts);
    if (spec.kind === 'equation' && outcome.kind === 'verdict' && !outcome.verdict.correct) {
      // `y = \frac{2}{3}x - 3` is the equation of a line, not only y's value: `2x - 3y = 9` is it too.
      const asEquations = judge(
        question,
        expectedParts.map(asEquation),
        givenParts.map(asEquation),
      );
      if (asEquations.kind === 'verdict' && asEquations.verdict.correct) outcome = asEquations;
    }
    if (outcome.kind !== 'verdict') return outcome;
    const { verdict } = outcome;
    if (!verdict.correct) {
      const tolerance = spec.form === 'exact' ? null : spec.tolerance;
      if (tolerance !== null && withinTolerance(expectedParts, givenParts, tolerance)) {
        return { kind: 'verdict', verdict: { correct: true }, how: `within ${tolerance}` };
      }
      // A confidence interval's ends are estimates: its brackets, round or square, say nothing.
      const anyEnds = /\bconfidence interval\b/i.test(question);
      if (spec.kind === 'interval' && sameIntervals(expectedParts, givenParts, anyEnds)) {
        return { kind: 'verdict', verdict: { correct: true }, how: 'the same intervals' };
      }
      return outcome;
    }
    if (spec.form === 'simplified' && verdict.feedback === FEEDBACK_NOT_SIMPLIFIED) {
      return {
        kind: 'verdict',
        verdict: { correct: false, feedback: FEEDBACK_FORM('simplified') },
        how: 'form',
      };
    }
    const problem = formProblem(spec.form, expectedParts, givenParts);
    // A decimal that is the exact value (0.25 for ¼) is exact; one accepted as an approximation is not.
    if (problem && !(spec.form === 'exact' && exactlyRight(question, expectedParts, givenParts))) {
      return { kind: 'verdict', verdict: { correct: false, feedback: problem }, how: 'form' };
    }
    return outcome;
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
