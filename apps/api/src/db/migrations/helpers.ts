import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely } from 'kysely';
import type { Engine } from '../database';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyDb = Kysely<any>;

export interface Migration {
  name: string;
  up(db: AnyDb, engine: Engine): Promise<void>;
}

/** An auto-increment integer primary key on either engine. */
export function withId<T extends string>(
  table: CreateTableBuilder<T, never>,
  engine: Engine,
): CreateTableBuilder<T, 'id'> {
  return engine === 'postgres'
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

export const timestampType = (engine: Engine) => (engine === 'postgres' ? 'timestamptz' : 'text');

export const notNull = (c: ColumnDefinitionBuilder) => c.notNull();
