import type { ZodType } from 'zod';

/**
 * Validates `input` against a shared input schema (the same one the server uses) and returns the
 * first message for each field, keyed by field name — what a Mantine form's `setErrors` takes.
 */
export function fieldErrors(schema: ZodType, input: unknown): Record<string, string> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && !(field in errors)) errors[field] = issue.message;
  }
  return errors;
}

/** '12' → 12; '', null or anything else → undefined (so the schema says 'X is required.'). */
export function toId(value: string | null | undefined): number | undefined {
  if (!value || !/^\d+$/.test(value)) return undefined;
  const id = Number(value);
  return id > 0 ? id : undefined;
}

/** An optional text field: trimmed, undefined when empty. */
export function optionalText(value: string): string | undefined {
  const trimmed = value.trim();
  return trimmed ? trimmed : undefined;
}
