import { questionKey } from '@exemplar/shared/math';
import type { Migration } from './helpers';

/**
 * `examples.question_key`: the question normalised by `questionKey` (case, whitespace and LaTeX
 * spellings of the same maths unified), indexed so a repeated question is found with one lookup.
 * Not unique: an admin may keep a duplicate on purpose (allowDuplicate). Existing rows are filled
 * here, in id batches.
 */
export const questionKeyColumn: Migration = {
  name: '007-question-key',
  async up(db) {
    await db.schema
      .alterTable('examples')
      .addColumn('question_key', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    let after = 0;
    for (;;) {
      const rows = (await db
        .selectFrom('examples')
        .select(['id', 'question'])
        .where('id', '>', after)
        .orderBy('id')
        .limit(500)
        .execute()) as { id: number; question: string }[];
      if (rows.length === 0) break;
      for (const row of rows) {
        await db
          .updateTable('examples')
          .set({ question_key: questionKey(row.question) })
          .where('id', '=', row.id)
          .execute();
      }
      after = rows[rows.length - 1]!.id;
    }
    await db.schema
      .createIndex('examples_question_key_idx')
      .on('examples')
      .column('question_key')
      .execute();
  },
};
