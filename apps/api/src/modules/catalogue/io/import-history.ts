import type { CatalogueFileVersion } from '@exemplar/shared/catalogue-io';
import { specColumn, testAnswersColumn, type Editor, type VersionInsert } from '../examples';
import type { ExampleInsert } from './catalogue-io.repository';

/** The import's maps of names to ids (write-import.ts), read only: history creates nothing. */
export interface NameLookup {
  subjects: Map<string, number>;
  categories: Map<string, number>;
  difficulties: Map<string, number>;
  types: Map<string, number>;
  slot: (subjectId: number, parentId: number | null) => string;
  key: (name: string) => string;
}

/** The id of the category at `path` under `subject` in the catalogue, or null. */
function categoryAt(lookup: NameLookup, subject: string | null, path: string[] | null) {
  const subjectId = subject === null ? undefined : lookup.subjects.get(lookup.key(subject));
  if (subjectId === undefined || !path) return null;
  let parent: number | null = null;
  for (const name of path) {
    const id = lookup.categories.get(`${lookup.slot(subjectId, parent)}:${lookup.key(name)}`);
    if (id === undefined) return null;
    parent = id;
  }
  return parent;
}

/**
 * The version rows of an imported example whose file carries its history: each version as it was
 * (its references found by name, null when the catalogue has none of that name; the editor by the
 * email and name recorded, no account linked), then, when the example as imported differs from
 * its newest version (a file edited by hand), one more version 'import' by the importer, so the
 * newest version is always the example as it is.
 */
export function historyRows(
  exampleId: number,
  row: ExampleInsert,
  history: CatalogueFileVersion[],
  lookup: NameLookup,
  editor: Editor | null,
  at: string,
): VersionInsert[] {
  const named = (map: Map<string, number>, name: string | null) =>
    name === null ? null : (map.get(lookup.key(name)) ?? null);
  const rows: VersionInsert[] = history.map((v) => ({
    example_id: exampleId,
    version: v.version,
    question: v.question,
    answer: v.answer,
    procedure: v.procedure,
    difficulty_id: named(lookup.difficulties, v.difficulty),
    type_id: named(lookup.types, v.type),
    category_id: categoryAt(lookup, v.subject, v.category),
    edited_by: null,
    editor_email: v.editedBy?.email ?? null,
    editor_name: v.editedBy?.name ?? null,
    edited_at: v.editedAt,
    action: v.action,
    answer_spec: specColumn(v.answerSpec),
    test_answers: testAnswersColumn(v.testAnswers),
  }));
  const newest = rows.at(-1)!;
  const same =
    newest.question === row.question &&
    newest.answer === row.answer &&
    (newest.procedure ?? null) === (row.procedure ?? null) &&
    newest.difficulty_id === row.difficulty_id &&
    newest.type_id === row.type_id &&
    newest.category_id === row.category_id &&
    newest.answer_spec === (row.answer_spec ?? null) &&
    newest.test_answers === (row.test_answers ?? '[]');
  if (!same)
    rows.push({
      example_id: exampleId,
      version: newest.version + 1,
      question: row.question,
      answer: row.answer,
      procedure: row.procedure ?? null,
      difficulty_id: row.difficulty_id,
      type_id: row.type_id,
      category_id: row.category_id,
      edited_by: editor?.id ?? null,
      editor_email: editor?.email ?? null,
      editor_name: editor?.name ?? null,
      edited_at: at,
      action: 'import',
      answer_spec: row.answer_spec ?? null,
      test_answers: row.test_answers ?? '[]',
    });
  return rows;
}
