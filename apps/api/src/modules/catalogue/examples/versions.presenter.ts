import type { ExampleVersion } from '@exemplar/shared/versions';
import type { VersionRow } from './versions.repository';
import { storedSpec, storedTestAnswers } from './stored-spec';

/**
 * An example's stored versions, newest first, as the API answers them: the editor as they were
 * when they saved, and the status each moved the example to when it differs from the version
 * before it (a publish or a move back to draft, derived from the two versions, not stored).
 */
export function toVersions(rows: VersionRow[]): ExampleVersion[] {
  return rows.map((row, i) => {
    const before = rows[i + 1];
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
      answerSpec: storedSpec(row.answer_spec),
      testAnswers: storedTestAnswers(row.test_answers),
      statusChangedTo: before && before.status !== row.status ? row.status : null,
    };
  });
}
