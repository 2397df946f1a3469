import type { ZodType } from 'zod';

/** A Mantine form validator from a shared field schema: the schema's first message, or null. */
export function fieldValidator(schema: ZodType) {
  return (value: unknown): string | null => {
    const result = schema.safeParse(value);
    return result.success ? null : (result.error.issues[0]?.message ?? 'Invalid value.');
  };
}

/** A new password on the reset screen: at least 8 characters. */
export const PASSWORD_TOO_SHORT = 'Password must be at least 8 characters long.';
export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match.';
