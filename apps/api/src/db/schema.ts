import type { ColumnType, Generated } from 'kysely';
import type {
  CatalogueHealthRunTable,
  CatalogueHealthTable,
  CatalogueStateTable,
  CategoriesTable,
  DifficultiesTable,
  ExampleVersionsTable,
  ExamplesTable,
  ExampleFormulaTokensTable,
  LikesTable,
  SolvedMarksTable,
  SubjectsTable,
  TypesTable,
} from './catalogue-schema';
import type { Bool, Timestamp } from './column-types';

/**
 * Table types for Kysely: the accounts, the learners' attempts and reviews, the newsletter, the
 * audit log and the migrations here, the catalogue's tables in catalogue-schema.ts, and the
 * column types every table uses (the conventions) in column-types.ts.
 */

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

export interface SchemaMigrationsTable {
  name: string;
  applied_at: Timestamp;
}

/** Formulas typeset once and kept (ADR 052): see migrations/017-typeset-formulas.ts. */
export interface TypesetFormulasTable {
  key: string;
  typesetter: string;
  html: string;
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
  example_formula_tokens: ExampleFormulaTokensTable;
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
  typeset_formulas: TypesetFormulasTable;
}
