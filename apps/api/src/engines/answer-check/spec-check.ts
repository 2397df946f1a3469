// How an answer spec's parts and tolerance are checked, over answers already read (on the answer
// checker's thread); its form in spec-form.ts, its intervals in spec-intervals.ts. The rules are in
// docs/decisions/041-answer-specs.md.
import type { AnswerSpec } from '@exemplar/shared/answer-spec';
import type { Part } from './answer-parts';
import type { CheckOutcome } from './check-answer';
import { evaluate } from './evaluate';
import { FEEDBACK_ORDER } from './feedback';
import { toleranceOf } from './infer-spec';
import { splitTop } from './split-top';
import { hasName, labelKey, readText, type StoredItem } from './stored-text';
import { unitOfKey } from './units';

export type PartOutcome = CheckOutcome;

/** The top-level joints of a typed list of parts. */
const JOINTS = [
  ',',
  ';',
  '\\lor',
  '\\text{and}',
  '\\text{ and }',
  '\\text{or}',
  '\\text{ or }',
  '\\quad',
];

/** A typed part: its label (normalised) when written `label = value`, and its value. */
interface TypedPart {
  label?: string;
  /** The label as typed. */
  labelSource?: string;
  value: string;
  /** The numbers written equal before the value (`225\degree` of `225\degree = \frac{5\pi}{4}`). */
  lead?: string;
}

/** The sides before the last of numbers written equal, as compared. */
const leadOf = (sides: string[]) => sides.slice(0, -1).map(labelKey).join('=');

/** A typed list of parts (`mean = 6, median = 7`, `5/13, 12/13, 5/12`). */
export function typedParts(given: string): TypedPart[] {
  // Maths in dollars with words around (an editor's test answer, the stored answer itself): its
  // parts as a stored answer's are read, labelled by their maths or words.
  if (given.includes('$')) {
    return readText(given).items.map((item) => {
      const words = item.words.length > 0 ? labelKey(item.words.join('')) : undefined;
      const label = item.mathLabel ?? words;
      const value = `$${item.math}$${item.unitWords ? ` ${item.unitWords}` : ''}`;
      return label === undefined ? { value } : { label, value };
    });
  }
  const text = given.replace(/\$/g, ' ').replace(/(^|[^\\a-zA-Z])(?:and|or)(?![a-zA-Z])/g, '$1;');
  return splitTop(text, JOINTS)
    .map((p) => p.replace(/^(?:\s|\\[,;:! ])+|(?:\s|\\[,;:! ])+$/g, ''))
    .filter((p) => p !== '')
    .map((p) => {
      const sides = splitTop(p, ['=']);
      if (sides.length >= 2 && hasName(sides[0]!)) {
        return {
          label: labelKey(sides[0]!),
          labelSource: sides[0]!,
          value: sides.slice(1).join('='),
        };
      }
      // Numbers written equal (`225\degree = \frac{5\pi}{4}`): the last is the part's value.
      if (sides.length >= 2) return { value: sides.at(-1)!, lead: leadOf(sides) };
      return { value: p };
    });
}

/** The stored part a typed label names: its maths label, its words, or a word only it has. */
function partNamed(items: StoredItem[], label: string): number {
  const exact = items.findIndex(
    (i) => i.mathLabel === label || (i.words.length > 0 && labelKey(i.words.join('')) === label),
  );
  if (exact >= 0) return exact;
  const having = items.flatMap((item, k) => (item.words.includes(label) ? [k] : []));
  return having.length === 1 ? having[0]! : -1;
}

const right = (o: PartOutcome) => o.kind === 'verdict' && o.verdict.correct;

/**
 * A list of parts against the stored parts, in the stored order: each typed part labelled (in any
 * order, every label naming a different part) or bare (in its place). Right parts in another order
 * are refused with FEEDBACK_ORDER; a part the learner's answer cannot be read in is refused as
 * that part's reading is.
 */
export function checkParts(
  items: StoredItem[],
  given: string,
  spec: AnswerSpec,
  compare: (stored: string, typed: string, tolerance: number | null) => PartOutcome,
): CheckOutcome {
  const typed = typedParts(given);
  const how = 'parts';
  if (typed.length !== items.length) return { kind: 'verdict', verdict: { correct: false }, how };
  const storedText = (i: number) => {
    const item = items[i]!;
    return `$${item.math}$${item.unitWords ? ` ${item.unitWords}` : ''}`;
  };
  const tolerance = (i: number) =>
    spec.form === 'exact' ? null : (spec.tolerance ?? toleranceOf(items[i]!));
  const cache = new Map<string, PartOutcome>();
  const outcome = (s: number, t: number) => {
    const key = `${s}:${t}`;
    let o = cache.get(key);
    if (!o) cache.set(key, (o = compare(storedText(s), typed[t]!.value, tolerance(s))));
    return o;
  };
  // Each typed part's place: the part its label names, else its own position.
  const places = typed
    .map((t) => (t.label !== undefined ? partNamed(items, t.label) : -1))
    .map((named, k) => (named >= 0 ? named : k));
  const unique = new Set(places).size === places.length;
  // Numbers written equal before a value must be those the stored part writes (`225° = 5π/4`).
  const leadWrong = typed.some((t, k) => {
    if (t.lead === undefined) return false;
    const sides = splitTop(items[places[k]!]!.source, ['=']);
    return sides.length < 2 || leadOf(sides) !== t.lead;
  });
  if (leadWrong) return { kind: 'verdict', verdict: { correct: false }, how };
  if (unique) {
    const outcomes = typed.map((_, k) => outcome(places[k]!, k));
    const refused = outcomes.find((o) => o.kind === 'refused');
    if (refused) return refused;
    const wrong = outcomes.filter((o) => !right(o));
    if (wrong.length === 0) {
      const feedback = outcomes.flatMap(
        (o) => (o.kind === 'verdict' && o.verdict.feedback) || [],
      )[0];
      return {
        kind: 'verdict',
        verdict: feedback ? { correct: true, feedback } : { correct: true },
        how,
      };
    }
    // One part wrong, the others right: that part's feedback (its units, its sign, its form).
    const only = wrong.length === 1 ? wrong[0] : undefined;
    if (only?.kind === 'verdict' && only.verdict.feedback) {
      return { kind: 'verdict', verdict: { correct: false, feedback: only.verdict.feedback }, how };
    }
  }
  // Right parts in another order: each typed part equal to a different stored part.
  if (typed.every((t) => t.label === undefined)) {
    const used = new Set<number>();
    const permuted = typed.every((_, k) => {
      const s = items.findIndex((_, i) => !used.has(i) && right(outcome(i, k)));
      if (s < 0) return false;
      used.add(s);
      return true;
    });
    if (permuted) {
      return { kind: 'verdict', verdict: { correct: false, feedback: FEEDBACK_ORDER }, how };
    }
  }
  return { kind: 'verdict', verdict: { correct: false }, how };
}

/** A part's number as a real value in its unit's base size, or undefined. */
function numberOf(part: Part, unit: string | undefined): number | undefined {
  if (part.kind !== 'value' || part.value.kind !== 'expr') return undefined;
  let v: readonly [number, number];
  try {
    v = evaluate(part.value.json, new Map());
  } catch {
    return undefined;
  }
  if (!Number.isFinite(v[0]) || Math.abs(v[1]) > 1e-12 * Math.max(1, Math.abs(v[0])))
    return undefined;
  const size = unit === undefined ? 1 : unitOfKey(unit)?.factor;
  return size === undefined ? undefined : v[0] * size;
}

/** A number written as a decimal (`0.00144`, `1.54 \times 10^6`, `82`): an approximation. */
const DECIMAL_RE = /^-?\d+(?:\.\d+)?(?:(?:\\times|\\cdot)10\^\{?-?\d+\}?)?(?:\\%)?$/;
const writtenAsDecimal = (part: Part) =>
  part.kind === 'value' &&
  part.value.kind === 'expr' &&
  DECIMAL_RE.test(part.value.latex.replace(/\s+|\\[,;:! ]/g, ''));

/**
 * A single value within the tolerance of the stored one (converted to the stored unit when both
 * have one of the same quantity; a unit left out is the stored one).
 */
export function withinTolerance(expected: Part[], given: Part[], tolerance: number): boolean {
  const e = expected.filter((p) => !p.approxOnly);
  if (e.length !== 1 || given.length !== 1) return false;
  const stored = e[0]!;
  const mine = given[0]!;
  // The tolerance is for decimal approximations: where the stored answer gives its exact value
  // (`\frac{6}{4165} \approx 0.00144`), an exact value typed (`\frac{6}{4156}`) must equal it.
  if (!writtenAsDecimal(mine) && !writtenAsDecimal(stored)) return false;
  if (
    stored.kind === 'value' &&
    mine.kind === 'value' &&
    mine.variable &&
    stored.variable !== mine.variable
  )
    return false;
  const eu = stored.unit === undefined ? undefined : unitOfKey(stored.unit);
  const gu = mine.unit === undefined ? undefined : unitOfKey(mine.unit);
  if (eu && gu && eu.dimension !== gu.dimension) return false;
  const scale = eu && gu ? gu.factor / eu.factor : 1;
  const a = numberOf(stored, undefined);
  const b = numberOf(mine, undefined);
  if (a === undefined || b === undefined) return false;
  return Math.abs(b * scale - a) <= tolerance * (1 + 1e-9);
}
