import type { ColumnType } from 'kysely';

/**
 * The column types every table uses. Conventions (both engines):
 * - timestamps are ISO-8601 UTC strings (TEXT on SQLite, timestamptz on PostgreSQL, read back as ISO strings);
 * - booleans are stored as 0/1 integers so both engines read the same values;
 * - catalogue ids are integers; users also carry a public `username` (a UUID, as Cognito does).
 */
export type Timestamp = ColumnType<string, string, string>;
export type Bool = ColumnType<number, number, number>;
