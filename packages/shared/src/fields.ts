import { z } from 'zod';
import { ID_MAX, isIdText } from './ids';

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
 * Why a new password is refused: a machine-readable `reason` in the API's error body (its `code`
 * stays ValidationError), so programs branch on it instead of on the wording.
 */
export const PasswordReason = {
  TooShort: 'PasswordTooShort',
  TooLong: 'PasswordTooLong',
  NeedsLowercase: 'PasswordNeedsLowercase',
  NeedsUppercase: 'PasswordNeedsUppercase',
  NeedsNumber: 'PasswordNeedsNumber',
  TooCommon: 'PasswordTooCommon',
  ContainsEmail: 'PasswordContainsEmail',
} as const;
export type PasswordReason = (typeof PasswordReason)[keyof typeof PasswordReason];

/**
 * Whose password is being set: the person's own (register, reset, change), or another user's (a
 * superadmin, or the operator's CLI), whose email address the sentence then names.
 */
export interface PasswordOwner {
  own: boolean;
}

/** The shortest part of an email address before the @ that a password may not contain. */
export const EMAIL_NAME_MIN = 4;

/**
 * The part of `email` before the @, lower-cased, that a password must not contain (in upper or
 * lower case): it is often the person's name or user name, and anyone who knows the address tries
 * it first. Null when it is shorter than EMAIL_NAME_MIN (too common a fragment to refuse).
 */
export function emailNamePart(email: string): string | null {
  const name = email.split('@')[0]?.toLowerCase() ?? '';
  return name.length >= EMAIL_NAME_MIN ? name : null;
}

/** Whether `password` contains the part of `email` before the @ (emailNamePart), in any case. */
export function containsEmailName(password: string, email: string): boolean {
  const name = emailNamePart(email);
  return name !== null && password.toLowerCase().includes(name);
}

/**
 * The sentence people are shown for a refused password: plain words, one rule each. `email` is the
 * address of the account whose password it is.
 */
export function passwordReasonMessage(
  reason: PasswordReason,
  email: string,
  owner: PasswordOwner,
): string {
  switch (reason) {
    case PasswordReason.TooShort:
      return `The password needs at least ${PASSWORD_MIN} characters.`;
    case PasswordReason.TooLong:
      return `The password can have at most ${PASSWORD_MAX} characters.`;
    case PasswordReason.NeedsLowercase:
      return 'The password needs at least one lowercase letter (a–z).';
    case PasswordReason.NeedsUppercase:
      return 'The password needs at least one uppercase letter (A–Z).';
    case PasswordReason.NeedsNumber:
      return 'The password needs at least one number (0–9).';
    case PasswordReason.TooCommon:
      return 'That password is too common and easy to guess. Please choose another.';
    case PasswordReason.ContainsEmail: {
      const name = emailNamePart(email) ?? email;
      return owner.own
        ? `The password must not contain the part of your email address before the @ ("${name}"), in upper or lower case.`
        : `The password must not contain the part of the user's email address before the @ ("${name}" in ${email}), in upper or lower case.`;
    }
  }
}

/**
 * The password policy: 8–128 characters with upper case, lower case and a digit.
 * Returns the first unmet rule, or null. Common passwords are refused by the server on top of this.
 */
export function passwordPolicyProblem(password: string): PasswordReason | null {
  if (password.length < PASSWORD_MIN) return PasswordReason.TooShort;
  if (password.length > PASSWORD_MAX) return PasswordReason.TooLong;
  if (!/[a-z]/.test(password)) return PasswordReason.NeedsLowercase;
  if (!/[A-Z]/.test(password)) return PasswordReason.NeedsUppercase;
  if (!/[0-9]/.test(password)) return PasswordReason.NeedsNumber;
  return null;
}

export const NameSchema = z
  .string({ error: 'Name is required.' })
  .trim()
  .min(1, 'Name is required.')
  .max(100, 'Name must be at most 100 characters.');

/**
 * Confirmation and reset codes: the API mails 6 digits; the field takes 1 to 6 characters (once
 * trimmed) of any kind: a wrong code is refused when it is checked, not here.
 */
export const CodeSchema = z
  .string({ error: 'Code is required.' })
  .trim()
  .min(1, 'Code is required.')
  .max(6, 'Code must be at most 6 characters.');

// The id range lives in ./ids.ts (no zod), so the web app's first load can check ids too.
export { ID_MAX, isIdText } from './ids';
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

/** An id given in a path or query string ("12"), as a number. */
export const IdParamSchema = z.string().refine(isIdText, `must be ${ID_RANGE}`).transform(Number);

/** The most items one page of a keyset-paged list holds. */
export const PAGE_LIMIT_MAX = 100;

/**
 * A query for one page of a keyset-paged list: `limit` from 1 to PAGE_LIMIT_MAX and the `cursor`
 * the previous page gave out. Lists with nothing else to ask (the review queue, the deleted
 * examples) take it as it is; the examples list adds its filters to its shape.
 */
export const PageQuerySchema = z
  .object({
    limit: z
      .string()
      .regex(/^\d{1,3}$/, `must be a whole number from 1 to ${PAGE_LIMIT_MAX}`)
      .transform(Number)
      .pipe(
        z
          .number()
          .min(1, 'must be at least 1')
          .max(PAGE_LIMIT_MAX, `must be at most ${PAGE_LIMIT_MAX}`),
      )
      .optional(),
    cursor: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,200}$/, 'is not a cursor this API gave out')
      .optional(),
  })
  .strict();
