// Whether a right answer is in the form the question asks for (`expanded`, `factorised`, `exact`),
// over answers already read (on the answer checker's thread). The rules are in
// docs/decisions/041-answer-specs.md.
import type { AnswerForm } from '@exemplar/shared/answer-spec';
import { exprsOf, type Expr, type Part } from './answer-parts';
import { FEEDBACK_FORM } from './feedback';

/** A node without its brackets (`(x + 1)` is `x + 1`). */
function bare(json: unknown): unknown {
  let j = json;
  while (Array.isArray(j) && j[0] === 'Delimiter' && j.length === 2) j = j[1];
  return j;
}
const headOf = (json: unknown) => (Array.isArray(json) ? (json[0] as string) : undefined);
const isSum = (json: unknown) => ['Add', 'Subtract'].includes(headOf(bare(json)) ?? '');
const isProduct = (json: unknown) =>
  ['Multiply', 'InvisibleOperator'].includes(headOf(bare(json)) ?? '');
/** Any letter (an unknown) in an expression. */
const hasLetter = (json: unknown): boolean =>
  typeof json === 'string'
    ? /^[a-zA-Z]$/.test(json) && json !== 'e' && json !== 'i'
    : Array.isArray(json) && json.slice(1).some(hasLetter);

/**
 * Not expanded: a product with a sum (with an unknown in it) as a factor, or a power of such a sum
 * (`(2x - 3)(x^2 + 4x - 1)`, `(x + 1)^2`, `2(x + 1)`, `-(x - 1)`).
 */
function unexpanded(json: unknown): boolean {
  const j = bare(json);
  if (!Array.isArray(j)) return false;
  const args = j.slice(1);
  if (isProduct(j) && args.some((a) => isSum(a) && hasLetter(a))) return true;
  if (j[0] === 'Negate' && isSum(args[0]) && hasLetter(args[0])) return true;
  if (
    j[0] === 'Power' &&
    isSum(args[0]) &&
    hasLetter(args[0]) &&
    typeof args[1] === 'number' &&
    args[1] >= 2
  )
    return true;
  return args.some(unexpanded);
}

const isPrime = (n: number) => {
  if (!Number.isInteger(n) || n < 2 || n > 1e12) return false;
  for (let k = 2; k * k <= n; k++) if (n % k === 0) return false;
  return true;
};
/** A power of a prime, or a prime (`2^3`, `5`). */
const primePower = (json: unknown): boolean => {
  const j = bare(json);
  if (typeof j === 'number') return isPrime(j);
  return Array.isArray(j) && j[0] === 'Power' && typeof j[1] === 'number' && isPrime(j[1]);
};
/** A number's prime factorisation: a product of primes and powers of primes (`2^3 \cdot 3^2 \cdot 5`). */
function primeFactorised(json: unknown): boolean {
  const j = bare(json);
  if (isProduct(j)) return (j as unknown[]).slice(1).every(primePower);
  return primePower(j) && Array.isArray(j);
}

/** Factorised: a product (or a power, or the negative of one), not a sum, at the top. */
function factorised(json: unknown): boolean {
  const j = bare(json);
  if (headOf(j) === 'Negate') return factorised((j as unknown[])[1]);
  return !isSum(j);
}

/** A decimal written in an expression (`2.58`, `1.5 \times 10^6`). */
const hasDecimal = (e: Expr) => /\d\.\d/.test(e.latex);

/** The expressions that are values of parts (not the approximations a stored answer gives). */
const valueExprs = (parts: Part[]) => parts.filter((p) => !p.approxOnly).flatMap((p) => exprsOf(p));

/**
 * The form feedback for a right answer not in the form asked, or undefined: `expanded` (no
 * bracketed sum multiplied or raised to a power), `factorised` (a product, where the stored answer
 * is one), `exact` (no decimal, where the stored answer has none).
 */
export function formProblem(form: AnswerForm, expected: Part[], given: Part[]): string | undefined {
  const mine = valueExprs(given);
  switch (form) {
    case 'expanded':
      return mine.some((e) => unexpanded(e.json)) ? FEEDBACK_FORM(form) : undefined;
    case 'factorised': {
      const stored = valueExprs(expected);
      // A number's prime factorisation: each factor a prime or a power of one.
      if (stored.length > 0 && stored.every((e) => primeFactorised(e.json))) {
        return mine.every((e) => primeFactorised(e.json)) ? undefined : FEEDBACK_FORM(form);
      }
      const wanted = stored.some((e) => !factorised(e.json) || !hasLetter(e.json));
      if (wanted) return undefined;
      return mine.some((e) => hasLetter(e.json) && !factorised(e.json))
        ? FEEDBACK_FORM(form)
        : undefined;
    }
    case 'exact':
      return mine.some(hasDecimal) && !valueExprs(expected).some(hasDecimal)
        ? FEEDBACK_FORM(form)
        : undefined;
    default:
      return undefined;
  }
}
