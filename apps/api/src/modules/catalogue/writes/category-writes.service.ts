import type { Category } from '@exemplar/shared/catalogue';
import type { CategoryInput } from '@exemplar/shared/catalogue-writes';
import { badRequest, conflict } from '../../../lib/errors';
import { countExamplesUsing, refreshSearchDocuments } from '../examples';
import * as catalogue from '../taxonomy';
import type { Clock, Db, Tx, Writer } from './catalogue-writes.common';
import { auditWrite, mustBeUnused, mustExist, plural, usedBy } from './catalogue-writes.common';

/** Checks the subject and parent of a category; returns the parent id (null for a main category). */
async function checkPlacement(trx: Tx, input: CategoryInput, selfId?: number) {
  if (!(await catalogue.getNamed(trx, 'subjects', input.subjectId))) {
    throw badRequest(`Subject ${input.subjectId} does not exist.`);
  }
  const parentId = input.parentId ?? null;
  if (parentId !== null) {
    if (parentId === selfId) throw badRequest('A category cannot be its own parent.');
    const parent = await catalogue.getCategory(trx, parentId);
    if (!parent) throw badRequest(`Parent category ${parentId} does not exist.`);
    if (parent.subject_id !== input.subjectId) {
      throw badRequest('The parent category must belong to the same subject.');
    }
    if (selfId !== undefined && (await catalogue.subtreeIds(trx, selfId)).includes(parentId)) {
      throw badRequest('A category cannot be moved under one of its own subcategories.');
    }
  }
  if (await catalogue.categoryNameTaken(trx, input.subjectId, parentId, input.name, selfId)) {
    throw conflict(`A category named "${input.name}" already exists at that place.`);
  }
  return parentId;
}

const values = (input: CategoryInput, parentId: number | null): catalogue.CategoryValues => ({
  subject_id: input.subjectId,
  parent_id: parentId,
  name: input.name,
  description: input.description ?? '',
  ...(input.position !== undefined ? { position: input.position } : {}),
});

async function read(trx: Tx, id: number): Promise<Category> {
  return catalogue.toCategory(mustExist(await catalogue.getCategory(trx, id), 'Category', id));
}

/**
 * Category writes: the subject and parent exist, names are unique among siblings, the tree stays a
 * tree, and a category in use is not deleted; one transaction and one audit entry each.
 */
export function categoryWritesService(
  db: Db,
  clock: Clock = () => new Date(),
): Writer<CategoryInput, Category> {
  return {
    create: (actor, input) =>
      db.transaction().execute(async (trx) => {
        const parentId = await checkPlacement(trx, input);
        const position =
          input.position ?? (await catalogue.nextPosition(trx, input.subjectId, parentId));
        const at = clock().toISOString();
        const id = await catalogue.insertCategory(
          trx,
          { ...values(input, parentId), position },
          at,
        );
        await auditWrite(trx, actor, at, 'categories.create', id, { name: input.name });
        return read(trx, id);
      }),
    update: (actor, id, input) =>
      db.transaction().execute(async (trx) => {
        const current = mustExist(await catalogue.getCategory(trx, id), 'Category', id);
        if (current.subject_id !== input.subjectId) {
          // Moving a branch to another subject would leave its children behind.
          const children = await catalogue.countCategoriesWhere(trx, 'parent_id', id);
          if (children > 0) {
            throw badRequest(
              `This category has ${plural(children, 'subcategory', 'subcategories')}; move or delete them before changing its subject.`,
            );
          }
        }
        const parentId = await checkPlacement(trx, input, id);
        const at = clock().toISOString();
        await catalogue.updateCategory(trx, id, values(input, parentId), at);
        // Its name and description (and, moved, its ancestors) are in the search document of
        // every example in it and under it.
        await refreshSearchDocuments(trx, { categoryIds: await catalogue.subtreeIds(trx, id) });
        await auditWrite(trx, actor, at, 'categories.update', id, { name: input.name });
        return read(trx, id);
      }),
    remove: (actor, id) =>
      db.transaction().execute(async (trx) => {
        const row = mustExist(await catalogue.getCategory(trx, id), 'Category', id);
        const children = await catalogue.countCategoriesWhere(trx, 'parent_id', id);
        const examples = await countExamplesUsing(trx, 'category_id', id);
        mustBeUnused('Category', row.name, [
          usedBy(children, 'subcategory', 'subcategories'),
          usedBy(examples, 'example'),
        ]);
        await catalogue.deleteCategory(trx, id);
        await auditWrite(trx, actor, clock().toISOString(), 'categories.delete', id, {
          name: row.name,
        });
      }),
  };
}
