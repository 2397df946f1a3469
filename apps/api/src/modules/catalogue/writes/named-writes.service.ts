import type { Difficulty, ExampleType, Subject } from '@exemplar/shared/catalogue';
import type { DifficultyInput, SubjectInput, TypeInput } from '@exemplar/shared/catalogue-writes';
import { conflict } from '../../../lib/errors';
import { countExamplesUsing, refreshSearchDocuments } from '../examples';
import * as catalogue from '../taxonomy';
import type { Clock, Db, Tx, Writer } from './catalogue-writes.common';
import { auditWrite, mustBeUnused, mustExist, usedBy } from './catalogue-writes.common';

interface NamedInput {
  name: string;
  description?: string | undefined;
  rank?: number | undefined;
}

/** What differs between subjects, difficulties and types; the rest of their writes is shared. */
interface NamedKind<O> {
  table: catalogue.NamedTable;
  label: string;
  read(db: Db, id: number): Promise<O | undefined>;
  /** What still uses the row, as the 409 names it ("3 categories"); '' when nothing does. */
  usedBy(trx: Tx, id: number): Promise<string>;
  /** What else a change of its name or description changes (a subject's examples' search). */
  updated?(trx: Tx, id: number): Promise<void>;
}

/** Create, update and delete of one named entity: names unique (case-insensitive), one audit each. */
function namedWrites<I extends NamedInput, O>(
  db: Db,
  clock: Clock,
  kind: NamedKind<O>,
): Writer<I, O> {
  const { table, label } = kind;
  const values = (input: I): catalogue.NamedValues => ({
    name: input.name,
    description: input.description ?? '',
    ...(table === 'difficulties' && input.rank !== undefined ? { rank: input.rank } : {}),
  });
  const read = async (trx: Tx, id: number) => mustExist(await kind.read(trx, id), label, id);
  const mustBeFree = async (trx: Tx, name: string, exceptId?: number) => {
    if (await catalogue.nameTaken(trx, table, name, exceptId)) {
      throw conflict(`A ${label.toLowerCase()} named "${name}" already exists.`);
    }
  };
  return {
    create: (actor, input) =>
      db.transaction().execute(async (trx) => {
        await mustBeFree(trx, input.name);
        const at = clock().toISOString();
        const id = await catalogue.insertNamed(trx, table, values(input), at);
        await auditWrite(trx, actor, at, `${table}.create`, id, { name: input.name });
        return read(trx, id);
      }),
    update: (actor, id, input) =>
      db.transaction().execute(async (trx) => {
        mustExist(await catalogue.getNamed(trx, table, id), label, id);
        await mustBeFree(trx, input.name, id);
        const at = clock().toISOString();
        await catalogue.updateNamed(trx, table, id, values(input), at);
        await kind.updated?.(trx, id);
        await auditWrite(trx, actor, at, `${table}.update`, id, { name: input.name });
        return read(trx, id);
      }),
    remove: (actor, id) =>
      db.transaction().execute(async (trx) => {
        const row = mustExist(await catalogue.getNamed(trx, table, id), label, id);
        mustBeUnused(label, row.name, [await kind.usedBy(trx, id)]);
        await catalogue.deleteNamed(trx, table, id);
        await auditWrite(trx, actor, clock().toISOString(), `${table}.delete`, id, {
          name: row.name,
        });
      }),
  };
}

const examplesUsing =
  (column: 'difficulty_id' | 'type_id') =>
  async (trx: Tx, id: number): Promise<string> =>
    usedBy(await countExamplesUsing(trx, column, id), 'example');

/** Writes of subjects, difficulties and types: validation beyond the schema, 409s, audit. */
export function namedWritesService(db: Db, clock: Clock = () => new Date()) {
  return {
    subjects: namedWrites<SubjectInput, Subject>(db, clock, {
      table: 'subjects',
      label: 'Subject',
      read: (trx, id) => catalogue.getSubjectOrType(trx, 'subjects', id),
      usedBy: async (trx, id) =>
        usedBy(
          await catalogue.countCategoriesWhere(trx, 'subject_id', id),
          'category',
          'categories',
        ),
      // Its name and description are in the search document of every example under it.
      updated: async (trx, id) =>
        refreshSearchDocuments(trx, {
          categoryIds: await catalogue.categoryIdsOfSubject(trx, id),
        }),
    }),
    difficulties: namedWrites<DifficultyInput, Difficulty>(db, clock, {
      table: 'difficulties',
      label: 'Difficulty',
      read: catalogue.getDifficulty,
      usedBy: examplesUsing('difficulty_id'),
    }),
    types: namedWrites<TypeInput, ExampleType>(db, clock, {
      table: 'types',
      label: 'Type',
      read: (trx, id) => catalogue.getSubjectOrType(trx, 'types', id),
      usedBy: examplesUsing('type_id'),
    }),
  };
}

export type NamedWritesService = ReturnType<typeof namedWritesService>;
