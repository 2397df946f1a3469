import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { listCategories } from '../catalogue/taxonomy';
import {
  examplesPerCategory,
  examplesPerCategoryAmong,
  marksPerCategory,
  setMark,
} from '../catalogue/examples';
import { masteredExampleIds } from '../reviews';
import { toProgress, type Progress } from './progress.presenter';

export type { Progress };

/**
 * A learner's likes and solved marks (stored by the examples module), and their progress
 * (mastery from the reviews module's FSRS cards).
 */
export function progressService(db: Kysely<Database>, clock: () => Date = () => new Date()) {
  return {
    // The marks are the examples module's: a mark of a draft or of no example is a 404 there.
    like: (userId: number, exampleId: number, on: boolean) =>
      setMark(db, 'like', userId, exampleId, on, clock().toISOString()),
    solve: (userId: number, exampleId: number, on: boolean) =>
      setMark(db, 'solve', userId, exampleId, on, clock().toISOString()),

    async progress(userId: number): Promise<Progress> {
      const [totals, { solved, withoutHelp, liked }, mastered, categories] = await Promise.all([
        examplesPerCategory(db),
        marksPerCategory(db, userId),
        masteredExampleIds(db, userId).then((ids) => examplesPerCategoryAmong(db, ids)),
        listCategories(db),
      ]);
      return toProgress(categories, { totals, solved, withoutHelp, liked, mastered });
    },
  };
}
