import { renderRichText } from './render-rich-text';
import { renderMath } from './render-math';
import { splitMath } from './split-math';

export interface MeasureOptions {
  /** Also count a TeX control word left in prose (e.g. a bare `\\frac{1}{2}` answer) as a problem. */
  strict?: boolean;
}

/** One failure cause found in a field: a KaTeX error class or a delimiter left in the prose. */
export interface FieldProblem {
  cause: string;
  example: string;
}

const LEAKS: ReadonlyArray<[string, RegExp]> = [
  ['$', /(^|[^\\])\$/],
  ['\\[', /\\\[/],
  ['\\(', /\\\(/],
  ['\\]', /\\\]/],
  ['\\)', /\\\)/],
  ['\\begin{', /\\begin\{/],
  ['\\end{', /\\end\{/],
];

/** Groups a KaTeX message into a cause: "Undefined control sequence: \foo", "No such environment: x"… */
export function errorCause(message: string): string {
  const m = message.replace(/^KaTeX parse error: /, '');
  const undef = /^(Undefined control sequence: \\[a-zA-Z]+|No such environment: [a-zA-Z*]+)/.exec(
    m,
  );
  if (undef) return undef[1]!;
  return m
    .replace(/ at position \d+:[\s\S]*$/, '')
    .replace(/ at end of input:[\s\S]*$/, '')
    .slice(0, 80);
}

/**
 * Checks one field the way a reader sees it: renders it with renderRichText and reports every
 * error marker (by KaTeX cause) and every delimiter left in the prose outside maths and code.
 * A literal `\$` in prose is intended and is not a leak.
 */
export function fieldProblems(text: string, options: MeasureOptions = {}): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const html = renderRichText(text, { errorLabel: '(LaTeX Error)' });
  const hasMarker = html.includes('class="math-error"');
  for (const seg of splitMath(text)) {
    if (seg.kind === 'text') {
      for (const [name, re] of LEAKS) {
        const m = re.exec(seg.raw);
        if (m) {
          const at = m.index;
          problems.push({
            cause: `leaked delimiter ${name}`,
            example: seg.raw.slice(Math.max(0, at - 40), at + 60),
          });
        }
      }
      const word = options.strict ? /\\[a-zA-Z]+/.exec(seg.raw) : null;
      if (word) {
        problems.push({
          cause: `TeX command left in prose`,
          example: seg.raw.slice(Math.max(0, word.index - 40), word.index + 60),
        });
      }
    } else if (hasMarker && (seg.kind === 'inline' || seg.kind === 'display')) {
      const r = renderMath(seg.value, { displayMode: seg.kind === 'display' });
      if (!r.ok)
        problems.push({ cause: `KaTeX: ${errorCause(r.error)}`, example: seg.raw.slice(0, 160) });
    }
  }
  return problems;
}

export interface CorpusReport {
  records: number;
  clean: number;
  share: number;
  causes: Array<{ cause: string; records: number; example: string; sourceId: string }>;
}

/** Measures a set of records (each a list of fields) — used by the script and the corpus test. */
export function measureCorpus(
  records: Array<{ id: string; fields: string[] }>,
  options: MeasureOptions = {},
): CorpusReport {
  let clean = 0;
  const causes = new Map<string, { records: number; example: string; sourceId: string }>();
  for (const record of records) {
    const seen = new Set<string>();
    for (const field of record.fields) {
      for (const p of fieldProblems(field, options)) {
        if (seen.has(p.cause)) continue;
        seen.add(p.cause);
        const entry = causes.get(p.cause);
        if (entry) entry.records++;
        else causes.set(p.cause, { records: 1, example: p.example, sourceId: record.id });
      }
    }
    if (seen.size === 0) clean++;
  }
  return {
    records: records.length,
    clean,
    share: records.length ? clean / records.length : 1,
    causes: [...causes.entries()]
      .map(([cause, v]) => ({ cause, ...v }))
      .sort((a, b) => b.records - a.records || a.cause.localeCompare(b.cause)),
  };
}
