import type { Migration } from './helpers';

/**
 * An example's answer spec and test answers (ADR 042), on `examples` and on each of its versions
 * (`example_versions`):
 * - `answer_spec`: the spec an editor set, as JSON text (`AnswerSpecSchema` of
 *   @exemplar/shared); null: none set, the spec is inferred from the answer and question when read.
 * - `test_answers`: the answers the checker must accept or refuse, as a JSON array
 *   (`TestAnswersSchema`); '[]' for none.
 * Every example and version that exists gets null and '[]': its spec stays inferred.
 */
export const answerSpecs: Migration = {
  name: '013-answer-specs',
  async up(db) {
    for (const table of ['examples', 'example_versions'] as const) {
      await db.schema.alterTable(table).addColumn('answer_spec', 'text').execute();
      await db.schema
        .alterTable(table)
        .addColumn('test_answers', 'text', (c) => c.notNull().defaultTo('[]'))
        .execute();
    }
  },
};
