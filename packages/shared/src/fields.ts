import { z } from 'zod';

/** Field schemas defined once, used by forms, routes and tests. */
export const EmailSchema = z
  .string({ error: 'Email is required.' })
  .trim()
  .min(1, 'Email is required.')
  .max(254, 'Email must be at most 254 characters.')
  .pipe(z.email({ error: 'Please enter a valid email address.' }))
  .transform((v) => v.toLowerCase());
