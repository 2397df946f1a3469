// The catalogue's writes (admin or superadmin): the bodies of the five entities' creates and
// updates, and the entities by their API path segment. What the API returns is in catalogue.ts.
import { z } from 'zod';
import { AnswerSpecSchema, TestAnswersSchema } from './answer-spec';
import { ExampleStatusSchema } from './catalogue';
import { requiredIdField } from './fields';

const requiredText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} must be at most ${max} characters.`);
const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text.` })
    .trim()
    .max(max, `${label} must be at most ${max} characters.`)
    .optional();
/** The name (at most `max` characters) and description every entity but an example has. */
const nameAndDescription = (max: number) => ({
  name: requiredText('Name', max),
  description: optionalText('Description', 1000),
});

export const SubjectInputSchema = z.object(nameAndDescription(100)).strict();
export type SubjectInput = z.infer<typeof SubjectInputSchema>;

export const CategoryInputSchema = z
  .object({
    ...nameAndDescription(100),
    subjectId: requiredIdField('Subject'),
    parentId: requiredIdField('Parent category').nullable().optional(),
    position: z.number().int().min(0).max(100_000).optional(),
  })
  .strict();
export type CategoryInput = z.infer<typeof CategoryInputSchema>;

export const DifficultyInputSchema = z
  .object({
    ...nameAndDescription(50),
    rank: z.number().int().min(0).max(1000).optional(),
  })
  .strict();
export type DifficultyInput = z.infer<typeof DifficultyInputSchema>;

export const TypeInputSchema = z.object(nameAndDescription(50)).strict();
export type TypeInput = z.infer<typeof TypeInputSchema>;

export const ExampleInputSchema = z
  .object({
    question: requiredText('Question', 20_000),
    answer: requiredText('Answer', 20_000),
    procedure: z
      .string({ error: 'Procedure must be text.' })
      .trim()
      .max(50_000, 'Procedure must be at most 50000 characters.')
      .nullable()
      .optional(),
    difficultyId: requiredIdField('Difficulty'),
    typeId: requiredIdField('Type'),
    categoryId: requiredIdField('Category'),
    /** 'draft' (editors only) or 'published'; a new example without it is published. */
    status: ExampleStatusSchema.optional(),
    /** What counts as a right answer; null or absent: inferred from the answer and question. */
    answerSpec: AnswerSpecSchema.nullable().optional(),
    /** Answers the checker must accept or refuse under the spec (absent on an update: kept). */
    testAnswers: TestAnswersSchema.optional(),
    /**
     * True to save a question that repeats another example's (same questionKey); without it such a
     * save answers 409 with reason DuplicateQuestion and the other example's id as existingId.
     */
    allowDuplicate: z
      .boolean({ error: 'allowDuplicate must be true or false.' })
      .optional()
      .describe('True to save even when the question repeats another example.'),
  })
  .strict();
export type ExampleInput = z.infer<typeof ExampleInputSchema>;

/** The five catalogue entities an admin manages, by their API path segment. */
export const CATALOGUE_ENTITIES = [
  'subjects',
  'categories',
  'difficulties',
  'types',
  'examples',
] as const;
export type CatalogueEntity = (typeof CATALOGUE_ENTITIES)[number];
