// The fixed points at which an answer's expressions are evaluated (for the comparison, and for the
// guard that refuses values too large before anything is compared).
import { exprsOf, type Part } from './answer-parts';
import { evaluate, integerVariablesOf, variablesOf, type C } from './evaluate';

/**
 * The sample points: each variable's value at each point (fixed, so verdicts repeat). Variables
 * that stand for whole numbers (under a factorial) take whole values from 1 to 7.
 */
export const POINTS = 6;
export function pointsFor(
  names: Iterable<string>,
  integers: ReadonlySet<string> = new Set(),
): Map<string, C>[] {
  const sorted = [...names].sort();
  return Array.from({ length: POINTS }, (_, p) => {
    const m = new Map<string, C>();
    sorted.forEach((name, k) => {
      if (integers.has(name)) return void m.set(name, [1 + ((3 * p + 2 * k) % 7), 0]);
      const u = Math.sin(12.9898 * (p + 1) + 78.233 * (k + 1)) * 43758.5453;
      m.set(name, [0.35 + 2.3 * (u - Math.floor(u)), 0]);
    });
    return m;
  });
}

/**
 * Points with negative values, for the comparison only (after the positive points): `x` and
 * `\sqrt{x^2}` agree for x > 0 and not below. A point where either side leaves the real numbers
 * (`\sqrt{x}` at x < 0) is outside its domain and is not used. Whole-number variables stay as
 * they are.
 */
export function negativePointsFor(
  names: Iterable<string>,
  integers: ReadonlySet<string> = new Set(),
): Map<string, C>[] {
  return pointsFor(names, integers)
    .slice(0, 3)
    .map((point, p) => {
      const m = new Map<string, C>();
      let k = 0;
      for (const [name, v] of point) {
        // The first point all negative; then mixed signs.
        const negate = !integers.has(name) && (p === 0 || (p + k++) % 2 === 1);
        m.set(name, negate ? [-v[0], 0] : v);
      }
      return m;
    });
}

/**
 * Evaluates every expression at the sample points: the guard that refuses values too large and
 * finds parts with no numeric meaning before anything is compared.
 */
export function guardValues(parts: Part[]): void {
  for (const e of parts.flatMap(exprsOf)) {
    const integers = integerVariablesOf(e.json);
    for (const point of pointsFor(variablesOf(e.json), integers)) evaluate(e.json, point);
  }
}
