import type { CatalogueFileVersion } from '@exemplar/shared/catalogue-io';
import { answerSpecFields, isObject } from './parse-fields';

const ACTIONS = new Set(['create', 'edit', 'restore', 'import']);
const MAX_TEXT = 50_000;
const nameOrNull = (value: unknown) =>
  typeof value === 'string' && value.trim() ? value.trim().slice(0, 100) : null;

/**
 * An example's `history` as an export wrote it: each entry a version number (from 1, increasing),
 * an action, a date and the texts; names of what it referred to and its editor when known. Returns
 * the versions, or the problems that refuse the record (null: the example has no history).
 */
export function parseHistory(value: unknown): {
  history: CatalogueFileVersion[] | null;
  problems: string[];
} {
  if (value === undefined || value === null) return { history: null, problems: [] };
  if (!Array.isArray(value)) return { history: null, problems: ['history must be a list'] };
  const problems: string[] = [];
  const history: CatalogueFileVersion[] = [];
  let last = 0;
  value.forEach((raw, i) => {
    const where = `history entry ${i + 1}`;
    if (!isObject(raw)) return problems.push(`${where} is not an object`);
    const version = raw.version;
    if (typeof version !== 'number' || !Number.isSafeInteger(version) || version <= last)
      return problems.push(`${where} needs a version number above ${last}`);
    last = version;
    if (typeof raw.action !== 'string' || !ACTIONS.has(raw.action))
      return problems.push(`${where} has an unknown action`);
    if (typeof raw.editedAt !== 'string' || Number.isNaN(Date.parse(raw.editedAt)))
      return problems.push(`${where} needs a date (editedAt)`);
    const texts = [raw.question, raw.answer, raw.procedure ?? ''];
    if (!texts.every((t) => typeof t === 'string' && t.length <= MAX_TEXT))
      return problems.push(`${where} needs its question and answer as text`);
    const spec = answerSpecFields(raw, `${where} `);
    if (spec.problems.length) return problems.push(...spec.problems);
    const editor =
      isObject(raw.editedBy) && typeof raw.editedBy.email === 'string' ? raw.editedBy : null;
    history.push({
      version,
      action: raw.action as CatalogueFileVersion['action'],
      editedAt: new Date(raw.editedAt).toISOString(),
      editedBy: editor
        ? {
            email: String(editor.email).slice(0, 320),
            name: typeof editor.name === 'string' ? editor.name.slice(0, 200) : '',
          }
        : null,
      question: raw.question as string,
      answer: raw.answer as string,
      procedure: typeof raw.procedure === 'string' && raw.procedure.trim() ? raw.procedure : null,
      subject: nameOrNull(raw.subject),
      category:
        Array.isArray(raw.category) &&
        raw.category.length &&
        raw.category.every((c) => nameOrNull(c))
          ? raw.category.map((c) => nameOrNull(c)!)
          : null,
      difficulty: nameOrNull(raw.difficulty),
      type: nameOrNull(raw.type),
      ...(spec.answerSpec ? { answerSpec: spec.answerSpec } : {}),
      ...(spec.testAnswers.length ? { testAnswers: spec.testAnswers } : {}),
    });
  });
  return problems.length
    ? { history: null, problems: problems.slice(0, 3) }
    : { history, problems };
}
