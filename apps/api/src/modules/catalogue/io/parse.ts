import type { AnswerSpec, TestAnswer } from '@exemplar/shared/answer-spec';
import {
  MATH_CATEGORY,
  MATH_LEVEL_DIFFICULTY,
  MATH_TYPE,
  type CatalogueFileCategory,
  type CatalogueFileExample,
  type CatalogueFileVersion,
} from '@exemplar/shared/catalogue-io';
import { mathDatasetAnswer } from '@exemplar/shared/math-dataset';
import { parseHistory } from './parse-history';
import {
  answerSpecFields,
  checkName,
  isObject,
  refOf,
  text,
  textProblems,
  type MathIssuesByText,
} from './parse-fields';

/** An example of the file that passed every check, as the import writes it. */
export interface ImportExample extends Omit<
  CatalogueFileExample,
  'procedure' | 'sourceRef' | 'createdAt' | 'status' | 'history' | 'answerSpec' | 'testAnswers'
> {
  status: 'draft' | 'published';
  /** The spec as set (null: inferred; always for a MATH record) and the test answers. */
  answerSpec: AnswerSpec | null;
  testAnswers: TestAnswer[];
  index: number;
  ref: string;
  procedure: string | null;
  sourceRef: string | null;
  createdAt: string | null;
  /** Its versions as an export with history carries them (null: none; the import makes version 1). */
  history?: CatalogueFileVersion[] | null;
}

export interface ParsedFile {
  format: 'exemplar-catalogue' | 'math-dataset';
  /** Entities the file declares (with descriptions and order), beyond those examples name. */
  subjects: { name: string; description: string; categories: CatalogueFileCategory[] }[];
  difficulties: { name: string; description: string }[];
  types: { name: string; description: string }[];
  examples: ImportExample[];
  failures: { index: number; ref: string; problems: string[] }[];
  total: number;
}

export class ImportFormatError extends Error {}

/** One record read: its name in the report, its problems, and (only when none) its example. */
interface RecordReading {
  ref: string;
  problems: string[];
  example: () => Omit<ImportExample, 'index' | 'ref'>;
}

/** Reads every record with `read`: a record without problems is an example, else a failure. */
function readRecords(
  records: unknown[],
  noun: 'record' | 'example',
  read: (raw: Record<string, unknown>, index: number) => RecordReading,
): Pick<ParsedFile, 'examples' | 'failures' | 'total'> {
  const examples: ImportExample[] = [];
  const failures: ParsedFile['failures'] = [];
  records.forEach((raw, index) => {
    if (!isObject(raw)) {
      failures.push({ index, ref: `${noun} ${index + 1}`, problems: [`${noun} is not an object`] });
      return;
    }
    const { ref, problems, example } = read(raw, index);
    if (problems.length) failures.push({ index, ref, problems });
    else examples.push({ index, ref, ...example() });
  });
  return { examples, failures, total: records.length };
}

function fromMath(records: unknown[], issuesByText: MathIssuesByText): ParsedFile {
  const read = readRecords(records, 'record', (raw, index) => {
    const question = raw.question;
    const answer = mathDatasetAnswer(raw.answer);
    const procedure = raw.procedure;
    const level = raw.level;
    const difficulty = typeof level === 'number' ? MATH_LEVEL_DIFFICULTY[level] : undefined;
    return {
      ref: text(raw.source_id) || refOf(raw.question, `record ${index + 1}`),
      problems: [
        ...checkName('subject', raw.subject),
        ...(difficulty
          ? []
          : [
              `level ${level === null || level === undefined ? 'is missing' : `${JSON.stringify(level)} is not 1–5`}`,
            ]),
        ...textProblems({ question, answer, procedure }, issuesByText),
      ],
      example: () => ({
        subject: text(raw.subject),
        category: [MATH_CATEGORY],
        difficulty: difficulty!,
        type: MATH_TYPE,
        question: String(question),
        answer: String(answer),
        procedure: text(procedure) ? String(procedure) : null,
        sourceRef: text(raw.source_id) || null,
        createdAt: null,
        status: 'published',
        // MATH records say nothing of how answers are checked: the spec is inferred.
        answerSpec: null,
        testAnswers: [],
      }),
    };
  });
  return { format: 'math-dataset', subjects: [], difficulties: [], types: [], ...read };
}

function categoryProblems(nodes: unknown, where: string, depth = 0): string[] {
  if (nodes === undefined) return [];
  if (!Array.isArray(nodes)) return [`${where}: categories must be a list`];
  if (depth > 20) return [`${where}: categories nest too deep`];
  return nodes.flatMap((n, i) =>
    isObject(n)
      ? [
          ...checkName(`${where} category ${i + 1} name`, n.name),
          ...(n.description === undefined ||
          n.description === null ||
          typeof n.description === 'string'
            ? []
            : [`${where} category ${i + 1} description must be text`]),
          ...categoryProblems(n.children, `${where} > ${text(n.name)}`, depth + 1),
        ]
      : [`${where} category ${i + 1} is not an object`],
  );
}

function fromCatalogue(file: Record<string, unknown>, issuesByText: MathIssuesByText): ParsedFile {
  const list = (key: string) => (Array.isArray(file[key]) ? (file[key] as unknown[]) : []);
  const fileProblems: string[] = [];
  for (const key of ['subjects', 'difficulties', 'types', 'examples']) {
    if (file[key] !== undefined && !Array.isArray(file[key]))
      fileProblems.push(`"${key}" must be a list`);
  }
  const subjects = list('subjects').filter(isObject);
  subjects.forEach((s, i) =>
    fileProblems.push(
      ...checkName(`subject ${i + 1} name`, s.name),
      ...categoryProblems(s.categories, text(s.name) || `subject ${i + 1}`),
    ),
  );
  const named = (key: string) =>
    list(key)
      .filter(isObject)
      .map((d) => ({ name: text(d.name), description: text(d.description) }))
      .filter((d) => d.name);
  if (fileProblems.length)
    throw new ImportFormatError(
      `The catalogue file is malformed: ${fileProblems.slice(0, 5).join('; ')}`,
    );

  const read = readRecords(list('examples'), 'example', (raw, index) => {
    const path = Array.isArray(raw.category)
      ? raw.category.map(text)
      : typeof raw.category === 'string'
        ? [text(raw.category)]
        : [];
    const createdAt =
      typeof raw.createdAt === 'string' && !Number.isNaN(Date.parse(raw.createdAt))
        ? new Date(raw.createdAt).toISOString()
        : null;
    const { history, problems: historyProblems } = parseHistory(raw.history);
    const spec = answerSpecFields(raw);
    return {
      ref: text(raw.sourceRef) || refOf(raw.question, `example ${index + 1}`),
      problems: [
        ...checkName('subject', raw.subject),
        ...(path.length && path.every(Boolean)
          ? path.flatMap((p) =>
              p.length > 100 ? ['category name is longer than 100 characters'] : [],
            )
          : ['category is missing']),
        ...checkName('difficulty', raw.difficulty),
        ...checkName('type', raw.type),
        ...(raw.status === undefined || raw.status === 'draft' || raw.status === 'published'
          ? []
          : ['status must be draft or published']),
        ...textProblems(raw, issuesByText),
        ...spec.problems,
        ...historyProblems,
      ],
      example: () => ({
        subject: text(raw.subject),
        category: path,
        difficulty: text(raw.difficulty),
        type: text(raw.type),
        question: String(raw.question),
        answer: String(raw.answer),
        procedure: text(raw.procedure) ? String(raw.procedure) : null,
        sourceRef: text(raw.sourceRef) || null,
        createdAt,
        status: raw.status === 'draft' ? 'draft' : 'published',
        answerSpec: spec.answerSpec,
        testAnswers: spec.testAnswers,
        history,
      }),
    };
  });
  return {
    format: 'exemplar-catalogue',
    subjects: subjects.map((s) => ({
      name: text(s.name),
      description: text(s.description),
      categories: (s.categories as CatalogueFileCategory[] | undefined) ?? [],
    })),
    difficulties: named('difficulties'),
    types: named('types'),
    ...read,
  };
}

/**
 * Recognises the file's format and checks every record; throws ImportFormatError if neither.
 * `issuesByText` holds the maths issues of every text `mathFieldsOf(data)` listed.
 */
export function parseImportFile(data: unknown, issuesByText: MathIssuesByText): ParsedFile {
  if (Array.isArray(data)) {
    if (data.length === 0) throw new ImportFormatError('The file holds no records.');
    return fromMath(data, issuesByText);
  }
  if (isObject(data) && (Array.isArray(data.examples) || Array.isArray(data.subjects))) {
    if (data.format !== undefined && data.format !== 'exemplar-catalogue') {
      throw new ImportFormatError(`Unknown format "${String(data.format)}".`);
    }
    return fromCatalogue(data, issuesByText);
  }
  throw new ImportFormatError(
    'Not a file this importer knows: expected an Exemplar catalogue export or an array of MATH records.',
  );
}
