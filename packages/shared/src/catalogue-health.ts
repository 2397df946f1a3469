import { z } from 'zod';

/**
 * Catalogue health (GET /api/admin/catalogue-health): every example's maths checked with the
 * shared renderer, and the catalogue's shape checked, so editors find what is broken before a
 * reader does. A run checks the whole catalogue off the event loop; its result is kept until the
 * catalogue changes.
 */

/** What can be wrong, from an editor's point of view. */
export const HEALTH_PROBLEM_KINDS = [
  'render-error',
  'leaked-delimiter',
  'bare-latex',
  'empty-procedure',
  'empty-category',
  'test-answer',
] as const;
export const HealthProblemKindSchema = z.enum(HEALTH_PROBLEM_KINDS);
export type HealthProblemKind = z.infer<typeof HealthProblemKindSchema>;

/** Each kind of problem in plain words, for an editor. */
export const HEALTH_PROBLEM_DESCRIPTIONS: Readonly<Record<HealthProblemKind, string>> = {
  'render-error': 'Maths that fails to render: readers see an error instead of the formula.',
  'leaked-delimiter':
    'A maths delimiter that is never closed: readers see it, and the maths after it, as plain text.',
  'bare-latex': 'LaTeX written outside maths: readers see it as typed.',
  'empty-procedure': 'An example with no worked steps: readers get the answer alone.',
  'empty-category': 'A category with no examples in it or its subcategories.',
  'test-answer':
    "A test answer the answer checker does not treat as the editor said it must: one it must accept is refused, or one it must refuse is accepted. Learners typing it get the checker's verdict.",
};

/** The example fields that are checked. */
export const HealthFieldSchema = z.enum(['question', 'answer', 'procedure']);
export type HealthField = z.infer<typeof HealthFieldSchema>;

/**
 * One problem. An example's problem names the example and the field (`categoryId` null); an empty
 * category names the category (`exampleId` and `field` null). `message` is a sentence for an
 * editor: what is wrong, where, and what a reader sees.
 */
export const HealthProblemSchema = z.object({
  exampleId: z.number().int().nullable(),
  categoryId: z.number().int().nullable(),
  field: HealthFieldSchema.nullable(),
  kind: HealthProblemKindSchema,
  message: z.string(),
});
export type HealthProblem = z.infer<typeof HealthProblemSchema>;

/** At most this many problems of each kind are listed (all are counted). */
export const MAX_LISTED_PROBLEMS_PER_KIND = 1000;

const counts = z.object(
  Object.fromEntries(HEALTH_PROBLEM_KINDS.map((k) => [k, z.number().int().nonnegative()])) as {
    [K in HealthProblemKind]: z.ZodNumber;
  },
);

/** A run under way: how far it has got (poll again for the result). */
export const HealthRunningSchema = z.object({
  status: z.literal('running'),
  /** Examples checked so far. */
  checked: z.number().int().nonnegative(),
  /** Examples in the catalogue when the run started. */
  total: z.number().int().nonnegative(),
  /** The catalogue version being checked. */
  catalogueVersion: z.string(),
  startedAt: z.string(),
});

/** A finished run: valid until the catalogue changes (another version starts a new run). */
export const HealthDoneSchema = z.object({
  status: z.literal('done'),
  checked: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
  catalogueVersion: z.string(),
  startedAt: z.string(),
  checkedAt: z.string(),
  /** Problems of each kind in the whole catalogue. */
  counts,
  /** The problems: examples' in id order, then empty categories; at most MAX_LISTED_PROBLEMS_PER_KIND of each kind. */
  problems: z.array(HealthProblemSchema),
  /** Categories with no examples in them or in their subcategories. */
  categoriesWithoutExamples: z.number().int().nonnegative(),
});

export const CatalogueHealthSchema = z.discriminatedUnion('status', [
  HealthRunningSchema,
  HealthDoneSchema,
]);
export type CatalogueHealth = z.infer<typeof CatalogueHealthSchema>;
export type HealthRunning = z.infer<typeof HealthRunningSchema>;
export type HealthDone = z.infer<typeof HealthDoneSchema>;
export type HealthCounts = HealthDone['counts'];
