// A numeric evaluator over Compute Engine's MathJSON as parsed (not canonical), in complex
// double-precision arithmetic. It is what compares values, and it is the guard before any
// symbolic work: a value that overflows (10^{10^{10}}, 9!!!!!!) is refused here in microseconds,
// where exact arithmetic would try to build the number.

import { CANNOT_COMPARE_CLAUSE, notReadable, WORDS_CLAUSE } from './messages';

/** A complex number as [real, imaginary]. */
export type C = readonly [number, number];

/** Thrown when an answer is beyond what the checker takes; the message is for the learner. */
export class Refusal extends Error {}

/** Thrown for an expression with no meaning here; the message (a sentence) is for the learner. */
export class Unreadable extends Error {}

const CANNOT_COMPARE = notReadable(CANNOT_COMPARE_CLAUSE);
const WORDS = notReadable(WORDS_CLAUSE);

export const TOO_LARGE = 'Your answer is too complex to check: a number in it is too large.';
export const TOO_BIG_TREE = 'Your answer is too complex to check: it is too long.';

/** Most nodes an expression may have. */
const MAX_NODES = 400;

const CONSTANTS: Record<string, C> = {
  Pi: [Math.PI, 0],
  pi: [Math.PI, 0],
  e: [Math.E, 0],
  ExponentialE: [Math.E, 0],
  i: [0, 1],
  ImaginaryUnit: [0, 1],
  PositiveInfinity: [Infinity, 0],
  NegativeInfinity: [-Infinity, 0],
};

/** The name a free variable goes by (a symbol, or a symbol with a subscript such as x_1). */
export function variableName(json: unknown): string | undefined {
  if (typeof json === 'string' && !json.startsWith("'") && !(json in CONSTANTS)) return json;
  if (Array.isArray(json) && json[0] === 'At' && typeof json[1] === 'string')
    return `${json[1]}_${JSON.stringify(json.slice(2))}`;
  return undefined;
}

/**
 * The variables of an expression that stand for whole numbers: those inside a factorial or a
 * binomial coefficient (`n!`, `(n+1)!`), which are sampled at whole numbers.
 */
export function integerVariablesOf(json: unknown, into = new Set<string>()): Set<string> {
  if (!Array.isArray(json)) return into;
  const head = json[0];
  if (head === 'Factorial' || head === 'Factorial2' || head === 'Binomial') {
    for (const a of json.slice(1)) variablesOf(a, into);
  } else for (const a of json.slice(1)) integerVariablesOf(a, into);
  return into;
}

/** The free variables of an expression, by name. */
export function variablesOf(json: unknown, into = new Set<string>()): Set<string> {
  const name = variableName(json);
  if (name !== undefined) into.add(name);
  else if (Array.isArray(json)) for (const a of json.slice(1)) variablesOf(a, into);
  return into;
}

const add = (a: C, b: C): C => [a[0] + b[0], a[1] + b[1]];
const mul = (a: C, b: C): C =>
  a[1] === 0 && b[1] === 0
    ? [a[0] * b[0], 0]
    : [a[0] * b[0] - a[1] * b[1], a[0] * b[1] + a[1] * b[0]];
const div = (a: C, b: C): C => {
  if (b[1] === 0) return [a[0] / b[0], a[1] / b[0]];
  const d = b[0] * b[0] + b[1] * b[1];
  return [(a[0] * b[0] + a[1] * b[1]) / d, (a[1] * b[0] - a[0] * b[1]) / d];
};
const abs = (a: C) => Math.hypot(a[0], a[1]);
/**
 * Set when a real value was taken out of the real numbers (the square root or logarithm of a
 * negative number, a fractional power of one): the point is outside the expression's real domain.
 */
let leftReals = false;
// `+ 0` turns a negative zero into zero: the principal branch (√−1 = i, not −i).
const log = (a: C): C => {
  if (a[1] === 0 && a[0] < 0) leftReals = true;
  return [Math.log(abs(a)), Math.atan2(a[1] + 0, a[0])];
};
const exp = (a: C): C =>
  a[1] === 0
    ? [Math.exp(a[0]), 0]
    : [Math.exp(a[0]) * Math.cos(a[1]), Math.exp(a[0]) * Math.sin(a[1])];
function pow(a: C, b: C): C {
  if (a[1] === 0 && b[1] === 0 && (a[0] >= 0 || Number.isInteger(b[0])))
    return [Math.pow(a[0], b[0]), 0];
  if (a[0] === 0 && a[1] === 0) return [0, 0];
  if (a[1] === 0 && b[1] === 0) leftReals = true;
  return exp(mul(b, log(a)));
}
const real =
  (f: (x: number) => number) =>
  (a: C): C => {
    if (a[1] !== 0) throw new Unreadable(CANNOT_COMPARE);
    return [f(a[0]), 0];
  };
function factorial(n: C, step: number): C {
  if (n[1] !== 0 || !Number.isInteger(n[0]) || n[0] < 0)
    throw new Unreadable(notReadable('a factorial needs a whole number that is not negative'));
  if (n[0] > 170) throw new Refusal(TOO_LARGE);
  let r = 1;
  for (let k = n[0]; k > 1; k -= step) r *= k;
  return [r, 0];
}
const gcd = (a: number, b: number): number => (b === 0 ? Math.abs(a) : gcd(b, a % b));

const UNARY: Record<string, (a: C) => C> = {
  Negate: (a) => [-a[0], -a[1]],
  Sqrt: (a) => pow(a, [0.5, 0]),
  Exp: exp,
  Ln: log,
  Lb: (a) => div(log(a), [Math.LN2, 0]),
  Lg: (a) => div(log(a), [Math.LN10, 0]),
  Abs: (a) => [abs(a), 0],
  Sin: real(Math.sin),
  Cos: real(Math.cos),
  Tan: real(Math.tan),
  Sec: real((x) => 1 / Math.cos(x)),
  Csc: real((x) => 1 / Math.sin(x)),
  Cot: real((x) => 1 / Math.tan(x)),
  Arcsin: real(Math.asin),
  Arccos: real(Math.acos),
  Arctan: real(Math.atan),
  Sinh: real(Math.sinh),
  Cosh: real(Math.cosh),
  Tanh: real(Math.tanh),
  Floor: real(Math.floor),
  Ceil: real(Math.ceil),
  Sign: real(Math.sign),
  Factorial: (a) => factorial(a, 1),
  Factorial2: (a) => factorial(a, 2),
};

const isInfinity = (j: unknown): boolean =>
  j === 'PositiveInfinity' ||
  j === 'NegativeInfinity' ||
  (Array.isArray(j) && (j[0] === 'Negate' || j[0] === 'Delimiter') && isInfinity(j[1]));

/** The head names the evaluator reads as a product of its arguments. */
const PRODUCTS = new Set(['Multiply', 'InvisibleOperator']);

/**
 * The value of `json` with the variables given; throws Refusal when a value overflows or the
 * expression is too big, Unreadable for anything with no numeric meaning here.
 */
export function evaluate(json: unknown, vars: ReadonlyMap<string, C>): C {
  return evaluateInDomain(json, vars).value;
}

/**
 * The value of `json` (as evaluate) and whether it stays real where its variables are real
 * (`real: false` for `\sqrt{x}` at x = −1: the point is outside its real domain).
 */
export function evaluateInDomain(
  json: unknown,
  vars: ReadonlyMap<string, C>,
): { value: C; real: boolean } {
  leftReals = false;
  const value = evaluateValue(json, vars);
  return { value, real: !leftReals };
}

function evaluateValue(json: unknown, vars: ReadonlyMap<string, C>): C {
  let nodes = 0;
  const ev = (j: unknown): C => {
    if (++nodes > MAX_NODES) throw new Refusal(TOO_BIG_TREE);
    const v = evalNode(j);
    if (!Number.isFinite(v[0]) || !Number.isFinite(v[1])) {
      // Infinity written as such is a value (in an interval); any other overflow is refused.
      if (isInfinity(j) || Number.isNaN(v[0]) || Number.isNaN(v[1])) return v;
      throw new Refusal(TOO_LARGE);
    }
    return v;
  };
  const evalNode = (j: unknown): C => {
    if (typeof j === 'number') return [j, 0];
    if (typeof j === 'string') {
      const c = CONSTANTS[j];
      if (c) return c;
      const v = vars.get(j);
      if (v) return v;
      throw new Unreadable(j.startsWith("'") ? WORDS : CANNOT_COMPARE);
    }
    if (!Array.isArray(j)) {
      const num = (j as { num?: string }).num;
      if (typeof num === 'string') return [Number(num.replace(/\(\d+\)$/, '')), 0];
      throw new Unreadable(CANNOT_COMPARE);
    }
    const [head, ...args] = j as [string, ...unknown[]];
    if (head === 'At') {
      const v = vars.get(variableName(j)!);
      if (v) return v;
    }
    if (head === 'Error') throw new Unreadable(CANNOT_COMPARE);
    const one = () => {
      if (args.length !== 1) throw new Unreadable(CANNOT_COMPARE);
      return ev(args[0]);
    };
    if (head === 'Delimiter' || head === 'Sequence') {
      if (args.length === 0) throw new Unreadable(notReadable('it has empty brackets'));
      const inner = args[0];
      if (Array.isArray(inner) && inner[0] === 'Sequence' && inner.length !== 2)
        throw new Unreadable(CANNOT_COMPARE);
      return ev(inner);
    }
    if (head === 'Add') return args.map(ev).reduce(add, [0, 0]);
    if (head === 'Subtract') {
      const [a, b] = args.map(ev);
      return add(a!, [-b![0], -b![1]]);
    }
    if (PRODUCTS.has(head)) return args.map(ev).reduce(mul, [1, 0]);
    if (head === 'Divide' || head === 'Rational') {
      const [a, b] = args.map(ev);
      return div(a!, b!);
    }
    if (head === 'Power') {
      if (Array.isArray(args[1]) && args[1][0] === 'List')
        throw new Unreadable(notReadable('write a power of a power with brackets, e.g. a^(b^c)'));
      const [a, b] = args.map(ev);
      return pow(a!, b!);
    }
    if (head === 'Square') return pow(one(), [2, 0]);
    if (head === 'Root') {
      const [a, n] = args.map(ev);
      if (a![1] === 0 && n![1] === 0 && a![0] < 0 && Math.abs(n![0] % 2) === 1)
        return [-Math.pow(-a![0], 1 / n![0]), 0];
      return pow(a!, div([1, 0], n!));
    }
    if (head === 'Log') {
      const [a, base] = args.map(ev);
      return div(log(a!), base ? log(base) : [Math.LN10, 0]);
    }
    if (head === 'Complex') {
      const [a, b] = args.map(ev);
      return [a![0], b![0]];
    }
    if (head === 'GCD' || head === 'LCM') {
      const ns = args.map(ev).map((v) => v[0]);
      if (!ns.every(Number.isInteger)) throw new Unreadable(CANNOT_COMPARE);
      return [ns.reduce((a, b) => (head === 'GCD' ? gcd(a, b) : Math.abs(a * b) / gcd(a, b))), 0];
    }
    if (head === 'Binomial') {
      const [n, k] = args.map(ev);
      const f = (x: number) => factorial([x, 0], 1)[0];
      return [f(n![0]) / (f(k![0]) * f(n![0] - k![0])), 0];
    }
    const unary = UNARY[head];
    if (unary) return unary(one());
    throw new Unreadable(CANNOT_COMPARE);
  };
  return ev(json);
}
