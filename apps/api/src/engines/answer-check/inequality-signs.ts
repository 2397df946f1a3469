// The inequality signs: the one list the checker reads them by, each direction as LaTeX writes it
// (strict, then with equality) and as it is typed or pasted. Text only.
import { escapeRegExp } from './latex-text';

/** One direction's signs. */
interface Signs {
  /** Strict, as LaTeX writes it. */
  strict: readonly string[];
  /** With equality, as LaTeX writes it; `\leq` before `\le`, the order a pattern tries them in. */
  orEqual: readonly string[];
  /** With equality, as it is pasted or typed. */
  typed: readonly string[];
}

export const LESS: Signs = {
  strict: ['<', '\\lt'],
  orEqual: ['\\leq', '\\le', '\\leqslant'],
  typed: ['≤', '<='],
};
export const GREATER: Signs = {
  strict: ['>', '\\gt'],
  orEqual: ['\\geq', '\\ge', '\\geqslant'],
  typed: ['≥', '>='],
};

/** Every inequality sign as LaTeX writes it. */
export const LATEX_INEQUALITIES: readonly string[] = [LESS, GREATER].flatMap((s) => [
  ...s.strict,
  ...s.orEqual,
]);

/** Whether a sign (as LaTeX writes it) is strict. */
export const isStrict = (sign: string) =>
  LESS.strict.includes(sign) || GREATER.strict.includes(sign);

/** A pattern's group matching any of one direction's signs, tried in the list's order. */
export const signsGroup = (signs: Signs) =>
  `(${[...signs.strict, ...signs.orEqual, ...signs.typed].map(escapeRegExp).join('|')})`;
