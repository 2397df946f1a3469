import type { ExampleVersion } from '@exemplar/shared/versions';
import type { VersionRow } from './versions.repository';

/** A stored version as the API answers it; the editor as they were when they saved it. */
export function toVersion(row: VersionRow): ExampleVersion {
  return {
    version: Number(row.version),
    editedBy:
      row.editor_email === null
        ? null
        : { id: row.edited_by, email: row.editor_email, name: row.editor_name ?? '' },
    editedAt: row.edited_at,
    action: row.action,
    question: row.question,
    answer: row.answer,
    procedure: row.procedure,
    difficultyId: row.difficulty_id,
    typeId: row.type_id,
    categoryId: row.category_id,
    status: row.status,
  };
}
