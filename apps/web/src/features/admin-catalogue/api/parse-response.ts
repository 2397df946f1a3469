import { successSchema } from '@exemplar/shared/api';
import { z } from 'zod';

export const UNEXPECTED_RESPONSE_MESSAGE = 'The server sent a response this page cannot read.';

/** Checks a `{ success: true, data }` body against the shared contract and returns `data`. */
export function parseData<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
  const result = successSchema(schema).safeParse(body);
  if (!result.success) {
    console.error('Response does not match the contract', result.error);
    throw new Error(UNEXPECTED_RESPONSE_MESSAGE);
  }
  return (result.data as { data: z.infer<T> }).data;
}

const MessageSchema = z.object({ message: z.string().optional() }).passthrough();

/** The `message` of a success body ('Subject created.'), if it has one. */
export function successMessage(body: unknown): string | undefined {
  const result = MessageSchema.safeParse(body);
  return result.success ? result.data.message : undefined;
}
