// How an answer spec's parts, form and tolerance are checked, over answers already read (on the
// answer checker's thread). The rules are in docs/decisions/041-answer-specs.md.
import type { AnswerForm, AnswerSpec } from '@exemplar/shared/answer-spec';
import { exprsOf, type Expr, type Part, type Value } from './answer-parts';
import type { CheckOutcome } from './check-answer';
import { evaluate } from './evaluate';
import { FEEDBACK_FORM, FEEDBACK_ORDER } from './feedback';
import { hasName, labelKey, readText, toleranceOf, type StoredItem } from './infer-spec';
import { splitTop } from './split-top';
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

/** A node without its brackets (`(x + 1)` is `x + 1`). */
function bare(json: unknown): unknown {
  let j = json;
  while (Array.isArray(j) && j[0] === 'Delimiter' && j.length === 2) j = j[1];
  return j;
}
const headOf = (json: unknown) => (Array.isArray(json) ? (json[0] as string) : undefined);
const isSum = (json: unknown) => ['Add', 'Subtract'].includes(headOf(bare(json)) ?? '');
const isProduct = (json: unknown) =>
  ['Multiply', 'InvisibleOperator'].includes(headOf(bare(json)) ?? '');
/** Any letter (an unknown) in an expression. */
const hasLetter = (json: unknown): boolean =>
  typeof json === 'string'
    ? /^[a-zA-Z]$/.test(json) && json !== 'e' && json !== 'i'
    : Array.isArray(json) && json.slice(1).some(hasLetter);

/**
 * Not expanded: a product with a sum (with an unknown in it) as a factor, or a power of such a sum
 * (`(2x - 3)(x^2 + 4x - 1)`, `(x + 1)^2`, `2(x + 1)`, `-(x - 1)`).
 */
function unexpanded(json: unknown): boolean {
  const j = bare(json);
  if (!Array.isArray(j)) return false;
  const args = j.slice(1);
  if (isProduct(j) && args.some((a) => isSum(a) && hasLetter(a))) return true;
  if (j[0] === 'Negate' && isSum(args[0]) && hasLetter(args[0])) return true;
  if (
    j[0] === 'Power' &&
    isSum(args[0]) &&
    hasLetter(args[0]) &&
    typeof args[1] === 'number' &&
    args[1] >= 2
  )
    return true;
  return args.some(unexpanded);
}

const isPrime = (n: number) => {
  if (!Number.isInteger(n) || n < 2 || n > 1e12) return false;
  for (let k = 2; k * k <= n; k++) if (n % k === 0) return false;
  return true;
};
/** A power of a prime, or a prime (`2^3`, `5`). */
const primePower = (json: unknown): boolean => {
  const j = bare(json);
  if (typeof j === 'number') return isPrime(j);
  return Array.isArray(j) && j[0] === 'Power' && typeof j[1] === 'number' && isPrime(j[1]);
};
/** A number's prime factorisation: a product of primes and powers of primes (`2^3 \cdot 3^2 \cdot 5`). */
function primeFactorised(json: unknown): boolean {
  const j = bare(json);
  if (isProduct(j)) return (j as unknown[]).slice(1).every(primePower);
  return primePower(j) && Array.isArray(j);
}

/** Factorised: a product (or a power, or the negative of one), not a sum, at the top. */
function factorised(json: unknown): boolean {
  const j = bare(json);
  if (headOf(j) === 'Negate') return factorised((j as unknown[])[1]);
  return !isSum(j);
}

/** A decimal written in an expression (`2.58`, `1.5 \times 10^6`). */
const hasDecimal = (e: Expr) => /\d\.\d/.test(e.latex);

/** The expressions that are values of parts (not the approximations a stored answer gives). */
const valueExprs = (parts: Part[]) => parts.filter((p) => !p.approxOnly).flatMap((p) => exprsOf(p));

/**
 * The form feedback for a right answer not in the form asked, or undefined: `expanded` (no
 * bracketed sum multiplied or raised to a power), `factorised` (a product, where the stored answer
 * is one), `exact` (no decimal, where the stored answer has none).
 */
export function formProblem(form: AnswerForm, expected: Part[], given: Part[]): string | undefined {
  const mine = valueExprs(given);
  switch (form) {
    case 'expanded':
      return mine.some((e) => unexpanded(e.json)) ? FEEDBACK_FORM(form) : undefined;
    case 'factorised': {
      const stored = valueExprs(expected);
      // A number's prime factorisation: each factor a prime or a power of one.
      if (stored.length > 0 && stored.every((e) => primeFactorised(e.json))) {
        return mine.every((e) => primeFactorised(e.json)) ? undefined : FEEDBACK_FORM(form);
      }
      const wanted = stored.some((e) => !factorised(e.json) || !hasLetter(e.json));
      if (wanted) return undefined;
      return mine.some((e) => hasLetter(e.json) && !factorised(e.json))
        ? FEEDBACK_FORM(form)
        : undefined;
    }
    case 'exact':
      return mine.some(hasDecimal) && !valueExprs(expected).some(hasDecimal)
        ? FEEDBACK_FORM(form)
        : undefined;
    default:
      return undefined;
  }
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

/** An interval of the real line; an infinite end is never included. */
interface Interval {
  lo: number;
  loIn: boolean;
  hi: number;
  hiIn: boolean;
}

/** A real number without unknowns (±∞ included), or undefined. */
function realOf(e: Expr): number | undefined {
  try {
    const [re, im] = evaluate(e.json, new Map());
    return Number.isNaN(re) || Math.abs(im) > 1e-12 ? undefined : re;
  } catch {
    return undefined;
  }
}

const VARIABLE_JSON = (json: unknown): json is string =>
  typeof json === 'string' && /^[a-zA-Z]$|^[a-z]+$/.test(json) && json !== 'PositiveInfinity';

/** An interval written as a pair in brackets (`[0, 1)`, `(-\infty, -2)`), or undefined. */
function bracketed(v: Value): Interval | undefined {
  if (v.kind !== 'seq' || v.items.length !== 2 || !'(['.includes(v.open) || !')]'.includes(v.close))
    return undefined;
  const [a, b] = v.items;
  if (a?.kind !== 'expr' || b?.kind !== 'expr') return undefined;
  const lo = realOf(a);
  const hi = realOf(b);
  if (lo === undefined || hi === undefined || !(lo < hi)) return undefined;
  return { lo, loIn: v.open === '[', hi, hiIn: v.close === ']' };
}

/**
 * The set of real numbers an answer describes, as intervals, with the variable it names: a
 * relation of a variable and a number (`k < -2`, `3 \leq x`, `x \neq 1`), an interval or a union
 * of intervals, alone or given to a variable (`x \in [0, 1)`). Undefined for anything else.
 */
function intervalsOf(parts: Part[]): { variable?: string; set: Interval[] } | undefined {
  const set: Interval[] = [];
  const names = new Set<string>();
  for (const p of parts) {
    if (p.kind === 'relation') {
      const left = VARIABLE_JSON(p.lhs.json);
      const name = left ? p.lhs.json : p.rhs.json;
      if (!VARIABLE_JSON(name)) return undefined;
      names.add(name);
      const n = realOf(left ? p.rhs : p.lhs);
      if (n === undefined || !Number.isFinite(n)) return undefined;
      const closed = p.op === '\\leq';
      if (p.op === '\\neq') {
        set.push({ lo: -Infinity, loIn: false, hi: n, hiIn: false });
        set.push({ lo: n, loIn: false, hi: Infinity, hiIn: false });
      } else if (left) set.push({ lo: -Infinity, loIn: false, hi: n, hiIn: closed });
      else set.push({ lo: n, loIn: closed, hi: Infinity, hiIn: false });
      continue;
    }
    if (p.kind !== 'value') return undefined;
    if (p.variable) names.add(p.variable);
    const pieces = p.value.kind === 'union' ? p.value.parts : [p.value];
    for (const piece of pieces) {
      const i = bracketed(piece);
      if (!i) return undefined;
      set.push(i);
    }
  }
  if (names.size > 1) return undefined;
  return { variable: [...names][0], set: merged(set) };
}

/** Intervals sorted and joined where they overlap or touch. */
function merged(set: Interval[]): Interval[] {
  const sorted = [...set].sort((a, b) => a.lo - b.lo || Number(b.loIn) - Number(a.loIn));
  const out: Interval[] = [];
  for (const i of sorted) {
    const last = out.at(-1);
    if (last && (i.lo < last.hi || (i.lo === last.hi && (i.loIn || last.hiIn)))) {
      if (i.hi > last.hi || (i.hi === last.hi && i.hiIn)) {
        last.hi = i.hi;
        last.hiIn = i.hiIn || (i.hi === last.hi && last.hiIn);
      }
    } else out.push({ ...i });
  }
  return out;
}

/** Equal, or finite and equal up to rounding (an infinite end equals only the same infinity). */
const near = (a: number, b: number) =>
  a === b ||
  (Number.isFinite(a) &&
    Number.isFinite(b) &&
    Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b)));

/**
 * The same set of real numbers, however written: `k < -2 or k > 6` is `(-\infty, -2) \cup (6,
 * \infty)`, `x \geq 3` is `[3, \infty)`. A variable named in both must be the same one.
 * `anyEnds`: whether an end is included does not matter (a confidence interval's brackets).
 */
export function sameIntervals(expected: Part[], given: Part[], anyEnds = false): boolean {
  const e = intervalsOf(expected);
  const g = intervalsOf(given);
  if (!e || !g || e.set.length !== g.set.length) return false;
  if (e.variable && g.variable && e.variable !== g.variable) return false;
  return e.set.every((a, k) => {
    const b = g.set[k]!;
    return (
      near(a.lo, b.lo) &&
      near(a.hi, b.hi) &&
      (a.loIn === b.loIn || anyEnds || !Number.isFinite(a.lo)) &&
      (a.hiIn === b.hiIn || anyEnds || !Number.isFinite(a.hi))
    );
  });
}

const UP = '(<|\\\\lt|\\\\leq?|\\\\leqslant|≤|<=)';
const DOWN = '(>|\\\\gt|\\\\geq?|\\\\geqslant|≥|>=)';
const CHAIN_UP = new RegExp(`^\\s*([^<>=]+?)\\s*${UP}\\s*([a-zA-Z])\\s*${UP}\\s*([^<>=]+?)\\s*$`);
const CHAIN_DOWN = new RegExp(
  `^\\s*([^<>=]+?)\\s*${DOWN}\\s*([a-zA-Z])\\s*${DOWN}\\s*([^<>=]+?)\\s*$`,
);
const strict = (op: string) => /^(<|>|\\lt|\\gt)$/.test(op);

/**
 * A chain of two inequalities (`-2 \le x < 7`, `7 > x \geq -2`), which the list reader does not
 * read, as the interval it is (`x \in [-2, 7)`); other text unchanged.
 */
export function chainsAsIntervals(text: string): string {
  if (!/[<>≤≥]|\\[lg]/.test(text)) return text;
  return splitTop(text.replace(/\$/g, ' '), [',', ';', '\\lor'])
    .map((piece) => {
      const up = CHAIN_UP.exec(piece);
      if (up) {
        const [, a, op1, x, op2, b] = up;
        return `${x} \\in ${strict(op1!) ? '(' : '['}${a}, ${b}${strict(op2!) ? ')' : ']'}`;
      }
      const down = CHAIN_DOWN.exec(piece);
      if (down) {
        const [, b, op1, x, op2, a] = down;
        return `${x} \\in ${strict(op2!) ? '(' : '['}${a}, ${b}${strict(op1!) ? ')' : ']'}`;
      }
      return piece;
    })
    .join(', ');
}
