/**
 * A few small readers for JSON the browser receives, for pages that must not download the zod
 * runtime (/examples: docs/decisions/006-bundle-budget.md). Each reader returns the value it
 * checked — objects keep only the keys they declare, as zod's objects do — or throws a
 * ShapeError naming where the value did not fit. The shared zod schemas stay the contract: the
 * readers built from these are tested against them (src/api/contract.test.ts).
 */

export class ShapeError extends Error {
  constructor(
    readonly path: string,
    readonly expected: string,
  ) {
    super(`${path || 'value'}: expected ${expected}`);
    this.name = 'ShapeError';
  }
}

/** Reads `value` (found at `path`) as a T, or throws a ShapeError. */
export type Reader<T> = (value: unknown, path?: string) => T;
export type ReadType<R> = R extends Reader<infer T> ? T : never;

const fail = (path: string, expected: string): never => {
  throw new ShapeError(path, expected);
};

export const string: Reader<string> = (value, path = '') =>
  typeof value === 'string' ? value : fail(path, 'a string');

export const boolean: Reader<boolean> = (value, path = '') =>
  typeof value === 'boolean' ? value : fail(path, 'true or false');

/** A whole number, at least `min` when given (1 for an id, 0 for a count). */
export function integer(min?: number): Reader<number> {
  const expected = min === undefined ? 'a whole number' : `a whole number ≥ ${min}`;
  return (value, path = '') =>
    typeof value === 'number' && Number.isSafeInteger(value) && (min === undefined || value >= min)
      ? value
      : fail(path, expected);
}

/** A finite number, at least `min` when given. */
export function number(min?: number): Reader<number> {
  const expected = min === undefined ? 'a number' : `a number ≥ ${min}`;
  return (value, path = '') =>
    typeof value === 'number' && Number.isFinite(value) && (min === undefined || value >= min)
      ? value
      : fail(path, expected);
}

export function literal<const T extends string | number | boolean>(expected: T): Reader<T> {
  return (value, path = '') =>
    value === expected ? expected : fail(path, JSON.stringify(expected));
}

/** One of a few strings (an enum). */
export function oneOf<const T extends string>(...allowed: readonly T[]): Reader<T> {
  const expected = allowed.map((value) => JSON.stringify(value)).join(' or ');
  return (value, path = '') =>
    (allowed as readonly unknown[]).includes(value) ? (value as T) : fail(path, expected);
}

export function nullable<T>(read: Reader<T>): Reader<T | null> {
  return (value, path = '') => (value === null ? null : read(value, path));
}

const OPTIONAL = Symbol('optional');
type Optional<T> = Reader<T | undefined> & { [OPTIONAL]: true };

/** A key that may be absent (or undefined); an absent key stays absent in the result. */
export function optional<T>(read: Reader<T>): Optional<T> {
  const reader = (value: unknown, path = '') =>
    value === undefined ? undefined : read(value, path);
  return Object.assign(reader, { [OPTIONAL]: true as const });
}

export function array<T>(read: Reader<T>): Reader<T[]> {
  return (value, path = '') =>
    Array.isArray(value)
      ? value.map((item, i) => read(item, `${path}[${i}]`))
      : fail(path, 'a list');
}

type Shape = Record<string, Reader<unknown>>;
type OptionalKeys<S extends Shape> = {
  [K in keyof S]: S[K] extends Optional<unknown> ? K : never;
}[keyof S];
type ObjectOf<S extends Shape> = {
  [K in Exclude<keyof S, OptionalKeys<S>>]: ReadType<S[K]>;
} & { [K in OptionalKeys<S>]?: ReadType<S[K]> };
type Simplify<T> = { [K in keyof T]: T[K] } & {};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** An object with the keys of `shape`; other keys are dropped. */
export function object<S extends Shape>(shape: S): Reader<Simplify<ObjectOf<S>>> {
  const entries = Object.entries(shape);
  return (value, path = '') => {
    if (!isRecord(value)) return fail(path, 'an object');
    const result: Record<string, unknown> = {};
    for (const [key, read] of entries) {
      const item = read(value[key], path ? `${path}.${key}` : key);
      if (item !== undefined || key in value) result[key] = item;
    }
    return result as Simplify<ObjectOf<S>>;
  };
}

/** A reader that refers to itself (a tree). */
export function lazy<T>(get: () => Reader<T>): Reader<T> {
  return (value, path) => get()(value, path);
}
