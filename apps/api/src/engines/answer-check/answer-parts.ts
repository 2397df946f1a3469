// An answer's structure once read: a list of parts (solutions in any order), each a value (a
// number or expression, a tuple or interval, a set, a union of intervals, a matrix), a variable
// given a value (`x = 3`, `x \in [0, 1)`), an equation, or an inequality; and every expression of
// one. Types and a walk only: parse-answer.ts reads them.

export interface Expr {
  kind: 'expr';
  json: unknown;
  latex: string;
}
export type Value =
  | Expr
  | { kind: 'seq'; open: string; close: string; items: Value[] }
  | { kind: 'matrix'; rows: Value[][] }
  | { kind: 'set'; items: Part[] }
  | { kind: 'union'; parts: Value[] };
/**
 * A part of an answer; `unit` is the key of the unit written with it (`cm^2`), if any;
 * `approx` the approximations a stored answer gives after `\approx` (`\frac{\pi}{4} \approx
 * 0.785`), each accepted as written; `approxOnly` a part that is only an approximation
 * (`x \approx 2.581`).
 */
export type Part = (
  | {
      kind: 'value';
      variable?: string;
      value: Value;
      equation?: { lhs: Expr; rhs: Expr };
      numbered?: string;
    }
  | { kind: 'relation'; op: string; lhs: Expr; rhs: Expr }
  | { kind: 'equation'; lhs: Expr; rhs: Expr; notEqual?: Part }
) & { unit?: string; approx?: Value[]; approxOnly?: true };

/** Every expression of a part (for the guard and the sampling of variables). */
export function exprsOf(x: Part | Value): Expr[] {
  switch (x.kind) {
    case 'expr':
      return [x];
    case 'value':
      return exprsOf(x.value);
    case 'relation':
    case 'equation':
      return [x.lhs, x.rhs];
    case 'seq':
      return x.items.flatMap(exprsOf);
    case 'union':
      return x.parts.flatMap(exprsOf);
    case 'set':
      return x.items.flatMap(exprsOf);
    case 'matrix':
      return x.rows.flat().flatMap(exprsOf);
  }
}
