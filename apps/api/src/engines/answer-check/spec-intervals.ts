// Intervals of the real line, however an answer writes them: relations of a variable and a number,
// intervals in brackets and their unions, and chains of two inequalities (read by the parser as the
// interval they are). Over answers already read, on the answer checker's thread.
import type { Expr, Part, Value } from './answer-parts';
import { evaluate } from './evaluate';

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
