// The demo catalogue (the data stays in db/seed/demo-catalogue.json) loaded through the importer
// into an empty database, at start-up with SEED=demo (plugins/app/database.ts).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Kysely } from 'kysely';
import { AnswerSpecSchema, TestAnswersSchema } from '@exemplar/shared/answer-spec';
import { z } from 'zod';
import { hasExamples } from '../examples';
import { hasSubjects, holdSeedLock } from '../taxonomy';
import { importInto } from './catalogue-io.service';
import type { Engine } from '../../../db/database';
import type { Database } from '../../../db/schema';

const here = path.dirname(fileURLToPath(import.meta.url));
export const DEMO_CATALOGUE_PATH = path.join(here, '../../../db/seed/demo-catalogue.json');

interface CategoryNode {
  name: string;
  description: string;
  children: CategoryNode[];
}
const CategoryNodeSchema: z.ZodType<CategoryNode> = z.lazy(() =>
  z.object({
    name: z.string().min(1),
    description: z.string(),
    children: z.array(CategoryNodeSchema).default([]),
  }),
) as z.ZodType<CategoryNode>;

const NamedSchema = z.object({ name: z.string().min(1), description: z.string().default('') });

export const DemoCatalogueSchema = z.object({
  subjects: z.array(NamedSchema.extend({ categories: z.array(CategoryNodeSchema) })).min(1),
  difficulties: z.array(NamedSchema).min(1),
  types: z.array(NamedSchema).min(1),
  examples: z
    .array(
      z.object({
        subject: z.string(),
        category: z.array(z.string()).min(1),
        difficulty: z.string(),
        type: z.string(),
        question: z.string().min(1),
        answer: z.string().min(1),
        procedure: z.string().optional(),
        /** What counts as a right answer (absent: inferred from the answer and question). */
        answerSpec: AnswerSpecSchema.optional(),
        /** Answers the checker must accept or refuse under it. */
        testAnswers: TestAnswersSchema.optional(),
      }),
    )
    .min(1),
});
export type DemoCatalogue = z.infer<typeof DemoCatalogueSchema>;

export function readDemoCatalogue(file = DEMO_CATALOGUE_PATH): DemoCatalogue {
  return DemoCatalogueSchema.parse(JSON.parse(fs.readFileSync(file, 'utf8')));
}

/** True when the catalogue holds nothing yet (no subjects and no examples). */
export async function catalogueIsEmpty(db: Kysely<Database>): Promise<boolean> {
  return !(await hasSubjects(db)) && !(await hasExamples(db));
}

/**
 * Loads the demo catalogue into an empty database through the importer, in one transaction. Does
 * nothing (returns false) when the catalogue already has content, so restarting never duplicates it.
 * Creation dates are spread over the past weeks so the catalogue looks lived-in.
 */
export async function seedDemoCatalogue(
  db: Kysely<Database>,
  engine: Engine,
  catalogue: DemoCatalogue = readDemoCatalogue(),
  now: Date = new Date(),
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await holdSeedLock(trx, engine);
    if (!(await catalogueIsEmpty(trx))) return false;
    const examples = catalogue.examples.map((e, i) => ({
      ...e,
      createdAt: new Date(
        now.getTime() - (catalogue.examples.length - i) * 9 * 3600_000,
      ).toISOString(),
    }));
    const report = await importInto(
      trx,
      { ...catalogue, examples },
      { dryRun: false, clock: () => now },
    );
    if (report.failed > 0) {
      throw new Error(
        `The demo catalogue has ${report.failed} bad examples: ${JSON.stringify(report.failures[0])}`,
      );
    }
    return true;
  });
}
