// Two answers' texts compared under an answer spec: read, judged equivalent part by part, then
// held to the spec's unit, tolerance and form. A stored answer that cannot be read is compared as
// plain text. On the answer checker's thread.
import type { AnswerSpec } from '@exemplar/shared/answer-spec';
import type { Part } from './answer-parts';
import type { CheckOutcome } from './check-answer';
import { compareParts, exprsOfParts, matchAll } from './compare';
import type { Match } from './compare-exprs';
import { Refusal, variablesOf } from './evaluate';
import { FEEDBACK_FORM, FEEDBACK_NOT_SIMPLIFIED, FEEDBACK_SIGN, FEEDBACK_UNITS } from './feedback';
import { parseExpr } from './parse-expr';
import { learnerMessage, plainForm, read, readStored } from './read-maths';
import { withinTolerance } from './spec-check';
import { formProblem } from './spec-form';
import { sameIntervals } from './spec-intervals';
import { writtenUnitKey } from './units';

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

/** Right against the stored answer's exact values alone (its approximations left out). */
function exactlyRight(question: string, expected: Part[], given: Part[]): boolean {
  const exact = expected.filter((p) => !p.approxOnly).map(({ approx: _approx, ...p }) => p as Part);
  const outcome = judge(question, exact, given);
  return outcome.kind === 'verdict' && outcome.verdict.correct;
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
export function compareTexts(
  question: string,
  expected: string,
  given: string,
  spec: AnswerSpec,
): CheckOutcome {
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
