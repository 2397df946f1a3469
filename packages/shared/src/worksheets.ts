import { z } from 'zod';
import { ExampleSchema, ExamplesFilterQuerySchema } from './catalogue';

/**
 * Worksheets: examples drawn from the filtered list in an order a seed decides, to print. The same
 * filters and seed give the same examples in the same order (on either engine, while the catalogue
 * is unchanged), so a worksheet's link is the worksheet.
 */

export const WORKSHEET_COUNT_MIN = 1;
export const WORKSHEET_COUNT_MAX = 50;
export const WORKSHEET_COUNT_DEFAULT = 10;

/** A seed: 1 to 32 letters, digits, `_` or `-` (it travels in URLs as it is). */
export const WORKSHEET_SEED_PATTERN = /^[A-Za-z0-9_-]{1,32}$/;

/** GET /examples/worksheet query: the list's filters, how many examples and the seed of their order. */
export const WorksheetQuerySchema = ExamplesFilterQuerySchema.extend({
  count: z
    .string()
    .regex(/^\d{1,2}$/, `must be a whole number from 1 to ${WORKSHEET_COUNT_MAX}`)
    .transform(Number)
    .pipe(
      z
        .number()
        .min(WORKSHEET_COUNT_MIN, 'must be at least 1')
        .max(WORKSHEET_COUNT_MAX, `must be at most ${WORKSHEET_COUNT_MAX}`),
    )
    .optional(),
  seed: z
    .string({ error: 'is required (1 to 32 letters, digits, _ or -)' })
    .regex(WORKSHEET_SEED_PATTERN, 'must be 1 to 32 letters, digits, _ or -'),
}).strict();
export type WorksheetQuery = z.input<typeof WorksheetQuerySchema>;
export type ParsedWorksheetQuery = z.output<typeof WorksheetQuerySchema>;

/** GET /examples/worksheet answer data: the examples drawn, in the seed's order, and how many the filters match. */
export const WorksheetSchema = z.object({
  examples: z.array(ExampleSchema),
  total: z.number().int().nonnegative(),
});
export type Worksheet = z.infer<typeof WorksheetSchema>;
