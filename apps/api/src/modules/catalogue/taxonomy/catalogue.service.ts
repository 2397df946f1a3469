import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import { notFound } from '../../../lib/errors';
import { buildCategoryTree, toCategory } from './catalogue.presenter';
import * as repo from './catalogue.repository';

export function catalogueService(db: Kysely<Database>) {
  return {
    listSubjects: () => repo.listSubjects(db),
    listDifficulties: () => repo.listDifficulties(db),
    listTypes: () => repo.listTypes(db),
    async listCategories() {
      return (await repo.listCategories(db)).map(toCategory);
    },
    async listCategoriesOfSubject(subjectId: number) {
      if (!(await repo.getSubject(db, subjectId)))
        throw notFound(`Subject ${subjectId} not found.`);
      return (await repo.listCategories(db, subjectId)).map(toCategory);
    },
    async categoryTree() {
      const [subjects, rows] = await Promise.all([repo.listSubjects(db), repo.listCategories(db)]);
      return buildCategoryTree(subjects, rows);
    },
  };
}
