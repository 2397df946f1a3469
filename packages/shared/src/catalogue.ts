// The catalogue as the API returns it, and the examples list's queries; the admin's writes are in
// catalogue-writes.ts.
import { z } from 'zod';
import { AnswerSpecSchema, TestAnswersSchema } from './answer-spec';
import {
  ID_MAX,
  IdParamSchema,
  IdSchema,
  isIdText,
  PAGE_LIMIT_MAX,
  PageQuerySchema,
} from './fields';
import { EXAMPLES_PAGE_NUMBER_MAX } from './ids';

/** Catalogue entities as the API returns them. Ids are integers from 1 to ID_MAX. */
export { IdSchema };

export const SubjectSchema = z.object({
  id: IdSchema,
  name: z.string(),
  description: z.string(),
});
export type Subject = z.infer<typeof SubjectSchema>;

export const CategorySchema = z.object({
  id: IdSchema,
  name: z.string(),
  description: z.string(),
  subjectId: IdSchema,
  parentId: IdSchema.nullable(),
  position: z.number().int(),
});
export type Category = z.infer<typeof CategorySchema>;

export interface CategoryTreeNode {
  id: number;
  name: string;
  description: string;
  children: CategoryTreeNode[];
}
const categoryTreeNode: z.ZodType<CategoryTreeNode> = z.lazy(() =>
  z.object({
    id: IdSchema,
    name: z.string(),
    description: z.string(),
    children: z.array(CategoryTreeNodeSchema),
  }),
);
/** Recursive: the API document describes it as the component `CategoryTreeNode` that refers to itself. */
export const CategoryTreeNodeSchema = categoryTreeNode.meta({ id: 'CategoryTreeNode' });

export const CategoryTreeEntrySchema = z.object({
  subject: SubjectSchema,
  categories: z.array(CategoryTreeNodeSchema),
});
export type CategoryTreeEntry = z.infer<typeof CategoryTreeEntrySchema>;

export const DifficultySchema = z.object({
  id: IdSchema,
  name: z.string(),
  description: z.string(),
  rank: z.number().int(),
});
export type Difficulty = z.infer<typeof DifficultySchema>;

export const ExampleTypeSchema = z.object({
  id: IdSchema,
  name: z.string(),
  description: z.string(),
});
export type ExampleType = z.infer<typeof ExampleTypeSchema>;

/**
 * An example's status: 'published' examples are seen by everyone; 'draft' ones only by editors
 * (callers who may write the catalogue), in /admin and as a preview of their page. Everyone else
 * meets a draft nowhere: not in lists, counts, search, random picks, progress, sitemaps or pages
 * (its permalink is a 404).
 */
export const EXAMPLE_STATUSES = ['draft', 'published'] as const;
export const ExampleStatusSchema = z.enum(EXAMPLE_STATUSES, {
  error: 'Status must be draft or published.',
});
export type ExampleStatus = z.infer<typeof ExampleStatusSchema>;

export const ExampleSchema = z.object({
  id: IdSchema,
  question: z.string(),
  answer: z.string(),
  procedure: z.string().nullable(),
  difficultyId: IdSchema,
  typeId: IdSchema,
  categoryId: IdSchema,
  subjectId: IdSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
  /** For a signed-in caller: whether they liked / solved it. Absent for visitors. */
  liked: z.boolean().optional(),
  solved: z.boolean().optional(),
  /**
   * For a signed-in caller, how a checked answer solved it: 'without-help' when the answer was
   * accepted before the caller opened the answer or any step, 'with-help' when it was accepted
   * after; null when no checked answer solved it (a hand-set solved mark has none). Absent for
   * visitors.
   */
  solveMark: z.enum(['without-help', 'with-help']).nullable().optional(),
  /**
   * For a signed-in caller: when the example is next due in their reviews (ISO instant; a new
   * card is due from when it was added), null when it is not in their reviews. Absent for visitors.
   */
  reviewDue: z.string().nullable().optional(),
  /** For editors only: 'draft' or 'published'. Absent for everyone else, who see published examples alone. */
  status: ExampleStatusSchema.optional(),
  /**
   * What counts as a right answer: the spec an editor set, else the one inferred from the answer
   * and question. Its kind `none` says, before anyone types, that the answer is not checked
   * automatically.
   */
  answerSpec: AnswerSpecSchema,
  /** For editors only: whether an editor set the spec (false: inferred). */
  answerSpecSet: z.boolean().optional(),
  /** For editors only: the test answers the checker must accept or refuse under the spec. */
  testAnswers: TestAnswersSchema.optional(),
});
export type Example = z.infer<typeof ExampleSchema>;

export const EXAMPLES_PAGE_DEFAULT = 50;
export const EXAMPLES_PAGE_MAX = PAGE_LIMIT_MAX;

/**
 * An id or a name ("3" or "easy"): difficulty, type and subject filters accept either. Text of
 * digits only is an id, so it must be one: "2147483648" or "0012" is refused, not looked up.
 */
const IdOrNameParam = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(100, 'must be at most 100 characters')
  .refine((v) => !/^\d+$/.test(v) || isIdText(v), `must be a name or an id from 1 to ${ID_MAX}`);

/** GET /examples query. Every key optional; repeated keys (arrays) are refused. */
export const ExamplesQuerySchema = z
  .object({
    difficultyId: IdOrNameParam.optional(),
    typeId: IdOrNameParam.optional(),
    subjectId: IdOrNameParam.optional(),
    categoryId: IdParamSchema.optional(),
    q: z.string().trim().max(200, 'must be at most 200 characters').optional(),
    liked: z.enum(['true', 'false']).optional(),
    solved: z.enum(['true', 'false']).optional(),
    /** Signed-in callers: 'true' keeps the examples solved without help, 'false' the others. */
    withoutHelp: z.enum(['true', 'false']).optional(),
    /**
     * Editors only: 'published' (the default), 'draft' or 'all'. Ignored for everyone else, who
     * see published examples alone.
     */
    status: z.enum(['published', 'draft', 'all']).optional(),
    /** `limit` and `cursor`: the one page query of the keyset-paged lists. */
    ...PageQuerySchema.shape,
    /**
     * Page `page` of the list, `limit` examples a page (a link to a page of the list, which search
     * engines follow); the answer's nextCursor then goes on from it. Not with a cursor (400).
     */
    page: z
      .string()
      .regex(/^\d{1,5}$/, `must be a whole number from 1 to ${EXAMPLES_PAGE_NUMBER_MAX}`)
      .transform(Number)
      .pipe(
        z
          .number()
          .min(1, 'must be at least 1')
          .max(EXAMPLES_PAGE_NUMBER_MAX, `must be at most ${EXAMPLES_PAGE_NUMBER_MAX}`),
      )
      .optional(),
  })
  .strict();
export type ExamplesQuery = z.input<typeof ExamplesQuerySchema>;
/** GET /examples query once parsed (limit a number): what the API's examples module works with. */
export type ParsedExamplesQuery = z.output<typeof ExamplesQuerySchema>;

export const ExamplesPageSchema = z.object({
  examples: z.array(ExampleSchema),
  total: z.number().int().nonnegative(),
  nextCursor: z.string().nullable(),
  /**
   * Only when a search finds nothing and something is near: up to three nearby searches that, with the same filters, find
   * something ("Did you mean …?"): its typos corrected as the search corrects them, written as
   * words, or a word left out; nearest first.
   */
  didYouMean: z.array(z.string()).optional(),
});
export type ExamplesPage = z.infer<typeof ExamplesPageSchema>;

export const IdParamsSchema = z.object({ id: IdParamSchema }).strict();

/** GET /examples/random and /examples/{id}/position query: the list's filters, no page size, cursor or page. */
export const ExamplesFilterQuerySchema = ExamplesQuerySchema.omit({
  limit: true,
  cursor: true,
  page: true,
});
export type ExamplesFilterQuery = z.input<typeof ExamplesFilterQuerySchema>;
/** The list's filters once parsed: the one filter model of the API, from URL to SQL. */
export type ParsedExamplesFilter = z.output<typeof ExamplesFilterQuerySchema>;

/**
 * Where an example stands in the list the filters give, in the list's own order (relevance first
 * when searching, then id). `position` is 1-based; null, with no neighbours, when the example
 * exists but the filters leave it out.
 */
export const ExamplePositionSchema = z.object({
  position: z.number().int().positive().nullable(),
  total: z.number().int().nonnegative(),
  previousId: IdSchema.nullable(),
  nextId: IdSchema.nullable(),
});
export type ExamplePosition = z.infer<typeof ExamplePositionSchema>;

/** GET /examples/random: the example picked, and where it stands in the filtered list. */
export const RandomExampleSchema = z.object({
  example: ExampleSchema,
  position: ExamplePositionSchema,
});
export type RandomExample = z.infer<typeof RandomExampleSchema>;

/** GET /examples/{id}/related: up to five published examples most like it ("More like this"). */
export const RelatedExamplesSchema = z.object({ examples: z.array(ExampleSchema) });
export type RelatedExamples = z.infer<typeof RelatedExamplesSchema>;

/** GET /examples/suggest's query: the search box's text as typed so far. */
export const SuggestQuerySchema = z.object({
  q: z.string().trim().min(1, 'must not be empty').max(200, 'must be at most 200 characters'),
});

/** GET /examples/suggest: the published examples the text finds first (id and question). */
export const SearchSuggestionsSchema = z.object({
  examples: z.array(z.object({ id: IdSchema, question: z.string() })),
});
export type SearchSuggestions = z.infer<typeof SearchSuggestionsSchema>;
