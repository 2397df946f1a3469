import { sql } from 'kysely';
import type { Migration } from './helpers';
import { notNull, timestampType, withId } from './helpers';

/** The whole domain: users, catalogue, marks, newsletter, audit. */
export const initial: Migration = {
  name: '001-initial',
  async up(db, engine) {
    const ts = timestampType(engine);

    await db.schema
      .createTable('groups')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('description', 'text', notNull)
      .addColumn('precedence', 'integer', notNull)
      .execute();
    await db
      .insertInto('groups')
      .values([
        { name: 'superadmin', description: 'Manages user accounts and roles', precedence: 0 },
        { name: 'admin', description: 'Maintains the catalogue', precedence: 1 },
        { name: 'basic', description: 'Learner', precedence: 2 },
      ])
      .execute();

    await withId(db.schema.createTable('users'), engine)
      .addColumn('username', 'text', (c) => c.notNull().unique())
      .addColumn('email', 'text', (c) => c.notNull().unique())
      .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('password_hash', 'text', notNull)
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('UNCONFIRMED'))
      .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('email_verified', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', ts, notNull)
      .addColumn('updated_at', ts, notNull)
      .addCheckConstraint('users_status_check', sql`status in ('UNCONFIRMED', 'CONFIRMED')`)
      .execute();

    await db.schema
      .createTable('user_groups')
      .addColumn('user_id', 'integer', (c) =>
        c.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('group_name', 'text', (c) => c.notNull().references('groups.name'))
      .addColumn('created_at', ts, notNull)
      .addPrimaryKeyConstraint('user_groups_pk', ['user_id', 'group_name'])
      .execute();
    await db.schema
      .createIndex('user_groups_group_idx')
      .on('user_groups')
      .column('group_name')
      .execute();

    await withId(db.schema.createTable('verification_codes'), engine)
      .addColumn('user_id', 'integer', (c) =>
        c.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('purpose', 'text', notNull)
      .addColumn('code_hash', 'text', notNull)
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('expires_at', ts, notNull)
      .addColumn('used_at', ts)
      .addColumn('created_at', ts, notNull)
      .addCheckConstraint('verification_codes_purpose_check', sql`purpose in ('confirm', 'reset')`)
      .execute();
    await db.schema
      .createIndex('verification_codes_user_idx')
      .on('verification_codes')
      .columns(['user_id', 'purpose'])
      .execute();

    await withId(db.schema.createTable('refresh_tokens'), engine)
      .addColumn('user_id', 'integer', (c) =>
        c.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('family_id', 'text', notNull)
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('parent_id', 'integer')
      .addColumn('created_at', ts, notNull)
      .addColumn('expires_at', ts, notNull)
      .addColumn('rotated_at', ts)
      .addColumn('revoked_at', ts)
      .execute();
    await db.schema
      .createIndex('refresh_tokens_user_idx')
      .on('refresh_tokens')
      .column('user_id')
      .execute();
    await db.schema
      .createIndex('refresh_tokens_family_idx')
      .on('refresh_tokens')
      .column('family_id')
      .execute();

    await db.schema
      .createTable('signing_keys')
      .addColumn('kid', 'text', (c) => c.primaryKey())
      .addColumn('alg', 'text', notNull)
      .addColumn('public_jwk', 'text', notNull)
      .addColumn('private_jwk', 'text', notNull)
      .addColumn('created_at', ts, notNull)
      .addColumn('retired_at', ts)
      .execute();

    await withId(db.schema.createTable('subjects'), engine)
      .addColumn('name', 'text', (c) => c.notNull().unique())
      .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('created_at', ts, notNull)
      .addColumn('updated_at', ts, notNull)
      .execute();

    await withId(db.schema.createTable('categories'), engine)
      .addColumn('subject_id', 'integer', (c) => c.notNull().references('subjects.id'))
      .addColumn('parent_id', 'integer', (c) => c.references('categories.id'))
      .addColumn('name', 'text', notNull)
      .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', ts, notNull)
      .addColumn('updated_at', ts, notNull)
      .execute();
    await db.schema
      .createIndex('categories_subject_idx')
      .on('categories')
      .columns(['subject_id', 'parent_id'])
      .execute();
    await db.schema
      .createIndex('categories_parent_idx')
      .on('categories')
      .column('parent_id')
      .execute();

    for (const table of ['difficulties', 'types'] as const) {
      let builder = withId(db.schema.createTable(table), engine)
        .addColumn('name', 'text', (c) => c.notNull().unique())
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''));
      if (table === 'difficulties') {
        builder = builder.addColumn('rank', 'integer', (c) => c.notNull().defaultTo(0));
      }
      await builder
        .addColumn('created_at', ts, notNull)
        .addColumn('updated_at', ts, notNull)
        .execute();
    }

    await withId(db.schema.createTable('examples'), engine)
      .addColumn('question', 'text', notNull)
      .addColumn('answer', 'text', notNull)
      .addColumn('procedure', 'text')
      .addColumn('difficulty_id', 'integer', (c) => c.notNull().references('difficulties.id'))
      .addColumn('type_id', 'integer', (c) => c.notNull().references('types.id'))
      .addColumn('category_id', 'integer', (c) => c.notNull().references('categories.id'))
      .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_at', ts, notNull)
      .addColumn('updated_at', ts, notNull)
      .execute();
    for (const column of ['category_id', 'difficulty_id', 'type_id'] as const) {
      await db.schema
        .createIndex(`examples_${column.replace('_id', '')}_idx`)
        .on('examples')
        .columns([column, 'id'])
        .execute();
    }

    for (const table of ['likes', 'solved_marks'] as const) {
      await db.schema
        .createTable(table)
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('example_id', 'integer', (c) =>
          c.notNull().references('examples.id').onDelete('cascade'),
        )
        .addColumn('created_at', ts, notNull)
        .addPrimaryKeyConstraint(`${table}_pk`, ['user_id', 'example_id'])
        .execute();
      await db.schema.createIndex(`${table}_example_idx`).on(table).column('example_id').execute();
    }

    await withId(db.schema.createTable('newsletter_signups'), engine)
      .addColumn('email', 'text', (c) => c.notNull().unique())
      .addColumn('created_at', ts, notNull)
      .execute();

    await withId(db.schema.createTable('audit_log'), engine)
      .addColumn('actor_id', 'integer')
      .addColumn('action', 'text', notNull)
      .addColumn('target_type', 'text', notNull)
      .addColumn('target_id', 'text')
      .addColumn('details', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('created_at', ts, notNull)
      .execute();
    await db.schema
      .createIndex('audit_log_created_idx')
      .on('audit_log')
      .column('created_at')
      .execute();
  },
};
