import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Kysely, Transaction } from 'kysely';
import { z } from 'zod';
import type { Database } from '../schema';

const here = path.dirname(fileURLToPath(import.meta.url));
export const DEMO_CATALOGUE_PATH = path.join(here, 'demo-catalogue.json');

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
  const subject = await db.selectFrom('subjects').select('id').limit(1).executeTakeFirst();
  const example = await db.selectFrom('examples').select('id').limit(1).executeTakeFirst();
  return !subject && !example;
}

/**
 * Loads the demo catalogue into an empty database, in one transaction. Does nothing (returns false)
 * when the catalogue already has content, so restarting never duplicates it.
 */
export async function seedDemoCatalogue(
  db: Kysely<Database>,
  catalogue: DemoCatalogue = readDemoCatalogue(),
  now: Date = new Date(),
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if (!(await catalogueIsEmpty(trx))) return false;
    const stamp = now.toISOString();

    const difficultyIds = new Map<string, number>();
    for (const [rank, d] of catalogue.difficulties.entries()) {
      const row = await trx
        .insertInto('difficulties')
        .values({
          name: d.name,
          description: d.description,
          rank,
          created_at: stamp,
          updated_at: stamp,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      difficultyIds.set(d.name, row.id);
    }
    const typeIds = new Map<string, number>();
    for (const t of catalogue.types) {
      const row = await trx
        .insertInto('types')
        .values({ name: t.name, description: t.description, created_at: stamp, updated_at: stamp })
        .returning('id')
        .executeTakeFirstOrThrow();
      typeIds.set(t.name, row.id);
    }

    // Category ids by "Subject/Top/Child/..." path.
    const categoryIds = new Map<string, number>();
    const insertCategories = async (
      tx: Transaction<Database>,
      subjectId: number,
      parentId: number | null,
      prefix: string,
      nodes: CategoryNode[],
    ) => {
      for (const [position, node] of nodes.entries()) {
        const row = await tx
          .insertInto('categories')
          .values({
            subject_id: subjectId,
            parent_id: parentId,
            name: node.name,
            description: node.description,
            position,
            created_at: stamp,
            updated_at: stamp,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const key = `${prefix}/${node.name}`;
        categoryIds.set(key, row.id);
        await insertCategories(tx, subjectId, row.id, key, node.children);
      }
    };
    for (const s of catalogue.subjects) {
      const row = await trx
        .insertInto('subjects')
        .values({ name: s.name, description: s.description, created_at: stamp, updated_at: stamp })
        .returning('id')
        .executeTakeFirstOrThrow();
      await insertCategories(trx, row.id, null, s.name, s.categories);
    }

    // Spread creation dates over the past weeks (newest first in file order) so the catalogue
    // looks lived-in; deterministic for a given `now`.
    const rows = catalogue.examples.map((e, i) => {
      const lookup = <T>(map: Map<string, T>, key: string, what: string): T => {
        const value = map.get(key);
        if (value === undefined) throw new Error(`Demo example ${i + 1}: unknown ${what} "${key}"`);
        return value;
      };
      const created = new Date(now.getTime() - (catalogue.examples.length - i) * 9 * 3600_000);
      return {
        question: e.question,
        answer: e.answer,
        procedure: e.procedure ?? null,
        difficulty_id: lookup(difficultyIds, e.difficulty, 'difficulty'),
        type_id: lookup(typeIds, e.type, 'type'),
        category_id: lookup(categoryIds, [e.subject, ...e.category].join('/'), 'category'),
        created_by: null,
        created_at: created.toISOString(),
        updated_at: created.toISOString(),
      };
    });
    for (let i = 0; i < rows.length; i += 100) {
      await trx
        .insertInto('examples')
        .values(rows.slice(i, i + 100))
        .execute();
    }
    return true;
  });
}
