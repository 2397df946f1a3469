// An answer's LaTeX read into its structure (answer-parts.ts): a list of parts, each a value, a
// variable given a value, an equation or an inequality. Each expression is parsed by Compute
// Engine as written (parse-expr.ts).
import { exprsOf, type Expr, type Part, type Value } from './answer-parts';
import { evaluate, Unreadable, variablesOf } from './evaluate';
import { distinct, foldApproximations, labelledRoots } from './fold-parts';
import { INEQUALITY_SIGNS, isLess, isStrict } from './inequality-signs';
import { notReadable } from './messages';
import { normaliseLatex } from './normalise-latex';
import { parseExpr } from './parse-expr';
import { isOneGroup, outerClose, splitTop } from './split-top';
import { MARKER_RE } from './units';

/** Relations between two sides, each with the operator it reads as from the other side. */
const RELATIONS: Record<string, string> = {
  '\\leq': '\\geq',
  '\\geq': '\\leq',
  '\\neq': '\\neq',
  '<': '>',
  '>': '<',
};
/** A single variable on the left of `=` or `\in` (x, y_1, \theta). */
const NAME = String.raw`(?:[a-zA-Z]|\\[a-zA-Z]+)(?:_\{?[a-zA-Z0-9]+\}?)?`;
const VARIABLE_RE = new RegExp(`^${NAME}$`);
/**
 * Quantities named on the left of `=` and given a value (with no variables in it), as a variable
 * is: a length `|AB|`, a ratio `V_1:V_2` (given as a ratio, or as one number), a tuple of
 * variables `(p,q)` (given as a tuple, or as the variables one by one), a function's value
 * `f(x) = 1`.
 */
const ABS_NAME_RE = /^\|\s*[A-Z]{2,}\s*\|$/;
const RATIO_NAME_RE = new RegExp(`^${NAME}(?:\\s*:\\s*${NAME})+$`);
const TUPLE_NAME_RE = new RegExp(`^\\(\\s*${NAME}(?:\\s*,\\s*${NAME})+\\s*\\)$`);
/** A function's value named between two inequalities (`0 < f(x) < 1`). */
const FUNCTION_NAME_RE = /^[a-zA-Z]\(\s*[a-zA-Z]\s*\)$/;
const MATRIX_RE = /^\\begin\{([pbvBV]?matrix)\}([\s\S]*)\\end\{\1\}$/;

function parseValue(s: string): Value {
  s = s.trim();
  // Braces round a whole value (a box's, `{(2, 2)}`) group nothing.
  while (isOneGroup(s)) s = s.slice(1, -1).trim();
  if (s === '\\emptyset' || s === '\\{\\}') return { kind: 'set', items: [] };
  if (isSet(s)) {
    return { kind: 'set', items: distinct(parseList(s.slice(2, -2))) };
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
  const between = doubleInequality(s);
  if (between) return between;
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
  const lead = sides[0]!.trim();
  if (VARIABLE_RE.test(lead)) {
    const value = parseValue(last);
    // `y = 1 - x`: a variable given a value, and an equation too when both sides have variables
    // (compared as an equation with another equation: `x + y = 1`, `x = y`).
    if (sides.length === 2 && value.kind === 'expr' && variablesOf(value.json).size > 0) {
      return {
        kind: 'value',
        variable: variable(lead),
        value,
        equation: { lhs: parseExpr(lead), rhs: value },
      };
    }
    return { kind: 'value', variable: variable(lead), value };
  }
  const named = sides.length === 2 ? namedQuantity(lead, last) : undefined;
  if (named) return named;
  const exprs = sides.map(parseExpr);
  // `\frac{3744}{2598960} = \frac{6}{4165}`: equal numbers, written in turn, are the last one;
  // but sides written alike (`1 = 1`) are an identity, not working: an equation.
  const written = new Set(exprs.map((e) => e.latex.replace(/\s+/g, '')));
  if (
    written.size > 1 &&
    exprs.every((e) => variablesOf(e.json).size === 0) &&
    equalNumbers(exprs)
  ) {
    return { kind: 'value', value: exprs.at(-1)! };
  }
  if (sides.length > 2) throw new Unreadable(notReadable('it has more than one ='));
  const equation: Part = { kind: 'equation', lhs: exprs[0]!, rhs: exprs[1]! };
  // `x!=3`: "not equal" as a keyboard types it, or x! = 3; which one is decided against the
  // stored answer (a factorial, or not).
  if (/(?:[a-zA-Z]|_\{?[a-zA-Z0-9]+\}?)\s*!\s*$/.test(lead)) {
    equation.notEqual = {
      kind: 'relation',
      op: '\\neq',
      lhs: parseExpr(lead.replace(/!\s*$/, '')),
      rhs: exprs[1]!,
    };
  }
  return equation;
}

/**
 * `-2 \leq x \leq 7` (or `7 \geq x \geq -2`): x in the interval [-2, 7], compared as
 * `x \in [-2, 7]` is. The middle is a variable, a length `|z|` or a function's value `f(x)`.
 */
function doubleInequality(s: string): Part | undefined {
  const sides = splitTop(s, INEQUALITY_SIGNS);
  if (sides.length !== 3) return undefined;
  const at = sides[0]!.length;
  const first = INEQUALITY_SIGNS.find((t) => s.startsWith(t, at))!;
  const second = INEQUALITY_SIGNS.find((t) =>
    s.startsWith(t, at + first.length + sides[1]!.length),
  )!;
  if (isLess(first) !== isLess(second)) return undefined;
  const middle = sides[1]!.trim();
  if (!VARIABLE_RE.test(middle) && !FUNCTION_NAME_RE.test(middle)) return undefined;
  const [low, high] = isLess(first) ? [sides[0]!, sides[2]!] : [sides[2]!, sides[0]!];
  const [lowOp, highOp] = isLess(first) ? [first, second] : [second, first];
  return {
    kind: 'value',
    variable: variable(middle),
    value: {
      kind: 'seq',
      open: isStrict(lowOp) ? '(' : '[',
      close: isStrict(highOp) ? ')' : ']',
      items: [parseValue(low), parseValue(high)],
    },
  };
}

/** `|AB| = 1`, `V_1:V_2 = 11:21`, `(p,q) = (3,2)`: the named quantity given its value. */
function namedQuantity(lead: string, last: string): Part | undefined {
  const ratio = RATIO_NAME_RE.test(lead);
  const tuple = TUPLE_NAME_RE.test(lead);
  if (!ratio && !tuple && !ABS_NAME_RE.test(lead) && !FUNCTION_NAME_RE.test(lead)) return undefined;
  const value = parseValue(last);
  const count = ratio ? splitTop(lead, [':']).length : splitTop(lead.slice(1, -1), [',']).length;
  // A ratio is given as a ratio in its order, or as one number (`A:B = 2`).
  const fits =
    tuple || (ratio && value.kind === 'seq')
      ? value.kind === 'seq' && value.open === (ratio ? ':' : '(') && value.items.length === count
      : value.kind === 'expr';
  if (!fits || exprsOf(value).some((e) => variablesOf(e.json).size > 0)) return undefined;
  return { kind: 'value', variable: variable(lead), value };
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
  const parts = labelledRoots(foldApproximations(parseList(normaliseLatex(math, options))));
  if (parts.length === 0) throw new Unreadable(notReadable('there is no maths in it'));
  const only = parts[0]!;
  if (parts.length === 1 && only.kind === 'value' && !only.variable && only.value.kind === 'set') {
    return only.value.items;
  }
  // `(p,q) = (3,2)`: a system's solution, its variables given values one by one.
  if (
    parts.length === 1 &&
    only.kind === 'value' &&
    only.variable &&
    only.value.kind === 'seq' &&
    TUPLE_NAME_RE.test(only.variable)
  ) {
    const names = splitTop(only.variable.slice(1, -1), [',']);
    const items = only.value.items;
    return names.map((name, i) => ({ kind: 'value', variable: name, value: items[i]! }));
  }
  return parts;
}
