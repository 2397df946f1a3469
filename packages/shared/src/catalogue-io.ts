import { z } from 'zod';
import type { AnswerSpecInput, TestAnswer } from './answer-spec';

/**
 * Import and export of the catalogue. Two record formats are accepted:
 * - `exemplar-catalogue`: what GET /api/admin/export writes (and the demo catalogue's shape):
 *   subjects with nested categories, difficulties, types, and examples that name their subject,
 *   category path, difficulty and type;
 * - `math-dataset`: an array of MATH records {source_id, subject, level 1–5, question, answer,
 *   procedure}, as in the public sample.
 */
export interface CatalogueFileCategory {
  name: string;
  description?: string;
  children?: CatalogueFileCategory[];
}

export interface CatalogueFileExample {
  subject: string;
  category: string[];
  difficulty: string;
  type: string;
  question: string;
  answer: string;
  procedure?: string | null;
  sourceRef?: string | null;
  createdAt?: string;
  /** 'draft' for an example only editors see; absent (or 'published') for a published one. */
  status?: 'draft' | 'published';
  /**
   * What counts as a right answer, as an editor set it (AnswerSpecSchema); absent or null: inferred
   * from the answer and question. An import refuses the record when it does not validate.
   */
  answerSpec?: AnswerSpecInput | null;
  /** Answers the checker must accept or refuse (TestAnswersSchema); absent: none. */
  testAnswers?: TestAnswer[];
  /**
   * Its saved versions, oldest first (only in an export asked for with ?versions=true). The
   * references are names as in the example (null: deleted by the time of the export); the editor
   * is their email and name then. An import keeps them as the example's history.
   */
  history?: CatalogueFileVersion[];
}

export interface CatalogueFileVersion {
  version: number;
  action: 'create' | 'edit' | 'restore' | 'import';
  editedAt: string;
  editedBy: { email: string; name: string } | null;
  question: string;
  answer: string;
  procedure: string | null;
  subject: string | null;
  category: string[] | null;
  difficulty: string | null;
  type: string | null;
  /** The spec as set in this version (absent or null: inferred) and its test answers (absent: none). */
  answerSpec?: AnswerSpecInput | null;
  testAnswers?: TestAnswer[];
}

/** GET /admin/export query: versions=true adds each example's history. */
export const ExportQuerySchema = z
  .object({
    versions: z.enum(['true', 'false'], { error: 'versions must be true or false.' }).optional(),
  })
  .strict();
export type ExportQuery = z.infer<typeof ExportQuerySchema>;

export interface CatalogueFile {
  format: 'exemplar-catalogue';
  version: 1;
  exportedAt?: string;
  subjects: { name: string; description?: string; categories: CatalogueFileCategory[] }[];
  difficulties: { name: string; description?: string }[];
  types: { name: string; description?: string }[];
  examples: CatalogueFileExample[];
}

export interface MathDatasetRecord {
  source_id?: string;
  subject?: string;
  level?: number | null;
  question?: string;
  answer?: string;
  procedure?: string | null;
}

export const ImportRequestSchema = z
  .object({
    /** true: check everything and report, write nothing. */
    dryRun: z.boolean(),
    /** true: import examples whose question repeats another example's; skipped (and listed) otherwise. */
    allowDuplicate: z.boolean().optional(),
    /** The file's parsed JSON: a catalogue object or an array of MATH records. */
    data: z.union([z.array(z.unknown()), z.record(z.string(), z.unknown())]),
  })
  .strict();
export type ImportRequest = z.infer<typeof ImportRequestSchema>;

export const ImportReportSchema = z.object({
  dryRun: z.boolean(),
  format: z.enum(['exemplar-catalogue', 'math-dataset']),
  /** Example records in the file. */
  total: z.number().int(),
  /** Examples written (or, in a dry run, that would be). */
  imported: z.number().int(),
  /**
   * Examples skipped: already in the catalogue (same source, or same question in the same
   * category), or listed in `repeats`.
   */
  duplicates: z.number().int(),
  /**
   * Examples whose question repeats another's (equal questionKey): an example of the catalogue
   * (`existingId`) or an earlier one of the file (`repeatsIndex`). Skipped unless the request said
   * allowDuplicate (`imported` says which).
   */
  repeats: z.array(
    z.object({
      index: z.number().int(),
      ref: z.string(),
      existingId: z.number().int().nullable(),
      repeatsIndex: z.number().int().nullable(),
      imported: z.boolean(),
    }),
  ),
  /** Examples refused, with the reasons in `failures`. */
  failed: z.number().int(),
  /** Subjects, categories, difficulties and types created by name (or that would be). */
  created: z.object({
    subjects: z.number().int(),
    categories: z.number().int(),
    difficulties: z.number().int(),
    types: z.number().int(),
  }),
  /** The first 200 refused records. */
  failures: z.array(
    z.object({ index: z.number().int(), ref: z.string(), problems: z.array(z.string()) }),
  ),
});
export type ImportReport = z.infer<typeof ImportReportSchema>;

/** MATH levels to our difficulties. */
export const MATH_LEVEL_DIFFICULTY: Readonly<Record<number, string>> = {
  1: 'easy',
  2: 'easy',
  3: 'intermediate',
  4: 'hard',
  5: 'insane',
};
export const MATH_TYPE = 'Competition Problem';
export const MATH_CATEGORY = 'Competition Problems';
