// A learner's marks on examples (likes and solved marks, this module's tables) as other modules use
// them: the progress's like and solve routes and counts, the attempts' solves, the reviews'
// suggestions, an account's deletion. A mark is of a published example only.
import type { Kysely } from 'kysely';
import type { SolveHow } from '../../../db/catalogue-schema';
import type { Database } from '../../../db/schema';
import { notFound } from '../../../lib/errors';
import { exampleExists } from './examples.repository';
import * as marks from './marks.repository';

type Db = Kysely<Database>;

/** A count per category (direct members only). */
export interface PerCategory {
  category_id: number;
  n: number | string;
}

/**
 * Likes or unlikes (`like`), or marks solved or not (`solve`), example `exampleId` for `userId`;
 * marking twice is marking once. 404 when no published example has that id, also when it is
 * deleted while being marked.
 */
export async function setMark(
  db: Db,
  kind: 'like' | 'solve',
  userId: number,
  exampleId: number,
  on: boolean,
  at: string,
): Promise<void> {
  const table = kind === 'like' ? 'likes' : 'solved_marks';
  const gone = () => notFound(`Example ${exampleId} not found.`);
  if (!(await exampleExists(db, exampleId))) throw gone();
  if (!on) return marks.unmark(db, table, userId, exampleId);
  await marks.mark(db, table, userId, exampleId, at).catch(async (err) => {
    // Deleted since it was looked up: the mark's foreign key refused it, which the learner hears
    // as the example being gone, not a 500.
    if (!(await exampleExists(db, exampleId))) throw gone();
    throw err;
  });
}

/**
 * Marks example `exampleId` solved by a checked answer, earned `how`, and answers how it is then
 * marked: a mark that already says how is kept (so 'without-help' is never downgraded), a mark
 * set by hand takes `how`. Inside the caller's transaction.
 */
export const markSolvedBy = (
  trx: Db,
  userId: number,
  exampleId: number,
  how: SolveHow,
  at: string,
): Promise<SolveHow> => marks.markSolvedBy(trx, userId, exampleId, how, at);

/** The learner's marks per category, of published examples (direct members only). */
export async function marksPerCategory(
  db: Db,
  userId: number,
): Promise<{ solved: PerCategory[]; withoutHelp: PerCategory[]; liked: PerCategory[] }> {
  const [solved, withoutHelp, liked] = await Promise.all([
    marks.marksPerCategory(db, 'solved_marks', userId),
    marks.cleanSolvesPerCategory(db, userId),
    marks.marksPerCategory(db, 'likes', userId),
  ]);
  return { solved, withoutHelp, liked };
}

/**
 * Up to `limit` published examples the learner liked or solved with help that are not in their
 * reviews, newest mark first: what the reviews suggest adding.
 */
export const reviewCandidates = (db: Db, userId: number, limit: number): Promise<number[]> =>
  marks.reviewCandidates(db, userId, limit);

/** Forgets every like and solved mark of a learner (an account being deleted). */
export const forgetMarksOf = (trx: Db, userId: number): Promise<void> =>
  marks.deleteMarksOfUser(trx, userId);
