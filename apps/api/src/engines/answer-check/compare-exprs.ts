// Whether two expressions, or two equations or inequalities, are equivalent: by Compute Engine's
// canonical forms (exact) and else by their values at fixed sample points.
import type { Expr } from './answer-parts';
import { evaluate, evaluateInDomain, integerVariablesOf, variablesOf, type C } from './evaluate';
import { ce } from './parse-expr';
import { negativePointsFor, pointsFor } from './sample-points';

/**
 * How a given part stands to the expected one: `units` when the numbers agree but the units do
 * not (`5 \text{ m}` for `5 \text{ cm}`).
 */
export type Match = 'equal' | 'negated' | 'units' | 'different';

/** Largest magnitude at which doubles still tell consecutive integers apart. */
const EXACT_DOUBLES = 2 ** 53;
/** Relative difference under which two values are the same. */
const TOLERANCE = 1e-9;

const close = (a: C, b: C) => {
  if (!Number.isFinite(a[0]) || !Number.isFinite(b[0])) return a[0] === b[0] && a[1] === b[1];
  const scale = Math.max(Math.hypot(a[0], a[1]), Math.hypot(b[0], b[1]));
  // Relative, so that 1/2^98 and 2/2^98 differ; against an exact 0, rounding noise (sin π).
  const tolerance =
    (a[0] === 0 && a[1] === 0) || (b[0] === 0 && b[1] === 0) ? ROUNDING : TOLERANCE * scale;
  return Math.hypot(a[0] - b[0], a[1] - b[1]) <= tolerance;
};
/** Rounding noise around zero in double arithmetic on values of about 1. */
const ROUNDING = 1e-12;
const isZero = (a: C) => Math.hypot(a[0], a[1]) <= ROUNDING;
const valid = (a: C) => !Number.isNaN(a[0]) && !Number.isNaN(a[1]);

/**
 * The values of some expressions at the sample points: the positive points, then (when there are
 * variables) the points with negative values where every expression stays real; a point where
 * one cannot be evaluated is left out.
 */
function* samples(exprs: readonly unknown[]): Generator<C[]> {
  const names = new Set<string>();
  const integers = new Set<string>();
  for (const j of exprs) {
    variablesOf(j, names);
    integerVariablesOf(j, integers);
  }
  for (const point of pointsFor(names, integers)) yield exprs.map((j) => evaluate(j, point));
  if (names.size === 0) return;
  for (const point of negativePointsFor(names, integers)) {
    let values: C[];
    try {
      const results = exprs.map((j) => evaluateInDomain(j, point));
      if (results.some((r) => !r.real)) continue;
      values = results.map((r) => r.value);
    } catch {
      continue;
    }
    yield values;
  }
}

/** Exact comparison by Compute Engine: the same canonical form, or a difference that simplifies to 0. */
function symbolicallyEqual(a: Expr, b: Expr): boolean {
  const x = ce.box(a.json as never);
  const y = ce.box(b.json as never);
  if (x.isSame(y)) return true;
  return ce
    .box(['Subtract', x, y] as never)
    .simplify()
    .is(0);
}

/** Two expressions: equal, exactly the negative of each other, or different. */
export function compareExprs(expected: Expr, given: Expr): Match {
  const names = variablesOf(expected.json, variablesOf(given.json));
  let equal = true;
  let negated = true;
  let checked = 0;
  let largest = 0;
  for (const [e, g] of samples([expected.json, given.json]) as Generator<[C, C]>) {
    if (!valid(e) || !valid(g)) continue;
    checked++;
    largest = Math.max(largest, Math.abs(e[0]), Math.abs(g[0]));
    if (!close(e, g)) equal = false;
    if (isZero(e) || !close(e, [-g[0], -g[1]])) negated = false;
    if (names.size === 0) break;
  }
  // A number with no value (0/0) equals nothing; expressions in variables with too few sample
  // points where both have a value are compared symbolically only.
  if (checked === 0 && names.size === 0) return 'different';
  if (checked < 3 && names.size > 0) {
    return symbolicallyEqual(expected, given) ? 'equal' : 'different';
  }
  // Beyond 2^53 doubles round: a large integer off by one must still be told apart, exactly.
  if (equal && names.size === 0 && largest >= EXACT_DOUBLES) {
    return symbolicallyEqual(expected, given) ? 'equal' : 'different';
  }
  return equal ? 'equal' : negated ? 'negated' : 'different';
}

/**
 * The constant k with (lhs − rhs) of `e` = k (lhs − rhs) of `g` at every sample point, when there
 * is one (the same equation or inequality, both sides multiplied by k); else undefined.
 */
function sidesRatio(e: { lhs: Expr; rhs: Expr }, g: { lhs: Expr; rhs: Expr }): number | undefined {
  let ratio: C | undefined;
  let checked = 0;
  for (const [el, er, gl, gr] of samples([e.lhs.json, e.rhs.json, g.lhs.json, g.rhs.json])) {
    const de = sub(el!, er!);
    const dg = sub(gl!, gr!);
    if (!valid(de) || !valid(dg)) continue;
    if (isZero(de) || isZero(dg)) {
      if (isZero(de) !== isZero(dg)) return undefined;
      continue;
    }
    const r: C = [de[0] / dg[0], 0];
    if (de[1] !== 0 || dg[1] !== 0) return undefined;
    if (ratio && !close(ratio, r)) return undefined;
    ratio = r;
    checked++;
  }
  return checked > 0 ? ratio![0] : undefined;
}

/** Two equations alike when one side minus the other is a constant (non-zero) multiple. */
export function compareEquations(e: { lhs: Expr; rhs: Expr }, g: { lhs: Expr; rhs: Expr }): Match {
  return sidesRatio(e, g) === undefined ? 'different' : 'equal';
}

/**
 * Two inequalities (both kept with `<`, `\\leq` or `\\neq`): the same relation when one's sides'
 * difference is a positive multiple of the other's (`2 < 2x` is `1 < x`), any multiple for `\\neq`
 * (`1 \\neq x` is `x \\neq 1`). Without variables, side by side.
 */
export function compareRelations(
  e: { op: string; lhs: Expr; rhs: Expr },
  g: { op: string; lhs: Expr; rhs: Expr },
): Match {
  if (e.op !== g.op) return 'different';
  const names = new Set<string>();
  for (const x of [e.lhs, e.rhs, g.lhs, g.rhs]) variablesOf(x.json, names);
  if (names.size === 0) {
    return compareExprs(e.lhs, g.lhs) === 'equal' && compareExprs(e.rhs, g.rhs) === 'equal'
      ? 'equal'
      : 'different';
  }
  const ratio = sidesRatio(e, g);
  if (ratio === undefined) return 'different';
  return e.op === '\\neq' || ratio > 0 ? 'equal' : 'different';
}
const sub = (a: C, b: C): C => [a[0] - b[0], a[1] - b[1]];
