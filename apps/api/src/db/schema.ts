import type { ColumnType, Generated } from 'kysely';

/**
 * Table types for Kysely. Conventions (both engines):
 * - timestamps are ISO-8601 UTC strings (TEXT on SQLite, timestamptz on PostgreSQL, read back as ISO strings);
 * - booleans are stored as 0/1 integers so both engines read the same values;
 * - catalogue ids are integers; users also carry a public `username` (a UUID, as Cognito does).
 */
type Timestamp = ColumnType<string, string, string>;
type Bool = ColumnType<number, number, number>;

export interface UsersTable {
  id: Generated<number>;
  username: string;
  email: string;
  name: string;
  password_hash: string;
  status: 'UNCONFIRMED' | 'CONFIRMED';
  enabled: Bool;
  email_verified: Bool;
  /** The learner's "try first" preference: 1 on (the default for every account), 0 off. */
  try_first: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface GroupsTable {
  name: string;
  description: string;
  precedence: number;
}

export interface UserGroupsTable {
  user_id: number;
  group_name: string;
  created_at: Timestamp;
}

export interface VerificationCodesTable {
  id: Generated<number>;
  user_id: number;
  purpose: 'confirm' | 'reset';
  code_hash: string;
  attempts: Generated<number>;
  expires_at: Timestamp;
  used_at: string | null;
  created_at: Timestamp;
}

export interface RefreshTokensTable {
  id: Generated<number>;
  user_id: number;
  family_id: string;
  token_hash: string;
  parent_id: number | null;
  created_at: Timestamp;
  expires_at: Timestamp;
  rotated_at: string | null;
  revoked_at: string | null;
  /** When the session (the token family) began: the login. */
  session_started_at: Timestamp;
  /** The token this one was rotated into, encrypted with a key derived from this token. */
  successor: string | null;
}

export interface SigningKeysTable {
  kid: string;
  alg: string;
  public_jwk: string;
  private_jwk: string;
  created_at: Timestamp;
  retired_at: string | null;
}

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
   * and those descriptions. Written by example-search.repository.ts, never by hand (ADR 049).
   */
  search_question: ColumnType<string, string | undefined, string>;
  search_names: ColumnType<string, string | undefined, string>;
  search_answer: ColumnType<string, string | undefined, string>;
  search_rest: ColumnType<string, string | undefined, string>;
  created_at: Timestamp;
  updated_at: Timestamp;
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

export interface AnswerAttemptsTable {
  id: Generated<number>;
  user_id: number;
  example_id: number;
  /** The answer as the learner typed it (LaTeX). */
  answer: string;
  correct: Bool;
  /** 1 when the learner had opened help (a step or the answer) on the example before this attempt. */
  after_help: Bool;
  created_at: Timestamp;
}

export interface HelpOpenedTable {
  user_id: number;
  example_id: number;
  answer_opened: ColumnType<number, number | undefined, number>;
  steps_opened: ColumnType<number, number | undefined, number>;
  first_opened_at: Timestamp;
}

/** FSRS's card state: 0 new, 1 learning, 2 review, 3 relearning (ts-fsrs's State). */
export type CardState = 0 | 1 | 2 | 3;

/** A learner's card for one example in their reviews: the memory state ts-fsrs schedules from. */
export interface ReviewCardsTable {
  user_id: number;
  example_id: number;
  due: Timestamp;
  stability: number;
  difficulty: number;
  elapsed_days: number;
  scheduled_days: number;
  learning_steps: number;
  reps: number;
  lapses: number;
  state: CardState;
  /** null until the first grade. */
  last_review: string | null;
  created_at: Timestamp;
}

/** Every grade given (kept when its card is taken out of reviews). */
export interface ReviewLogTable {
  id: Generated<number>;
  user_id: number;
  example_id: number;
  /** ts-fsrs's Rating: 1 again, 2 hard, 3 good, 4 easy. */
  rating: 1 | 2 | 3 | 4;
  state_before: CardState;
  due_before: Timestamp;
  reviewed_at: Timestamp;
}

export interface NewsletterSignupsTable {
  id: Generated<number>;
  email: string;
  created_at: Timestamp;
}

export interface AuditLogTable {
  id: Generated<number>;
  actor_id: number | null;
  action: string;
  target_type: string;
  target_id: string | null;
  details: string;
  created_at: Timestamp;
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

export interface SchemaMigrationsTable {
  name: string;
  applied_at: Timestamp;
}

export interface Database {
  users: UsersTable;
  groups: GroupsTable;
  user_groups: UserGroupsTable;
  verification_codes: VerificationCodesTable;
  refresh_tokens: RefreshTokensTable;
  signing_keys: SigningKeysTable;
  subjects: SubjectsTable;
  categories: CategoriesTable;
  difficulties: DifficultiesTable;
  types: TypesTable;
  examples: ExamplesTable;
  example_versions: ExampleVersionsTable;
  likes: LikesTable;
  solved_marks: SolvedMarksTable;
  answer_attempts: AnswerAttemptsTable;
  help_opened: HelpOpenedTable;
  review_cards: ReviewCardsTable;
  review_log: ReviewLogTable;
  newsletter_signups: NewsletterSignupsTable;
  audit_log: AuditLogTable;
  schema_migrations: SchemaMigrationsTable;
  catalogue_state: CatalogueStateTable;
  catalogue_health: CatalogueHealthTable;
  catalogue_health_run: CatalogueHealthRunTable;
}
