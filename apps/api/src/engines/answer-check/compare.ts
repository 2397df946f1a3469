// Whether two parsed answers are equivalent, structures part by part (expressions, equations and
// inequalities in compare-exprs.ts), units converted where both parts have one.
import { exprsOf, type Expr, type Part, type Value } from './answer-parts';
import { compareEquations, compareExprs, compareRelations, type Match } from './compare-exprs';
import { variablesOf } from './evaluate';
import { escapeRegExp } from './latex-text';
import { unitOfKey } from './units';

/** Two values of the same shape (a tuple and an interval must have the same brackets). */
export function compareValues(e: Value, g: Value): Match {
  if (e.kind === 'expr' && g.kind === 'expr') return compareExprs(e, g);
  if (e.kind === 'seq' && g.kind === 'seq') {
    if (e.open !== g.open || e.close !== g.close || e.items.length !== g.items.length)
      return 'different';
    return e.items.every((x, i) => compareValues(x, g.items[i]!) === 'equal')
      ? 'equal'
      : 'different';
  }
  if (e.kind === 'matrix' && g.kind === 'matrix') {
    if (e.rows.length !== g.rows.length) return 'different';
    return e.rows.every(
      (row, i) =>
        row.length === g.rows[i]!.length &&
        row.every((x, j) => compareValues(x, g.rows[i]![j]!) === 'equal'),
    )
      ? 'equal'
      : 'different';
  }
  if (e.kind === 'set' && g.kind === 'set')
    return matchAll(e.items, g.items, '') ? 'equal' : 'different';
  if (e.kind === 'union' && g.kind === 'union') {
    const asParts = (v: Value[]): Part[] => v.map((value) => ({ kind: 'value', value }));
    return matchAll(asParts(e.parts), asParts(g.parts), '') ? 'equal' : 'different';
  }
  return 'different';
}

/** The same parsed structure (the LaTeX source of each expression aside). */
const sameJson = (a: Part, b: Part) =>
  JSON.stringify(a, (key, value: unknown) => (key === 'latex' ? undefined : value)) ===
  JSON.stringify(b, (key, value: unknown) => (key === 'latex' ? undefined : value));

/** Whether `question` names the variable (so `x = 3` answers it as `3` does). */
export function mentions(question: string, variable: string): boolean {
  const escaped = escapeRegExp(variable);
  return new RegExp(`(^|[^a-zA-Z\\\\])${escaped}(?![a-zA-Z])`).test(question);
}

/**
 * Whether numbered variables (x_1, x_2) are a system's unknowns rather than the numbered roots of
 * one equation: the question names x_1 (`x_1 + x_2 = 5`, or `x_{1}`) but never x alone.
 */
function unknownsOfSystem(question: string, numbered: string, letter: string): boolean {
  const q = question.replace(/_\{\s*(\w+)\s*\}/g, '_$1');
  const alone = new RegExp(`(^|[^a-zA-Z\\\\])${letter}(?![a-zA-Z_])`);
  return mentions(q, numbered) && !alone.test(q);
}

/** A value times `factor` (a unit's size), expression by expression. */
function scaleValue(v: Value, factor: number): Value {
  switch (v.kind) {
    case 'expr':
      return { ...v, json: ['Multiply', factor, v.json] };
    case 'seq':
      return { ...v, items: v.items.map((x) => scaleValue(x, factor)) };
    case 'matrix':
      return { ...v, rows: v.rows.map((row) => row.map((x) => scaleValue(x, factor))) };
    case 'union':
      return { ...v, parts: v.parts.map((x) => scaleValue(x, factor)) };
    case 'set':
      return { ...v, items: v.items.map((p) => scalePart(p, factor)) };
  }
}

/** A part in its unit's base unit (`5 cm` as 0.05 m): every value times `factor`. */
function scalePart(p: Part, factor: number): Part {
  const scaleExpr = (x: Expr) => scaleValue(x, factor) as Expr;
  if (p.approx) p = { ...p, approx: p.approx.map((a) => scaleValue(a, factor)) };
  switch (p.kind) {
    case 'value':
      return { ...p, value: scaleValue(p.value, factor) };
    case 'relation':
    case 'equation':
      return { ...p, lhs: scaleExpr(p.lhs), rhs: scaleExpr(p.rhs) };
  }
}

/**
 * Whether a number without a unit is compared with a per cent as its hundredths, or with an angle
 * in degrees as radians: always for a per cent; for degrees when the number has π in it (a bare
 * `65` is 65°) and the question names neither degrees nor radians (`Convert 225° to radians` wants
 * radians, not the angle in any unit).
 */
function asHundredthsOrRadians(unit: { key: string }, unitless: Part, question: string): boolean {
  if (unit.key === '%') return true;
  return (
    unit.key === 'deg' &&
    JSON.stringify(unitless).includes('"Pi"') &&
    !/\b(?:degrees?|radians?)\b/i.test(question)
  );
}

/**
 * One part against another. Units count only where both parts have one the units table knows:
 * the same quantity in another unit is converted (`500 \text{ cm}` for `5 \text{ m}`); another
 * quantity (`5 \text{ kg}`) is different. A unit left out, or one the table does not know, is
 * not checked.
 */
export function compareParts(e: Part, g: Part, question: string): Match {
  // `x!=3` typed: "not equal", unless the stored answer has a factorial (`n!=120` is n! = 120).
  if (g.kind === 'equation' && g.notEqual && !hasFactorial(e))
    g = { ...g.notEqual, ...(g.unit ? { unit: g.unit } : {}) };
  const eu = e.unit === undefined ? undefined : unitOfKey(e.unit);
  const gu = g.unit === undefined ? undefined : unitOfKey(g.unit);
  const bare = compareWithoutUnits({ ...e, unit: undefined }, { ...g, unit: undefined }, question);
  // A per cent typed for a stored number without a unit is its hundredths (`0.25\%` is not ¼),
  // or the number itself where the question asks for a per cent (`25\%` for a stored 25).
  const typedPerCent =
    !eu && gu?.key === '%' && !(bare === 'equal' && /per ?cent|percentage|%/i.test(question));
  if (
    (bare !== 'equal' || typedPerCent) &&
    !eu !== !gu &&
    asHundredthsOrRadians((eu ?? gu)!, eu ? g : e, question)
  ) {
    // One side a per cent or an angle in degrees, the other a number without a unit: a per cent
    // is a hundredth (`25\%` for ¼, `0.68` for 68%), and an angle without a unit against one in
    // degrees with π in it is in radians (`\frac{\pi}{3}` for 60°).
    const unit = (eu ?? gu)!;
    const factor = unit.key === '%' ? 0.01 : unit.factor;
    const converted = compareWithoutUnits(
      eu ? scalePart({ ...e, unit: undefined }, factor) : { ...e, unit: undefined },
      gu ? scalePart({ ...g, unit: undefined }, factor) : { ...g, unit: undefined },
      question,
    );
    if (converted === 'equal' || typedPerCent) return converted;
  }
  if (!eu || !gu || eu.key === gu.key) return bare;
  if (eu.dimension === gu.dimension) {
    const converted = compareWithoutUnits(
      scalePart({ ...e, unit: undefined }, eu.factor),
      scalePart({ ...g, unit: undefined }, gu.factor),
      question,
    );
    if (converted === 'equal') return 'equal';
  }
  return bare === 'equal' ? 'units' : 'different';
}

/**
 * Two parts, their units aside. A stored part's approximations (`\frac{\pi}{4} \approx 0.785`)
 * are right answers too, as written: 0.785 is accepted, 0.79 is not.
 */
function compareWithoutUnits(e: Part, g: Part, question: string): Match {
  const exact = compareExactly(e, g, question);
  if (exact === 'equal' || !e.approx || e.kind !== 'value' || g.kind !== 'value') return exact;
  const given: Part = { kind: 'value', variable: g.variable, value: g.value };
  const approximated = e.approx.some(
    (value) =>
      compareExactly({ kind: 'value', variable: e.variable, value }, given, question) === 'equal',
  );
  return approximated ? 'equal' : exact;
}

/** An equation a part states: an equation, or a variable given a value in other variables. */
const equationOf = (p: Part) =>
  p.kind === 'equation' ? p : p.kind === 'value' ? p.equation : undefined;

function compareExactly(e: Part, g: Part, question: string): Match {
  // Written alike (after normalisation): equal without computing anything, even where values
  // say nothing (an identity such as f(0) = 0 has no difference of sides to compare).
  if (sameJson(e, g)) return 'equal';
  if (e.kind === 'value' && e.numbered && unknownsOfSystem(question, e.numbered, e.variable!)) {
    const name = g.kind === 'value' ? (g.numbered ?? g.variable) : undefined;
    if (name !== e.numbered) return 'different';
  }
  if (e.kind === 'value' && g.kind === 'value') {
    // `x = y` and `y = x`: equations, whichever variable is on the left.
    if (e.equation && g.equation && e.variable !== g.variable)
      return compareEquations(e.equation, g.equation);
    if (g.variable !== undefined && e.variable !== g.variable) {
      if (e.variable !== undefined || !mentions(question, g.variable)) return 'different';
    }
    if (e.value.kind === 'expr' && g.value.kind === 'expr')
      return compareValues(e.value, withConstantOf(e.value, g.value));
    return compareValues(e.value, g.value);
  }
  if (e.kind === 'relation' && g.kind === 'relation') return compareRelations(e, g);
  // An equation against an equation, or a variable given a value in other variables
  // (`y = 1 - x` against `x + y = 1`).
  const ee = equationOf(e);
  const ge = equationOf(g);
  if ((e.kind === 'equation' || g.kind === 'equation') && ee && ge) return compareEquations(ee, ge);
  return 'different';
}

/** The constant of integration a stored answer adds (`+ C`). */
const CONSTANT = 'C';
const termsOf = (json: unknown): unknown[] =>
  Array.isArray(json) && json[0] === 'Add' ? json.slice(1) : [json];
function renamed(json: unknown, from: string, to: string): unknown {
  if (json === from) return to;
  return Array.isArray(json) ? json.map((a, i) => (i === 0 ? a : renamed(a, from, to))) : json;
}

/**
 * The given expression with its constant of integration called C, as the stored answer calls it:
 * where the stored answer adds `+ C`, the learner's may add any other letter (`+ K`, `+ A`,
 * `+ c`) that the stored answer does not use. Elsewhere a letter is a letter.
 */
function withConstantOf(e: Expr, g: Expr): Expr {
  if (!termsOf(e.json).includes(CONSTANT)) return g;
  const known = variablesOf(e.json);
  const names = variablesOf(g.json);
  if (names.has(CONSTANT)) return g;
  const extra = [...names].filter((n) => !known.has(n));
  const letter = extra[0];
  if (extra.length !== 1 || !/^[a-zA-Z]$/.test(letter!) || !termsOf(g.json).includes(letter))
    return g;
  return { ...g, json: renamed(g.json, letter!, CONSTANT) };
}

/** Whether a part has a factorial in it. */
const hasFactorial = (p: Part) =>
  exprsOf(p).some((x) => JSON.stringify(x.json).includes('"Factorial'));

/** Each expected part paired with a different given part that equals it (any order). */
export function matchAll(expected: Part[], given: Part[], question: string): boolean {
  if (expected.length !== given.length) return false;
  const used = new Set<number>();
  return expected.every((e) => {
    const i = given.findIndex((g, k) => !used.has(k) && compareParts(e, g, question) === 'equal');
    if (i < 0) return false;
    used.add(i);
    return true;
  });
}

/** Every expression of a list of parts (for the simplification rule). */
export const exprsOfParts = (parts: Part[]) => parts.flatMap(exprsOf);
