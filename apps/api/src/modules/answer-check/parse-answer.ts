// An answer's LaTeX read into its structure: a list of parts (solutions in any order), each a
// value (a number or expression, a tuple or interval, a set, a union of intervals, a matrix), a
// variable given a value (`x = 3`, `x \in [0, 1)`), an equation, or an inequality. Expressions
// are parsed by Compute Engine as written (not canonical: nothing is computed while parsing).
import { ComputeEngine } from '@cortex-js/compute-engine';
import { Refusal, Unreadable, evaluate, variablesOf, type C } from './evaluate';
import { normaliseLatex, outerClose, splitTop } from './latex-text';
import {
  asTyped,
  BRACKETS_CLAUSE,
  couldNotRead,
  LINE_BREAK_CLAUSE,
  MISSING_CLAUSE,
  notReadable,
  WORDS_CLAUSE,
} from './messages';
import { MARKER_RE } from './units';

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
  | { kind: 'value'; variable?: string; value: Value }
  | { kind: 'relation'; op: string; lhs: Expr; rhs: Expr }
  | { kind: 'equation'; lhs: Expr; rhs: Expr }
) & { unit?: string; approx?: Value[]; approxOnly?: true };

export const ce = new ComputeEngine();

/** Relations between two sides, each with the operator it reads as from the other side. */
const RELATIONS: Record<string, string> = {
  '\\leq': '\\geq',
  '\\geq': '\\leq',
  '\\neq': '\\neq',
  '<': '>',
  '>': '<',
};
/** A single variable on the left of `=` or `\in` (x, y_1, \theta). */
const VARIABLE_RE = /^(?:[a-zA-Z]|\\[a-zA-Z]+)(?:_\{?[a-zA-Z0-9]+\}?)?$/;
const MATRIX_RE = /^\\begin\{([pbvBV]?matrix)\}([\s\S]*)\\end\{\1\}$/;

/** The LaTeX a Compute Engine error points at (`['LatexString', "'\\lor'"]`), if any. */
function errorLatex(json: unknown[]): string {
  const where = Array.isArray(json[2])
    ? json[2]
    : Array.isArray(json[1]) && json[1][0] === 'ErrorCode'
      ? [undefined, json[1][2]]
      : undefined;
  return where ? String(where[1] ?? '').replace(/^'|'$/g, '') : '';
}

/**
 * The first Compute Engine error in a parsed expression, as a sentence for the learner that names
 * what they typed (never the parser's words or a TeX command).
 */
function errorHint(json: unknown): string | undefined {
  if (!Array.isArray(json))
    return typeof json === 'string' && json.startsWith("'") ? notReadable(WORDS_CLAUSE) : undefined;
  if (json[0] === 'Error') {
    const code = String(Array.isArray(json[1]) ? json[1][1] : json[1]).replace(/'/g, '');
    const latex = errorLatex(json);
    if (/^\\\\?$/.test(latex.trim())) return notReadable(LINE_BREAK_CLAUSE);
    if (/delimiter|closing|opening/.test(code)) return notReadable(BRACKETS_CLAUSE);
    if (code === 'missing' || code === 'unexpected-operator') {
      const near = asTyped(latex);
      return near
        ? `We couldn’t read your answer: something is missing next to “${near}”.`
        : notReadable(MISSING_CLAUSE);
    }
    return couldNotRead(latex);
  }
  for (const a of json.slice(1)) {
    const hint = errorHint(a);
    if (hint) return hint;
  }
  return undefined;
}

export function parseExpr(latex: string): Expr {
  const trimmed = latex.trim();
  if (!trimmed) throw new Unreadable(notReadable(MISSING_CLAUSE));
  const json = ce.parse(trimmed, { canonical: false }).json;
  const hint = errorHint(json);
  if (hint) throw new Unreadable(hint);
  return { kind: 'expr', json, latex: trimmed };
}

function parseValue(s: string): Value {
  s = s.trim();
  if (s === '\\emptyset' || s === '\\{\\}') return { kind: 'set', items: [] };
  if (isSet(s)) {
    return { kind: 'set', items: parseList(s.slice(2, -2)) };
  }
  const matrix = MATRIX_RE.exec(s);
  if (matrix) {
    const rows = splitTop(matrix[2]!, ['\\\\']).filter((r) => r.trim() !== '');
    return { kind: 'matrix', rows: rows.map((r) => splitTop(r, ['&']).map(parseValue)) };
  }
  const union = splitTop(s, ['\\cup']);
  if (union.length > 1) return { kind: 'union', parts: union.map(parseValue) };
  // A ratio (`1:4`, `3 : 2`): its terms in order.
  const ratio = splitTop(s, [':']);
  if (ratio.length > 1) return { kind: 'seq', open: ':', close: ':', items: ratio.map(parseValue) };
  if (s.startsWith('\\langle') && s.endsWith('\\rangle')) {
    return {
      kind: 'seq',
      open: '<',
      close: '>',
      items: splitTop(s.slice(7, -7), [',']).map(parseValue),
    };
  }
  if ((s[0] === '(' || s[0] === '[') && outerClose(s) === s.length - 1) {
    const items = splitTop(s.slice(1, -1), [',']);
    if (items.length > 1)
      return { kind: 'seq', open: s[0], close: s.at(-1)!, items: items.map(parseValue) };
  }
  return parseExpr(s);
}

/**
 * A part with its unit: the unit markers in it taken out, and kept when they all name one unit
 * (a part with two different units, `5 \text{ ft } 3 \text{ in}`, is compared without them). A
 * set's units belong to its elements, which are parts of their own.
 */
function parsePart(s: string): Part {
  const keys = new Set([...s.matchAll(MARKER_RE)].map((m) => m[1]!));
  if (keys.size === 0 || isSet(s.trim())) return parseApproximated(s);
  const part = parseApproximated(s.replace(MARKER_RE, ' '));
  return keys.size === 1 ? { ...part, unit: [...keys][0]! } : part;
}

/**
 * A part with the approximations written after it: `A \approx B` is A, and B is accepted as
 * written; `x \approx B` (or a bare `\approx B`) is a part that is only an approximation.
 */
function parseApproximated(s: string): Part {
  const [first, ...rest] = splitTop(s, ['\\approx']);
  if (rest.length === 0) return parseBarePart(s);
  const approx = rest.map(parseValue);
  const lead = first!.trim();
  if (lead === '' || VARIABLE_RE.test(lead)) {
    return {
      kind: 'value',
      ...(lead ? { variable: variable(lead) } : {}),
      value: approx[0]!,
      approxOnly: true,
    };
  }
  return { ...parseBarePart(first!), approx };
}

/** `\{…\}` as a whole. */
const isSet = (s: string) =>
  s.startsWith('\\{') && s.endsWith('\\}') && outerClose(s) === s.length - 1;

function parseBarePart(s: string): Part {
  for (const [op] of Object.entries(RELATIONS)) {
    const sides = splitTop(s, [op]);
    if (sides.length === 2) {
      const [l, r] = sides.map((x) => parseExpr(x));
      // `x > 3` and `3 < x` are one relation: kept with `<`, `\leq` or `\neq`.
      return op === '>' || op === '\\geq'
        ? { kind: 'relation', op: RELATIONS[op]!, lhs: r!, rhs: l! }
        : { kind: 'relation', op, lhs: l!, rhs: r! };
    }
    if (sides.length > 2) throw new Unreadable(notReadable('write each inequality on its own'));
  }
  const inSet = splitTop(s, ['\\in']);
  if (inSet.length === 2 && VARIABLE_RE.test(inSet[0]!.trim())) {
    return { kind: 'value', variable: variable(inSet[0]!), value: parseValue(inSet[1]!) };
  }
  const sides = splitTop(s, ['=']);
  if (sides.length === 1) return { kind: 'value', value: parseValue(s) };
  // `x = 2 = 4/2`: the variable and the last value.
  const last = sides.at(-1)!;
  if (VARIABLE_RE.test(sides[0]!.trim())) {
    return { kind: 'value', variable: variable(sides[0]!), value: parseValue(last) };
  }
  const exprs = sides.map(parseExpr);
  // `\frac{3744}{2598960} = \frac{6}{4165}`: equal numbers, written in turn, are the last one.
  if (exprs.every((e) => variablesOf(e.json).size === 0) && equalNumbers(exprs)) {
    return { kind: 'value', value: exprs.at(-1)! };
  }
  if (sides.length > 2) throw new Unreadable(notReadable('it has more than one ='));
  return { kind: 'equation', lhs: exprs[0]!, rhs: exprs[1]! };
}

const variable = (s: string) => s.replace(/[{}\s]/g, '');

/** Expressions without variables that all have one value (relative 10⁻⁹). */
function equalNumbers(exprs: Expr[]): boolean {
  const values = exprs.map((e) => evaluate(e.json, new Map()));
  const [a] = values;
  return values.every(
    (v) => Math.hypot(v[0] - a![0], v[1] - a![1]) <= 1e-9 * Math.max(1, Math.hypot(a![0], a![1])),
  );
}

/** The value of a part that is a number (no variables, one expression), else undefined. */
function numberOf(p: Part): number | undefined {
  if (p.kind !== 'value' || p.value.kind !== 'expr' || variablesOf(p.value.json).size > 0)
    return undefined;
  const [re, im] = evaluate(p.value.json, new Map());
  return im === 0 && Number.isFinite(re) ? re : undefined;
}

/** How far a number written `latex` may be from the value it rounds: half its last digit. */
function roundingOf(latex: string, value: number): number {
  const decimals = /\.(\d+)/.exec(latex)?.[1]?.length ?? 0;
  // `1.54 \times 10^6`: three significant figures of a power of ten.
  const power = /\\times\s*10\s*\^\s*\{?\s*(-?\d+)/.exec(latex);
  const scale = power ? 10 ** Number(power[1]) : 1;
  return Math.max(0.5 * 10 ** -decimals * scale, 1e-9 * Math.abs(value));
}

/**
 * A part that is only an approximation of another part of the same answer (`$x = \frac{2 \pm
 * \sqrt{10}}{2}$, that is, $x \approx 2.581$ or $x \approx -0.581$`) is that part's
 * approximation, not a part of its own: the answer has two solutions, not four.
 */
function foldApproximations(parts: Part[]): Part[] {
  const kept = parts.filter((p) => !p.approxOnly);
  const loose: Part[] = [];
  for (const p of parts.filter((q) => q.approxOnly)) {
    const value = numberOf(p);
    const latex = p.kind === 'value' && p.value.kind === 'expr' ? p.value.latex : '';
    const target =
      value === undefined
        ? undefined
        : kept.find((q) => {
            const exact = numberOf(q);
            const sameVariable =
              q.kind === 'value' &&
              p.kind === 'value' &&
              (!p.variable || q.variable === p.variable);
            return (
              sameVariable &&
              exact !== undefined &&
              Math.abs(exact - value) <= roundingOf(latex, value)
            );
          });
    if (target && p.kind === 'value') target.approx = [...(target.approx ?? []), p.value];
    else loose.push(p);
  }
  return [...kept, ...loose];
}

/** `\pm` and `\mp` as the two answers they stand for (at most two of them in one part). */
function expandPlusMinus(part: string): string[] {
  const m = /\\(pm|mp)(?![a-zA-Z])/.exec(part);
  if (!m) return [part];
  const at = (sign: string) => part.slice(0, m.index) + sign + part.slice(m.index + m[0].length);
  const first = m[1] === 'pm' ? ['+', '-'] : ['-', '+'];
  return first.map(at).flatMap(expandPlusMinus);
}

function parseList(s: string): Part[] {
  if (!s.trim()) return [];
  return splitTop(s, [',', ';']).flatMap((p) => {
    if (!p.trim()) throw new Unreadable(notReadable('a list in it has an empty item'));
    if ((p.match(/\\(pm|mp)(?![a-zA-Z])/g) ?? []).length > 2)
      throw new Unreadable(notReadable('it has more than two ±'));
    return expandPlusMinus(p).map(parsePart);
  });
}

/**
 * The parts of an answer's maths (already taken out of its text). A single set (`\{1, 2\}`) is
 * its elements: a list of solutions and the set of them are compared alike. `bareUnits` reads a
 * unit typed without `\text` after a number (`44 m^2`) as a unit (for a stored answer with one).
 */
export function parseAnswer(math: string, options: { bareUnits?: boolean } = {}): Part[] {
  const parts = foldApproximations(parseList(normaliseLatex(math, options)));
  if (parts.length === 0) throw new Unreadable(notReadable('there is no maths in it'));
  const only = parts[0]!;
  if (parts.length === 1 && only.kind === 'value' && !only.variable && only.value.kind === 'set') {
    return only.value.items;
  }
  return parts;
}

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

/** The sample points: each variable's value at each point (fixed, so verdicts repeat). */
export const POINTS = 6;
export function pointsFor(names: Iterable<string>): Map<string, C>[] {
  const sorted = [...names].sort();
  return Array.from({ length: POINTS }, (_, p) => {
    const m = new Map<string, C>();
    sorted.forEach((name, k) => {
      const u = Math.sin(12.9898 * (p + 1) + 78.233 * (k + 1)) * 43758.5453;
      m.set(name, [0.35 + 2.3 * (u - Math.floor(u)), 0]);
    });
    return m;
  });
}

/**
 * Evaluates every expression at the sample points: the guard that refuses values too large and
 * finds parts with no numeric meaning before anything is compared.
 */
export function guardValues(parts: Part[]): void {
  for (const e of parts.flatMap(exprsOf)) {
    for (const point of pointsFor(variablesOf(e.json))) evaluate(e.json, point);
  }
}

export { Refusal, Unreadable };
