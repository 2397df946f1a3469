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
 * The password policy (design.md §4): 8–128 characters with upper case, lower case and a digit.
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
