import type {
  CatalogueFile,
  CatalogueFileCategory,
  CatalogueFileVersion,
} from '@exemplar/shared/catalogue-io';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import { exportedVersions, storedSpec, storedTestAnswers } from '../examples';
import * as repo from './catalogue-io.repository';

/**
 * An example's or version's spec as set and its test answers as a file carries them: each only
 * when there is one (no spec: inferred; no test answers: none), so an example without either is
 * written as before answer specs existed.
 */
function specFields(row: { answer_spec: string | null; test_answers: string }) {
  const answerSpec = storedSpec(row.answer_spec);
  const testAnswers = storedTestAnswers(row.test_answers);
  return {
    ...(answerSpec ? { answerSpec } : {}),
    ...(testAnswers.length ? { testAnswers } : {}),
  };
}

/**
 * The whole catalogue as one file that imports back identically; with `versions`, each example
 * carries its history (oldest first), which the import keeps.
 */
export async function exportCatalogue(
  db: Kysely<Database>,
  clock: () => Date = () => new Date(),
  { versions = false }: { versions?: boolean } = {},
): Promise<CatalogueFile> {
  const [subjects, categories, difficulties, types, examples, history] = await Promise.all([
    repo.loadSubjects(db),
    repo.loadCategories(db),
    repo.loadDifficulties(db),
    repo.loadTypes(db),
    repo.exportExamples(db),
    versions ? exportedVersions(db) : Promise.resolve([]),
  ]);
  const byId = new Map(categories.map((c) => [c.id, c]));
  const children = new Map<string, typeof categories>();
  for (const c of categories) {
    const k = `${c.subject_id}:${c.parent_id ?? 'root'}`;
    children.set(k, [...(children.get(k) ?? []), c]);
  }
  const tree = (subjectId: number, parentId: number | null): CatalogueFileCategory[] =>
    (children.get(`${subjectId}:${parentId ?? 'root'}`) ?? []).map((c) => ({
      name: c.name,
      description: c.description,
      children: tree(subjectId, c.id),
    }));
  const subjectName = new Map(subjects.map((s) => [s.id, s.name]));
  const path = (categoryId: number): string[] => {
    const names: string[] = [];
    for (
      let c = byId.get(categoryId);
      c;
      c = c.parent_id === null ? undefined : byId.get(c.parent_id)
    )
      names.unshift(c.name);
    return names;
  };
  const historyOf = new Map<number, CatalogueFileVersion[]>();
  const difficultyName = new Map(difficulties.map((d) => [d.id, d.name]));
  const typeName = new Map(types.map((t) => [t.id, t.name]));
  for (const v of history) {
    const category = v.category_id === null ? undefined : byId.get(v.category_id);
    const list = historyOf.get(v.example_id) ?? [];
    list.push({
      version: Number(v.version),
      action: v.action,
      editedAt: v.edited_at,
      editedBy:
        v.editor_email === null ? null : { email: v.editor_email, name: v.editor_name ?? '' },
      question: v.question,
      answer: v.answer,
      procedure: v.procedure,
      subject: category ? subjectName.get(category.subject_id)! : null,
      category: category ? path(category.id) : null,
      difficulty: (v.difficulty_id !== null && difficultyName.get(v.difficulty_id)) || null,
      type: (v.type_id !== null && typeName.get(v.type_id)) || null,
      ...specFields(v),
    });
    historyOf.set(v.example_id, list);
  }
  return {
    format: 'exemplar-catalogue',
    version: 1,
    exportedAt: clock().toISOString(),
    subjects: subjects.map((s) => ({
      name: s.name,
      description: s.description,
      categories: tree(s.id, null),
    })),
    difficulties: difficulties.map((d) => ({ name: d.name, description: d.description })),
    types: types.map((t) => ({ name: t.name, description: t.description })),
    examples: examples.map((e) => ({
      subject: subjectName.get(byId.get(e.category_id)!.subject_id)!,
      category: path(e.category_id),
      difficulty: e.difficulty,
      type: e.type,
      question: e.question,
      answer: e.answer,
      procedure: e.procedure,
      sourceRef: e.source_ref,
      createdAt: e.created_at,
      // Published is the default: only drafts say so, and an export of a published catalogue is as before.
      ...(e.status === 'draft' ? { status: 'draft' as const } : {}),
      ...specFields(e),
      ...(versions ? { history: historyOf.get(e.id) ?? [] } : {}),
    })),
  };
}
