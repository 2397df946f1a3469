// Examples as other modules read them. Who sees what is this module's rule, held here: published
// examples for everyone, drafts too only for a caller who asks for them (`drafts`, an editor's
// read; ADR 037). Other modules never read the examples table themselves: they call these.
import type { AnswerSpec, TestAnswer } from '@exemplar/shared/answer-spec';
import type { Example } from '@exemplar/shared/catalogue';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import * as scans from './example-scans.repository';
import { effectiveSpec, toExample } from './examples.presenter';
import * as repo from './examples.repository';
import { storedTestAnswers } from './stored-spec';

type Db = Kysely<Database>;

export type { Visibility } from './examples.repository';

/** An example as an answer is checked against it. */
export interface ExampleToCheck {
  id: number;
  question: string;
  answer: string;
  procedure: string | null;
  /** Answers the checker must accept or refuse (ADR 041). */
  testAnswers: TestAnswer[];
  /** The spec its answers are checked under: set by an editor, else inferred (when first asked). */
  spec(): AnswerSpec;
}

const toCheck = (row: {
  id: number;
  question: string;
  answer: string;
  procedure: string | null;
  answer_spec: string | null;
  test_answers: string;
}): ExampleToCheck => ({
  id: row.id,
  question: row.question,
  answer: row.answer,
  procedure: row.procedure,
  testAnswers: storedTestAnswers(row.test_answers),
  spec: () => effectiveSpec(row).spec,
});

/** Whether example `id` exists and is published (or, with `drafts`, exists at all). */
export const exampleExists = (db: Db, id: number, visibility?: repo.Visibility): Promise<boolean> =>
  repo.exampleExists(db, id, visibility);

/** Example `id` to check an answer against: published, or with `drafts` any; else undefined. */
export async function exampleToCheck(
  db: Db,
  id: number,
  visibility?: repo.Visibility,
): Promise<ExampleToCheck | undefined> {
  const row = await repo.getExample(db, id, undefined, visibility);
  return row && toCheck(row);
}

/**
 * The published examples among `ids` as `viewerId` sees them (with their marks), in the order of
 * `ids`: a draft or a deleted example is left out.
 */
export async function publishedExamples(
  db: Db,
  ids: number[],
  viewerId?: number,
): Promise<Example[]> {
  return (await repo.getExamples(db, ids, viewerId)).map((r) => toExample(r));
}

/**
 * The ids of the published examples, as a sub-query for another module's repository whose rows
 * refer to examples (a learner's review cards): the one piece of SQL a face hands on, so that
 * what "published" means stays written here alone.
 */
export const publishedExampleIds = (db: Db) => repo.publishedExampleIds(db);

/** Whether any example exists (the demo seed fills an empty catalogue only). */
export const hasExamples = (db: Db): Promise<boolean> => repo.hasExamples(db);

/** Published examples per category (direct members only). */
export const examplesPerCategory = (db: Db): Promise<{ category_id: number; n: number }[]> =>
  repo.examplesPerCategory(db);

/** How many of `ids` each category holds among its published examples (direct members only). */
export const examplesPerCategoryAmong = (db: Db, ids: number[]) =>
  repo.examplesPerCategoryAmong(db, ids);

/** How many examples, drafts too, use a category, difficulty or type: what still uses it. */
export const countExamplesUsing = (
  db: Db,
  column: 'category_id' | 'difficulty_id' | 'type_id',
  id: number,
): Promise<number> => repo.countExamplesWhere(db, column, id);

/** How many examples there are, drafts too. */
export const countExamples = (db: Db): Promise<number> => scans.countExamples(db);

/**
 * Up to `limit` examples, drafts too, with ids above `afterId`, in id order, to be checked: one
 * keyset batch of the catalogue health check.
 */
export async function examplesToCheckBatch(
  db: Db,
  afterId: number,
  limit: number,
): Promise<ExampleToCheck[]> {
  return (await scans.exampleTextsBatch(db, afterId, limit)).map(toCheck);
}

/**
 * The sitemap's reads: the published examples in id order, cut into chunks (`sitemapChunks`), the
 * id a chunk starts at (`sitemapIdAt`), one keyset batch of a chunk (`sitemapBatch`).
 */
export { sitemapBatch, sitemapChunks, sitemapIdAt } from './example-scans.repository';
