import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { listCategories } from '../catalogue/taxonomy/catalogue.repository';
import {
  exampleExists,
  examplesPerCategory,
  examplesPerCategoryAmong,
} from '../examples/examples.repository';
import * as marks from '../examples/marks.repository';
import { masteredExampleIds } from '../reviews/reviews.service';
import { toProgress, type Progress } from './progress.presenter';

export type { Progress };

/**
 * A learner's likes and solved marks (stored by the examples module), and their progress
 * (mastery from the reviews module's FSRS cards).
 */
export function progressService(db: Kysely<Database>, clock: () => Date = () => new Date()) {
  async function setMark(table: marks.MarkTable, userId: number, exampleId: number, on: boolean) {
    const gone = () => notFound(`Example ${exampleId} not found.`);
    if (!(await exampleExists(db, exampleId))) throw gone();
    if (!on) return marks.unmark(db, table, userId, exampleId);
    await marks.mark(db, table, userId, exampleId, clock().toISOString()).catch(async (err) => {
      // Deleted since it was looked up: the mark's foreign key refused it, which the learner hears
      // as the example being gone, not a 500.
      if (!(await exampleExists(db, exampleId))) throw gone();
      throw err;
    });
  }

  return {
    like: (userId: number, exampleId: number, on: boolean) =>
      setMark('likes', userId, exampleId, on),
    solve: (userId: number, exampleId: number, on: boolean) =>
      setMark('solved_marks', userId, exampleId, on),

    async progress(userId: number): Promise<Progress> {
      const [totals, solved, withoutHelp, liked, mastered, categories] = await Promise.all([
        examplesPerCategory(db),
        marks.marksPerCategory(db, 'solved_marks', userId),
        marks.cleanSolvesPerCategory(db, userId),
        marks.marksPerCategory(db, 'likes', userId),
        masteredExampleIds(db, userId).then((ids) => examplesPerCategoryAmong(db, ids)),
        listCategories(db),
      ]);
      return toProgress(categories, { totals, solved, withoutHelp, liked, mastered });
    },
  };
}
