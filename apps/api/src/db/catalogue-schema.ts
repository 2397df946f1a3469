// The catalogue's tables (the catalogue modules own them, docs/architecture.md): the taxonomy,
// the examples and their versions, the learners' likes and solved marks, the catalogue version and
// the health check's result and run. Kysely's types; the Database interface is in schema.ts.
import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from './column-types';

export interface SubjectsTable {
  id: Generated<number>;
  name: string;
  description: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface CategoriesTable {
  id: Generated<number>;
  subject_id: number;
  parent_id: number | null;
  name: string;
  description: string;
  position: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface DifficultiesTable {
  id: Generated<number>;
  name: string;
  description: string;
  rank: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface TypesTable {
  id: Generated<number>;
  name: string;
  description: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type ExampleStatus = 'draft' | 'published';

export interface ExamplesTable {
  id: Generated<number>;
  question: string;
  answer: string;
  procedure: string | null;
  difficulty_id: number;
  type_id: number;
  category_id: number;
  created_by: number | null;
  /** Where an imported example came from, e.g. "MATH/train/algebra/14". */
  source_ref: ColumnType<string | null, string | null | undefined, string | null>;
  /** The question normalised by questionKey (@exemplar/shared/math): equal keys repeat each other. */
  question_key: string;
  /** 'draft': seen by editors only; 'published': seen by everyone (the default). */
  status: ColumnType<ExampleStatus, ExampleStatus | undefined, ExampleStatus>;
  /** The answer spec an editor set, as JSON (AnswerSpecSchema); null: inferred when read (ADR 042). */
  answer_spec: ColumnType<string | null, string | null | undefined, string | null>;
  /** The test answers, as a JSON array (TestAnswersSchema); '[]' for none. */
  test_answers: ColumnType<string, string | undefined, string>;
  /**
   * The example's search document (@exemplar/shared/search searchDocument): stemmed tokens of its
   * question; of its category's, ancestors' and subject's names; of its answer; of its procedure
   * and those descriptions. Written by db/search-documents.ts, never by hand (ADR 049).
   */
  search_question: ColumnType<string, string | undefined, string>;
  search_names: ColumnType<string, string | undefined, string>;
  search_answer: ColumnType<string, string | undefined, string>;
  search_rest: ColumnType<string, string | undefined, string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/**
 * An example's formula index (ADR 050): one row per structure token of the formulas in its
 * question, answer and procedure, and per number they are written with (`#5`). Written by
 * db/search-documents.ts with the search document, never by hand.
 */
export interface ExampleFormulaTokensTable {
  token: string;
  example_id: number;
}

/** How a version of an example came to be. */
export type VersionAction = 'create' | 'edit' | 'restore' | 'import';

/** Every saved state of an example (no foreign key to it: the history outlives the example). */
export interface ExampleVersionsTable {
  example_id: number;
  version: number;
  question: string;
  answer: string;
  procedure: string | null;
  /** The references as they were; they may since have been deleted (or, imported, unknown: null). */
  difficulty_id: number | null;
  type_id: number | null;
  category_id: number | null;
  /** The editor's account, null once it is deleted (or for the versions 009 backfilled). */
  edited_by: number | null;
  /** The editor's email and name when they saved it. */
  editor_email: string | null;
  editor_name: string | null;
  edited_at: Timestamp;
  action: VersionAction;
  /** The example's status in this version. */
  status: ColumnType<ExampleStatus, ExampleStatus | undefined, ExampleStatus>;
  /** The answer spec as set in this version (JSON), null: inferred. */
  answer_spec: ColumnType<string | null, string | null | undefined, string | null>;
  /** The test answers in this version (JSON array). */
  test_answers: ColumnType<string, string | undefined, string>;
}

export interface LikesTable {
  user_id: number;
  example_id: number;
  created_at: Timestamp;
}

/** How a solve was earned: by a checked answer, before or after opening help. */
export type SolveHow = 'without-help' | 'with-help';

export interface SolvedMarksTable {
  user_id: number;
  example_id: number;
  created_at: Timestamp;
  /** null: marked solved by hand (PUT /examples/{id}/solved), not by a checked answer. */
  how: ColumnType<SolveHow | null, SolveHow | null | undefined, SolveHow | null>;
}

export interface CatalogueStateTable {
  id: number;
  /** Bumped by triggers on every catalogue change. */
  version: ColumnType<number | string, number, number>;
}

/** The last catalogue health result, with the catalogue version it checked (one row at most). */
export interface CatalogueHealthTable {
  catalogue_version: string;
  /** The answer's JSON (`HealthDone`). */
  result: string;
}

/** The health run under way (one row at most, `id` 1), owned by one instance. */
export interface CatalogueHealthRunTable {
  id: number;
  /** A token of the process running it. */
  owner: string;
  /** The running answer's JSON (`HealthRunning`). */
  progress: string;
  /** When the owner last reported (ISO 8601, UTC). */
  heartbeat_at: string;
}
