import type {
  Category,
  CategoryInput,
  Difficulty,
  DifficultyInput,
  Example,
  ExampleInput,
  ExampleType,
  Subject,
  SubjectInput,
  TypeInput,
} from '@exemplar/shared/catalogue';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { recordAudit } from '../audit/audit.repository';
import type { AuthUser } from '../auth/auth.service';
import { getExample } from '../examples/examples.repository';
import { toExample } from '../examples/examples.service';
import { toCategory } from './catalogue.presenters';
import * as repo from './catalogue-writes.repository';

type Tx = Transaction<Database>;
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * Catalogue writes: validation beyond the schema (references exist, names unique, the category
 * tree stays a tree), 409 naming what still uses a thing, one transaction and one audit entry each.
 */
export function catalogueWritesService(db: Kysely<Database>, clock: () => Date = () => new Date()) {
  const now = () => clock().toISOString();

  async function audit(
    trx: Tx,
    actor: AuthUser,
    action: string,
    type: string,
    id: number,
    details: object,
  ) {
    await recordAudit(trx, {
      actorId: actor.id,
      action,
      targetType: type,
      targetId: String(id),
      details: details as Record<string, unknown>,
      at: now(),
    });
  }

  async function mustExist<T>(row: T | undefined, what: string, id: number): Promise<T> {
    if (!row) throw notFound(`${what} ${id} not found.`);
    return row;
  }

  /* Subjects, difficulties and types share their shape. */
  function named<
    I extends { name: string; description?: string | undefined; rank?: number | undefined },
  >(table: repo.NamedTable, label: string) {
    const select = (trx: Kysely<Database>, id: number) =>
      table === 'difficulties'
        ? trx
            .selectFrom('difficulties')
            .select(['id', 'name', 'description', 'rank'])
            .where('id', '=', id)
            .executeTakeFirst()
        : trx
            .selectFrom(table)
            .select(['id', 'name', 'description'])
            .where('id', '=', id)
            .executeTakeFirst();
    const taken = async (trx: Kysely<Database>, name: string, exceptId?: number) => {
      if (await repo.nameTaken(trx, table, name, exceptId)) {
        throw conflict(`A ${label.toLowerCase()} named "${name}" already exists.`);
      }
    };
    return {
      async create(actor: AuthUser, input: I) {
        return db.transaction().execute(async (trx) => {
          await taken(trx, input.name);
          const at = now();
          const values = {
            name: input.name,
            description: input.description ?? '',
            created_at: at,
            updated_at: at,
            ...(table === 'difficulties' ? { rank: input.rank ?? 0 } : {}),
          };
          const { id } = await trx
            .insertInto(table)
            .values(values as never)
            .returning('id')
            .executeTakeFirstOrThrow();
          await audit(trx, actor, `${table}.create`, table, id, { name: input.name });
          return (await select(trx, id))!;
        });
      },
      async update(actor: AuthUser, id: number, input: I) {
        return db.transaction().execute(async (trx) => {
          await mustExist(await repo.getNamed(trx, table, id), label, id);
          await taken(trx, input.name, id);
          const values = {
            name: input.name,
            description: input.description ?? '',
            updated_at: now(),
            ...(table === 'difficulties' && input.rank !== undefined ? { rank: input.rank } : {}),
          };
          await trx
            .updateTable(table)
            .set(values as never)
            .where('id', '=', id)
            .execute();
          await audit(trx, actor, `${table}.update`, table, id, { name: input.name });
          return (await select(trx, id))!;
        });
      },
      async remove(actor: AuthUser, id: number) {
        await db.transaction().execute(async (trx) => {
          const row = await mustExist(await repo.getNamed(trx, table, id), label, id);
          const users =
            table === 'subjects'
              ? await repo.countWhere(trx, 'categories', 'subject_id', id)
              : await repo.countWhere(
                  trx,
                  'examples',
                  table === 'difficulties' ? 'difficulty_id' : 'type_id',
                  id,
                );
          if (users > 0) {
            const what =
              table === 'subjects'
                ? plural(users, 'category', 'categories')
                : plural(users, 'example');
            throw conflict(`${label} "${row.name}" cannot be deleted: it is used by ${what}.`);
          }
          await trx.deleteFrom(table).where('id', '=', id).execute();
          await audit(trx, actor, `${table}.delete`, table, id, { name: row.name });
        });
      },
    };
  }

  /** Checks the subject and parent of a category; returns the parent id (null for a main category). */
  async function checkCategoryPlacement(trx: Tx, input: CategoryInput, selfId?: number) {
    if (!(await repo.getNamed(trx, 'subjects', input.subjectId))) {
      throw badRequest(`Subject ${input.subjectId} does not exist.`);
    }
    const parentId = input.parentId ?? null;
    if (parentId !== null) {
      if (parentId === selfId) throw badRequest('A category cannot be its own parent.');
      const parent = await repo.getCategory(trx, parentId);
      if (!parent) throw badRequest(`Parent category ${parentId} does not exist.`);
      if (parent.subject_id !== input.subjectId) {
        throw badRequest('The parent category must belong to the same subject.');
      }
      if (selfId !== undefined && (await repo.subtreeIds(trx, selfId)).includes(parentId)) {
        throw badRequest('A category cannot be moved under one of its own subcategories.');
      }
    }
    if (await repo.categoryNameTaken(trx, input.subjectId, parentId, input.name, selfId)) {
      throw conflict(`A category named "${input.name}" already exists at that place.`);
    }
    return parentId;
  }

  async function checkExampleRefs(trx: Tx, input: ExampleInput) {
    const problems: string[] = [];
    if (!(await repo.getNamed(trx, 'difficulties', input.difficultyId)))
      problems.push(`Difficulty ${input.difficultyId} does not exist.`);
    if (!(await repo.getNamed(trx, 'types', input.typeId)))
      problems.push(`Type ${input.typeId} does not exist.`);
    if (!(await repo.getCategory(trx, input.categoryId)))
      problems.push(`Category ${input.categoryId} does not exist.`);
    if (problems.length) throw badRequest(problems.join(' '));
  }

  const exampleValues = (input: ExampleInput) => ({
    question: input.question,
    answer: input.answer,
    procedure: input.procedure?.trim() ? input.procedure : null,
    difficulty_id: input.difficultyId,
    type_id: input.typeId,
    category_id: input.categoryId,
  });

  return {
    subjects: named<SubjectInput>('subjects', 'Subject') as unknown as {
      create(a: AuthUser, i: SubjectInput): Promise<Subject>;
      update(a: AuthUser, id: number, i: SubjectInput): Promise<Subject>;
      remove(a: AuthUser, id: number): Promise<void>;
    },
    difficulties: named<DifficultyInput>('difficulties', 'Difficulty') as unknown as {
      create(a: AuthUser, i: DifficultyInput): Promise<Difficulty>;
      update(a: AuthUser, id: number, i: DifficultyInput): Promise<Difficulty>;
      remove(a: AuthUser, id: number): Promise<void>;
    },
    types: named<TypeInput>('types', 'Type') as unknown as {
      create(a: AuthUser, i: TypeInput): Promise<ExampleType>;
      update(a: AuthUser, id: number, i: TypeInput): Promise<ExampleType>;
      remove(a: AuthUser, id: number): Promise<void>;
    },

    categories: {
      async create(actor: AuthUser, input: CategoryInput): Promise<Category> {
        return db.transaction().execute(async (trx) => {
          const parentId = await checkCategoryPlacement(trx, input);
          const at = now();
          const { id } = await trx
            .insertInto('categories')
            .values({
              subject_id: input.subjectId,
              parent_id: parentId,
              name: input.name,
              description: input.description ?? '',
              position: input.position ?? (await repo.nextPosition(trx, input.subjectId, parentId)),
              created_at: at,
              updated_at: at,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          await audit(trx, actor, 'categories.create', 'categories', id, { name: input.name });
          return toCategory((await repo.getCategory(trx, id))!);
        });
      },
      async update(actor: AuthUser, id: number, input: CategoryInput): Promise<Category> {
        return db.transaction().execute(async (trx) => {
          const current = await mustExist(await repo.getCategory(trx, id), 'Category', id);
          if (current.subject_id !== input.subjectId) {
            // Moving a branch to another subject would leave its children behind.
            const children = await repo.countWhere(trx, 'categories', 'parent_id', id);
            if (children > 0) {
              throw badRequest(
                `This category has ${plural(children, 'subcategory', 'subcategories')}; move or delete them before changing its subject.`,
              );
            }
          }
          const parentId = await checkCategoryPlacement(trx, input, id);
          await trx
            .updateTable('categories')
            .set({
              subject_id: input.subjectId,
              parent_id: parentId,
              name: input.name,
              description: input.description ?? '',
              ...(input.position !== undefined ? { position: input.position } : {}),
              updated_at: now(),
            })
            .where('id', '=', id)
            .execute();
          await audit(trx, actor, 'categories.update', 'categories', id, { name: input.name });
          return toCategory((await repo.getCategory(trx, id))!);
        });
      },
      async remove(actor: AuthUser, id: number) {
        await db.transaction().execute(async (trx) => {
          const row = await mustExist(await repo.getCategory(trx, id), 'Category', id);
          const children = await repo.countWhere(trx, 'categories', 'parent_id', id);
          const examples = await repo.countWhere(trx, 'examples', 'category_id', id);
          if (children || examples) {
            const parts = [
              children ? plural(children, 'subcategory', 'subcategories') : '',
              examples ? plural(examples, 'example') : '',
            ].filter(Boolean);
            throw conflict(
              `Category "${row.name}" cannot be deleted: it is used by ${parts.join(' and ')}.`,
            );
          }
          await trx.deleteFrom('categories').where('id', '=', id).execute();
          await audit(trx, actor, 'categories.delete', 'categories', id, { name: row.name });
        });
      },
    },

    examples: {
      async create(actor: AuthUser, input: ExampleInput): Promise<Example> {
        return db.transaction().execute(async (trx) => {
          await checkExampleRefs(trx, input);
          const at = now();
          const { id } = await trx
            .insertInto('examples')
            .values({
              ...exampleValues(input),
              created_by: actor.id,
              created_at: at,
              updated_at: at,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          await audit(trx, actor, 'examples.create', 'examples', id, {
            categoryId: input.categoryId,
          });
          return toExample((await getExample(trx, id))!);
        });
      },
      async update(actor: AuthUser, id: number, input: ExampleInput): Promise<Example> {
        return db.transaction().execute(async (trx) => {
          await mustExist(await getExample(trx, id), 'Example', id);
          await checkExampleRefs(trx, input);
          await trx
            .updateTable('examples')
            .set({ ...exampleValues(input), updated_at: now() })
            .where('id', '=', id)
            .execute();
          await audit(trx, actor, 'examples.update', 'examples', id, {
            categoryId: input.categoryId,
          });
          return toExample((await getExample(trx, id))!);
        });
      },
      async remove(actor: AuthUser, id: number) {
        await db.transaction().execute(async (trx) => {
          await mustExist(await getExample(trx, id), 'Example', id);
          // Learners' likes and solved marks of it go with it (foreign keys cascade).
          await trx.deleteFrom('examples').where('id', '=', id).execute();
          await audit(trx, actor, 'examples.delete', 'examples', id, {});
        });
      },
    },
  };
}
