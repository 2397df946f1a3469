import {
  MATH_CATEGORY,
  MATH_LEVEL_DIFFICULTY,
  MATH_TYPE,
  type CatalogueFile,
  type CatalogueFileCategory,
} from '@exemplar/shared/catalogue-io';
// The splitter only (no KaTeX): this file is also loaded on the event loop.
import { adoptDollarRule } from '@exemplar/shared/math/adopt-dollar-rule';
import type { TextIssues } from './math-check.pool';

export interface ImportExample {
  index: number;
  ref: string;
  subject: string;
  category: string[];
  difficulty: string;
  type: string;
  question: string;
  answer: string;
  procedure: string | null;
  sourceRef: string | null;
  createdAt: string | null;
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

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
const MAX_TEXT = 50_000;

/**
 * The maths issues of every text field the file holds, by text (from `mathFieldsOf`): the
 * checking itself runs on a worker thread, so parsing only looks the answers up.
 */
export type MathIssuesByText = ReadonlyMap<string, TextIssues>;

/** A text field whose maths gets checked: present, a string, not blank, not too long. */
const isCheckable = (value: unknown): value is string =>
  typeof value === 'string' && value.trim() !== '' && value.length <= MAX_TEXT;

/**
 * MATH texts are written for TeX, which reads every `$` as a delimiter: `$ x $` and `$\$$25` are
 * rewritten so the renderer's dollar rule reads them as their authors meant.
 */
const mathDatasetText = (value: unknown) =>
  typeof value === 'string' ? adoptDollarRule(value) : value;

/** MATH answers are bare expressions: they are maths, so they are rendered as maths. */
const mathDatasetAnswer = (answer: unknown) =>
  typeof answer === 'string' && answer.trim() && !answer.includes('$')
    ? `$${answer.trim()}$`
    : mathDatasetText(answer);

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
    add(math ? mathDatasetText(raw.question) : raw.question);
    add(math ? mathDatasetAnswer(raw.answer) : raw.answer);
    add(math ? mathDatasetText(raw.procedure) : raw.procedure);
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

function checkName(label: string, value: unknown): string[] {
  const v = text(value);
  if (!v) return [`${label} is missing`];
  if (v.length > 100) return [`${label} is longer than 100 characters`];
  return [];
}

const refOf = (question: unknown, fallback: string) => {
  const q = text(question).replace(/\s+/g, ' ');
  return q ? (q.length > 60 ? `${q.slice(0, 57)}...` : q) : fallback;
};

function fromMath(records: unknown[], issuesByText: MathIssuesByText): ParsedFile {
  const out: ParsedFile = {
    format: 'math-dataset',
    subjects: [],
    difficulties: [],
    types: [],
    examples: [],
    failures: [],
    total: records.length,
  };
  records.forEach((raw, index) => {
    if (!isObject(raw)) {
      out.failures.push({
        index,
        ref: `record ${index + 1}`,
        problems: ['record is not an object'],
      });
      return;
    }
    const ref = text(raw.source_id) || refOf(raw.question, `record ${index + 1}`);
    const question = mathDatasetText(raw.question);
    const answer = mathDatasetAnswer(raw.answer);
    const procedure = mathDatasetText(raw.procedure);
    const level = raw.level;
    const difficulty = typeof level === 'number' ? MATH_LEVEL_DIFFICULTY[level] : undefined;
    const problems = [
      ...checkName('subject', raw.subject),
      ...(difficulty
        ? []
        : [
            `level ${level === null || level === undefined ? 'is missing' : `${JSON.stringify(level)} is not 1–5`}`,
          ]),
      ...checkField('question', question, true, issuesByText),
      ...checkField('answer', answer, true, issuesByText),
      ...checkField('procedure', procedure, false, issuesByText),
    ];
    if (problems.length) {
      out.failures.push({ index, ref, problems });
      return;
    }
    out.examples.push({
      index,
      ref,
      subject: text(raw.subject),
      category: [MATH_CATEGORY],
      difficulty: difficulty!,
      type: MATH_TYPE,
      question: String(question),
      answer: String(answer),
      procedure: text(procedure) ? String(procedure) : null,
      sourceRef: text(raw.source_id) || null,
      createdAt: null,
    });
  });
  return out;
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

  const examples = list('examples');
  const out: ParsedFile = {
    format: 'exemplar-catalogue',
    subjects: subjects.map((s) => ({
      name: text(s.name),
      description: text(s.description),
      categories: (s.categories as CatalogueFileCategory[] | undefined) ?? [],
    })),
    difficulties: named('difficulties'),
    types: named('types'),
    examples: [],
    failures: [],
    total: examples.length,
  };
  examples.forEach((raw, index) => {
    if (!isObject(raw)) {
      out.failures.push({
        index,
        ref: `example ${index + 1}`,
        problems: ['example is not an object'],
      });
      return;
    }
    const ref = text(raw.sourceRef) || refOf(raw.question, `example ${index + 1}`);
    const path = Array.isArray(raw.category)
      ? raw.category.map(text)
      : typeof raw.category === 'string'
        ? [text(raw.category)]
        : [];
    const createdAt =
      typeof raw.createdAt === 'string' && !Number.isNaN(Date.parse(raw.createdAt))
        ? new Date(raw.createdAt).toISOString()
        : null;
    const problems = [
      ...checkName('subject', raw.subject),
      ...(path.length && path.every(Boolean)
        ? path.flatMap((p) =>
            p.length > 100 ? ['category name is longer than 100 characters'] : [],
          )
        : ['category is missing']),
      ...checkName('difficulty', raw.difficulty),
      ...checkName('type', raw.type),
      ...checkField('question', raw.question, true, issuesByText),
      ...checkField('answer', raw.answer, true, issuesByText),
      ...checkField('procedure', raw.procedure, false, issuesByText),
    ];
    if (problems.length) {
      out.failures.push({ index, ref, problems });
      return;
    }
    out.examples.push({
      index,
      ref,
      subject: text(raw.subject),
      category: path,
      difficulty: text(raw.difficulty),
      type: text(raw.type),
      question: String(raw.question),
      answer: String(raw.answer),
      procedure: text(raw.procedure) ? String(raw.procedure) : null,
      sourceRef: text(raw.sourceRef) || null,
      createdAt,
    });
  });
  return out;
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

export type { CatalogueFile };

/** What a file declares beyond its examples, flattened in the order the import creates it. */
export type Declared =
  | { kind: 'subject' | 'difficulty' | 'type'; name: string; description: string }
  /** `parent`: the index in `declared` of the parent category, -1 at the subject's top level. */
  | { kind: 'category'; parent: number; name: string; description: string };

/** Refused records listed in the report (the rest are only counted). */
export const MAX_REPORTED_FAILURES = 200;

/**
 * A parsed file as the import's database work needs it: flat lists that can be sent from the
 * worker thread in small parts, and only the failures the report lists.
 */
export interface PreparedFile {
  format: ParsedFile['format'];
  total: number;
  failed: number;
  failures: ParsedFile['failures'];
  declared: Declared[];
  examples: ImportExample[];
}

export function prepareFile(parsed: ParsedFile): PreparedFile {
  const declared: Declared[] = [];
  // Depth first, each category before its children (the order its export lists them in).
  const walk = (parent: number, nodes: CatalogueFileCategory[]) => {
    for (const node of nodes) {
      declared.push({
        kind: 'category',
        parent,
        name: text(node.name),
        description: text(node.description),
      });
      walk(declared.length - 1, node.children ?? []);
    }
  };
  for (const s of parsed.subjects) {
    declared.push({ kind: 'subject', name: s.name, description: s.description });
    walk(-1, s.categories);
  }
  for (const d of parsed.difficulties) declared.push({ kind: 'difficulty', ...d });
  for (const t of parsed.types) declared.push({ kind: 'type', ...t });
  return {
    format: parsed.format,
    total: parsed.total,
    failed: parsed.failures.length,
    failures: parsed.failures.slice(0, MAX_REPORTED_FAILURES),
    declared,
    examples: parsed.examples,
  };
}
