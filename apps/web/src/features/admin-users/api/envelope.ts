import type { z } from 'zod';

export const UNEXPECTED_RESPONSE_MESSAGE = 'The server sent a response this page cannot read.';

/** `data` of a `{ success: true, message?, data }` body, checked with `schema`. */
export function parseData<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
  const data = body && typeof body === 'object' && 'data' in body ? body.data : undefined;
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw new Error(UNEXPECTED_RESPONSE_MESSAGE);
  return parsed.data;
}

/** The server's success message, or `fallback` when it sent none. */
export function successMessage(body: unknown, fallback: string): string {
  if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string') {
    return body.message || fallback;
  }
  return fallback;
}
