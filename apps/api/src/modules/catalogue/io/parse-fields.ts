// The checks parse.ts makes on one field of a record, and the texts whose maths it needs checked.
// The splitter only (no KaTeX): this file is also loaded on the event loop.
import {
  AnswerSpecSchema,
  TestAnswersSchema,
  type AnswerSpec,
  type TestAnswer,
} from '@exemplar/shared/answer-spec';
import { mathDatasetAnswer } from '@exemplar/shared/math-dataset';
import type { z } from 'zod';
import type { TextIssues } from './math-check.pool';

export const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
export const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
const MAX_TEXT = 50_000;

/**
 * The maths issues of every text field the file holds, by text (from `mathFieldsOf`): the
 * checking itself runs on a worker thread, so parsing only looks the answers up.
 */
export type MathIssuesByText = ReadonlyMap<string, TextIssues>;

/** A text field whose maths gets checked: present, a string, not blank, not too long. */
const isCheckable = (value: unknown): value is string =>
  typeof value === 'string' && value.trim() !== '' && value.length <= MAX_TEXT;

/** Every text field of `data` whose maths `parseImportFile` will need checked (deduplicated). */
export function mathFieldsOf(data: unknown): string[] {
  const texts = new Set<string>();
  const add = (value: unknown) => {
    if (isCheckable(value)) texts.add(value);
  };
  const records = Array.isArray(data)
    ? data
    : isObject(data) && Array.isArray(data.examples)
      ? (data.examples as unknown[])
      : [];
  const math = Array.isArray(data);
  for (const raw of records) {
    if (!isObject(raw)) continue;
    add(raw.question);
    add(math ? mathDatasetAnswer(raw.answer) : raw.answer);
    add(raw.procedure);
  }
  return [...texts];
}

/** Problems with one text field: missing, too long, or maths that does not render. */
function checkField(
  label: string,
  value: unknown,
  required: boolean,
  issuesByText: MathIssuesByText,
): string[] {
  if (value === undefined || value === null || (typeof value === 'string' && !value.trim())) {
    return required ? [`${label} is missing`] : [];
  }
  if (typeof value !== 'string') return [`${label} must be text`];
  if (value.length > MAX_TEXT) return [`${label} is longer than ${MAX_TEXT} characters`];
  const found = issuesByText.get(value);
  if (!found) throw new Error(`${label}: maths not checked (mathFieldsOf missed it)`);
  const problems = found.issues.map(
    (i) => `${label}: maths does not render: ${i.source.slice(0, 80)} (${i.message})`,
  );
  const more = found.total - found.issues.length;
  if (more > 0) problems.push(`${label}: ${more} more maths problems`);
  return problems;
}

/** Problems with an example's texts: a question and an answer, and maybe a procedure. */
export function textProblems(
  texts: { question?: unknown; answer?: unknown; procedure?: unknown },
  issuesByText: MathIssuesByText,
): string[] {
  return [
    ...checkField('question', texts.question, true, issuesByText),
    ...checkField('answer', texts.answer, true, issuesByText),
    ...checkField('procedure', texts.procedure, false, issuesByText),
  ];
}

/** Problems with a name (subject, category, difficulty, type): missing or too long. */
export function checkName(label: string, value: unknown): string[] {
  const v = text(value);
  if (!v) return [`${label} is missing`];
  if (v.length > 100) return [`${label} is longer than 100 characters`];
  return [];
}

/** How the report names a record: its source reference, else the start of its question. */
export const refOf = (question: unknown, fallback: string) => {
  const q = text(question).replace(/\s+/g, ' ');
  return q ? (q.length > 60 ? `${q.slice(0, 57)}...` : q) : fallback;
};

/** A step of an issue's path as the report names it: list entries counted from 1. */
const step = (p: PropertyKey) => (typeof p === 'number' ? String(p + 1) : String(p));

/** Zod's issues as a record's problems: `label field: message` (at most 3). */
const issueProblems = (label: string, error: z.ZodError) =>
  error.issues.slice(0, 3).map((i) => `${[label, ...i.path.map(step)].join(' ')}: ${i.message}`);

/**
 * A record's `answerSpec` (absent or null: inferred, ADR 042) and `testAnswers` (absent: none),
 * validated as an admin save validates them; problems name the field and say what is wrong.
 */
export function answerSpecFields(
  raw: { answerSpec?: unknown; testAnswers?: unknown },
  where = '',
): { answerSpec: AnswerSpec | null; testAnswers: TestAnswer[]; problems: string[] } {
  const problems: string[] = [];
  let answerSpec: AnswerSpec | null = null;
  let testAnswers: TestAnswer[] = [];
  if (raw.answerSpec !== undefined && raw.answerSpec !== null) {
    const spec = AnswerSpecSchema.safeParse(raw.answerSpec);
    if (spec.success) answerSpec = spec.data;
    else problems.push(...issueProblems(`${where}answerSpec`, spec.error));
  }
  if (raw.testAnswers !== undefined && raw.testAnswers !== null) {
    const tests = TestAnswersSchema.safeParse(raw.testAnswers);
    if (tests.success) testAnswers = tests.data;
    else problems.push(...issueProblems(`${where}testAnswers`, tests.error));
  }
  return { answerSpec, testAnswers, problems };
}
