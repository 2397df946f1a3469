import { z } from 'zod';

/** Field schemas defined once, used by forms, routes and tests. */
export const EmailSchema = z
  .string({ error: 'Email is required.' })
  .trim()
  .min(1, 'Email is required.')
  .max(254, 'Email must be at most 254 characters.')
  .pipe(z.email({ error: 'Please enter a valid email address.' }))
  .transform((v) => v.toLowerCase());

/** A password as typed: the policy itself is checked by the server (see passwordPolicyProblem). */
export const PasswordInputSchema = z
  .string({ error: 'Password is required.' })
  .min(1, 'Password is required.')
  .max(1024, 'Password must be at most 1024 characters.');

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const PASSWORD_HINT =
  'Password should be at least 8 characters long and include uppercase, lowercase, and numbers.';

/**
 * The password policy: 8–128 characters with upper case, lower case and a digit.
 * Returns the first unmet rule, or null. Common passwords are refused by the server on top of this.
 */
export function passwordPolicyProblem(password: string): string | null {
  if (password.length < PASSWORD_MIN) return 'Password not long enough';
  if (password.length > PASSWORD_MAX) return 'Password must be at most 128 characters';
  if (!/[a-z]/.test(password)) return 'Password must have lowercase characters';
  if (!/[A-Z]/.test(password)) return 'Password must have uppercase characters';
  if (!/[0-9]/.test(password)) return 'Password must have numeric characters';
  return null;
}

export const NameSchema = z
  .string({ error: 'Name is required.' })
  .trim()
  .min(1, 'Name is required.')
  .max(100, 'Name must be at most 100 characters.');

/** Confirmation and reset codes: 6 digits (spec: 6 characters). */
export const CodeSchema = z
  .string({ error: 'Code is required.' })
  .trim()
  .min(1, 'Code is required.')
  .max(6, 'Code must be at most 6 characters.');

/**
 * The largest id: every id column is a 32-bit signed integer on PostgreSQL (serial / integer), so
 * an id beyond it can name nothing on either engine. Every id the API reads (path, query, body,
 * cursor) is checked against it and refused with a 400 before any query runs.
 */
export const ID_MAX = 2_147_483_647;
const ID_RANGE = `a whole number from 1 to ${ID_MAX}`;

/** An id as a JSON number (bodies and responses). */
export const IdSchema = z
  .number()
  .int(`must be ${ID_RANGE}`)
  .min(1, `must be ${ID_RANGE}`)
  .max(ID_MAX, `must be ${ID_RANGE}`);

/** An id in a body, with the field's label in its messages ("Category is required."). */
export function requiredIdField(label: string) {
  return z
    .number({ error: `${label} is required.` })
    .int(`${label} must be ${ID_RANGE}.`)
    .positive(`${label} is required.`)
    .max(ID_MAX, `${label} must be ${ID_RANGE}.`);
}

/** True for the text of an id as a path or query gives it: "1" … "2147483647", no leading zero. */
export function isIdText(value: string): boolean {
  return /^[1-9]\d{0,9}$/.test(value) && Number(value) <= ID_MAX;
}

/** An id given in a path or query string ("12"), as a number. */
export const IdParamSchema = z.string().refine(isIdText, `must be ${ID_RANGE}`).transform(Number);
