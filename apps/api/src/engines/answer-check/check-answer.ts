// The answer checker: a learner's answer against an example's stored answer, decided by
// equivalence. Pure and synchronous (it runs on the answer checker's worker thread); the rules are
// in docs/decisions/031-answer-checking.md.
import type { AnswerSpec } from '@exemplar/shared/answer-spec';
import {
  lettersOf,
  shiftedFamilies,
  TRIPLE_RE,
  withLegsInOrder,
  withParameter,
} from './answer-rewrites';
import { compareTexts } from './compare-texts';
import { FEEDBACK_NOT_SIMPLIFIED, FEEDBACK_SIGN, FEEDBACK_UNITS } from './feedback';
import { inferAnswerSpec, partsAsked } from './infer-spec';
import { mathOf, textJoints, timeOfDayAnswer, timesOfDay, wordsOnly } from './latex-text';
import { readStored, STORED_CACHE_SIZE } from './read-maths';
import { parameterOf, withoutRemarks } from './remarks';
import { checkParts, typedParts, type PartOutcome } from './spec-check';
import { decideByText } from './spec-text';
import { splitTop } from './split-top';
import { readStoredText } from './stored-text';

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
