import { z } from 'zod';

/** `{ success: true, message?, data }`, read leniently: only what the UI needs. */
const MessageEnvelopeSchema = z.object({ message: z.string().optional() }).passthrough();

/** The server's success message, or `fallback` when it sent none. */
export function successMessage(body: unknown, fallback: string): string {
  const parsed = MessageEnvelopeSchema.safeParse(body);
  return (parsed.success && parsed.data.message) || fallback;
}

/** `data` of the envelope parsed with `schema`; throws a readable error if the shape is wrong. */
export function parseData<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
  const data = body && typeof body === 'object' && 'data' in body ? body.data : undefined;
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw new Error('The server sent an unexpected response.');
  return parsed.data;
}
