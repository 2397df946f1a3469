import { z } from 'zod';
import { AnswerSpecSchema, TestAnswersSchema } from './answer-spec';
import { IdParamSchema, IdSchema, PageQuerySchema } from './fields';
import { ExampleSchema, ExampleStatusSchema } from './catalogue';

/** How a version of an example came to be. */
export const VERSION_ACTIONS = ['create', 'edit', 'restore', 'import'] as const;
export type VersionAction = (typeof VERSION_ACTIONS)[number];

/** Who saved a version: their account (id null once deleted) and the email and name they had. */
export const VersionEditorSchema = z.object({
  id: IdSchema.nullable(),
  email: z.string(),
  name: z.string(),
});
export type VersionEditor = z.infer<typeof VersionEditorSchema>;

/**
 * One saved state of an example. The references are the ids it had then: they may no longer exist
 * (null when an imported history named one the catalogue did not have).
 */
export const ExampleVersionSchema = z.object({
  version: z.number().int().min(1),
  /** null: no editor known (the versions the catalogue had before history was kept, imports of them). */
  editedBy: VersionEditorSchema.nullable(),
  editedAt: z.string(),
  action: z.enum(VERSION_ACTIONS),
  question: z.string(),
  answer: z.string(),
  procedure: z.string().nullable(),
  difficultyId: IdSchema.nullable(),
  typeId: IdSchema.nullable(),
  categoryId: IdSchema.nullable(),
  /** Draft or published in this version (a restore takes it only when asked: statusFrom). */
  status: ExampleStatusSchema,
  /** The answer spec as an editor set it in this version; null: inferred from the answer and question. */
  answerSpec: AnswerSpecSchema.nullable(),
  /** The test answers in this version (a restore brings them back with the spec). */
  testAnswers: TestAnswersSchema,
  /**
   * The status this version moved the example to, when it differs from the version before it
   * (published: it was published; draft: it was taken back to draft); null when the status stayed,
   * and for version 1. Derived from the two versions, not stored.
   */
  statusChangedTo: ExampleStatusSchema.nullable(),
});
export type ExampleVersion = z.infer<typeof ExampleVersionSchema>;

/** GET /examples/{id}/versions: newest first. */
export const ExampleVersionsSchema = z.object({ versions: z.array(ExampleVersionSchema) });
export type ExampleVersions = z.infer<typeof ExampleVersionsSchema>;

/** POST /examples/{id}/versions/{version}/restore path. */
export const VersionParamsSchema = z.object({ id: IdParamSchema, version: IdParamSchema }).strict();

/**
 * Where a restore takes the example's status from: `current`, the status the example has now (a
 * deleted example: the one it had when deleted), or `version`, the restored version's own.
 */
export const RESTORE_STATUS_FROM = ['current', 'version'] as const;
export type RestoreStatusFrom = (typeof RESTORE_STATUS_FROM)[number];

/**
 * POST /examples/{id}/versions/{version}/restore body. allowDuplicate: restore a question that
 * repeats another example's (else 409 DuplicateQuestion with its id, as a save answers).
 * statusFrom: `current` (the default) keeps the example's status, so a restore never publishes or
 * unpublishes it unasked; `version` takes the version's status too.
 */
export const RestoreVersionSchema = z
  .object({
    allowDuplicate: z.boolean({ error: 'allowDuplicate must be true or false.' }).optional(),
    statusFrom: z
      .enum(RESTORE_STATUS_FROM, { error: 'statusFrom must be current or version.' })
      .optional(),
  })
  .strict();
export type RestoreVersion = z.infer<typeof RestoreVersionSchema>;

/**
 * The restore's answer: the example as it now is, the version the restore saved, and the status
 * the restore moved it to (null: its status stayed as it was).
 */
export const RestoredExampleSchema = z.object({
  example: ExampleSchema,
  version: z.number().int(),
  statusChangedTo: ExampleStatusSchema.nullable(),
});
export type RestoredExample = z.infer<typeof RestoredExampleSchema>;

/** GET /examples/deleted query: a page of `limit` (default 20), from `cursor` when given. */
export const DeletedExamplesQuerySchema = PageQuerySchema;
export type DeletedExamplesQuery = z.input<typeof DeletedExamplesQuerySchema>;

/**
 * A deleted example: its id and its newest version (the example as it was when deleted).
 * deletedAt: when the audit log recorded its deletion (null when it has no such entry, as for an
 * example an import left out).
 */
export const DeletedExampleSchema = z.object({
  id: IdSchema,
  question: z.string(),
  lastVersion: z.number().int().min(1),
  lastEditedAt: z.string(),
  deletedAt: z.string().nullable(),
});
export type DeletedExample = z.infer<typeof DeletedExampleSchema>;

/**
 * GET /examples/deleted answer data: the examples that have a history but no longer exist, the
 * most recently edited first (then by id, newest first), `nextCursor` for the next page.
 */
export const DeletedExamplesPageSchema = z.object({
  examples: z.array(DeletedExampleSchema),
  nextCursor: z.string().nullable(),
});
export type DeletedExamplesPage = z.infer<typeof DeletedExamplesPageSchema>;
