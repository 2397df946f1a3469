import { splitMath } from '../math/split-math';
import { analyse } from './formula-structure';
import { parseSearchQuery, type SearchQuery, type SearchVocabulary } from './query';

// Formulas read for search by their structure (ADR 050): the lexer (formula-lexer), the parser
// (formula-parser over formula-atoms) and the canonical trees with their structure tokens
// (formula-structure). This file indexes an example's formulas and reads a query's.
export {
  formulaNumbers,
  formulaStructure,
  formulaStructureTokens,
  STRUCTURE_DEPTH_MAX,
  type StructureToken,
} from './formula-structure';

/** The maths of a text: its `$…$`, `\(…\)`, `\[…\]` and bare environments' sources. */
export function formulasOf(text: string): string[] {
  if (!text.includes('$') && !text.includes('\\')) return [];
  return splitMath(text)
    .filter((s) => s.kind === 'inline' || s.kind === 'display')
    .map((s) => s.value);
}

/** The most formula tokens kept for one example (its question's first, then answer, procedure). */
export const FORMULA_TOKENS_MAX = 400;

/**
 * The formula index of an example: the structure tokens of every formula in its question, answer
 * and procedure, then the numbers they are written with, at most FORMULA_TOKENS_MAX, once each.
 */
export function formulaIndexTokens(example: {
  question: string;
  answer: string;
  procedure: string | null;
}): string[] {
  const out = new Set<string>();
  const numbers = new Set<string>();
  for (const text of [example.question, example.answer, example.procedure ?? '']) {
    for (const formula of formulasOf(text)) {
      const read = analyse(formula);
      for (const t of read.tokens) {
        if (out.size >= FORMULA_TOKENS_MAX) break;
        out.add(t.token);
      }
      for (const n of read.numbers) numbers.add(n);
    }
  }
  for (const n of numbers) {
    if (out.size >= FORMULA_TOKENS_MAX) break;
    out.add(n);
  }
  return [...out];
}

/** A formula search: the query's structure tokens with their weights, and its numbers. */
export interface FormulaQuery {
  tokens: { token: string; weight: number }[];
  numbers: string[];
}

/** The most structure tokens of a query searched for (the biggest subtrees kept). */
export const QUERY_FORMULA_TOKENS_MAX = 60;

/** The formula search for the formulas of a query; undefined when they have no structure. */
export function formulaQuery(formulas: string[]): FormulaQuery | undefined {
  const tokens = new Map<string, number>();
  const numbers = new Set<string>();
  for (const f of formulas) {
    const read = analyse(f);
    for (const t of read.tokens) tokens.set(t.token, Math.max(t.weight, tokens.get(t.token) ?? 0));
    for (const n of read.numbers) numbers.add(n);
  }
  if (tokens.size === 0) return undefined;
  const sorted = [...tokens]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, QUERY_FORMULA_TOKENS_MAX);
  return {
    tokens: sorted.map(([token, weight]) => ({ token, weight })),
    numbers: [...numbers].slice(0, 20),
  };
}

/** Bare function names a learner types without a backslash. */
const BARE_FUNCTIONS =
  /(?<![\\a-zA-Z])(sin|cos|tan|sec|csc|cot|arcsin|arccos|arctan|sinh|cosh|tanh|ln|log|exp|sqrt|int|frac|pi|lim|sum)(?![a-zA-Z])/g;

/**
 * A word of a query that is maths: a sign, a command, a number times a few letters (`7x`, `3xy`) or
 * a letter with a small index (`x2`), one letter. A word of letters and digits mixed otherwise
 * (`tag2026b`, a code or a name) is a word.
 */
const MATHS_WORD =
  /[\\^_=+*/<>{}()|]|^\d+(?:\.\d+)?[a-zA-Z]{1,3}$|^[a-zA-Z]{1,2}\d{1,2}$|^[a-zA-Z]$|^-?\d+(?:\.\d+)?$|^(?:sin|cos|tan|sec|ln|log|exp|sqrt|int|frac|lim|sum|pi|dx|dy|dt)$/;

/**
 * A query split into its words and its formulas: the maths in `$…$` (or `\(…\)`), else runs of
 * words that read as maths (`x^2-5x+6`, `\frac{a}{b}`, `sin x`); bare function names gain their
 * backslash. A run that is only numbers or one letter stays with the words.
 */
export function splitQueryMaths(q: string): { words: string; formulas: string[] } {
  const segments = splitMath(q);
  if (segments.some((s) => s.kind === 'inline' || s.kind === 'display')) {
    return {
      words: segments
        .filter((s) => s.kind === 'text')
        .map((s) => s.value)
        .join(' ')
        .trim(),
      formulas: segments.filter((s) => s.kind !== 'text' && s.kind !== 'code').map((s) => s.value),
    };
  }
  const words: string[] = [];
  const formulas: string[] = [];
  let run: string[] = [];
  const flush = () => {
    if (!run.length) return;
    const formula = run.join(' ');
    const structural = run.some((w) => /[\\^_=+*/<>{}()|]|\d[a-zA-Z]/.test(w));
    if (structural) formulas.push(formula.replace(BARE_FUNCTIONS, '\\$1'));
    else words.push(...run);
    run = [];
  };
  // A `-` between spaces joins maths (`x^2 - 1`); inside a word it joins words (`am-gm`).
  for (const w of q.trim().split(/\s+/)) {
    if (!w) continue;
    if (MATHS_WORD.test(w) || (run.length > 0 && /^[-+=]$/.test(w))) run.push(w);
    else {
      flush();
      words.push(w);
    }
  }
  flush();
  return { words: words.join(' '), formulas };
}

/**
 * What a learner's query searches for: its formulas by their structure and, when it has any, its
 * other words (which then rank the formula's matches, see the list repository); else its words
 * alone, as before formulas were searched.
 */
export function readExampleSearch(
  q: string | undefined,
  vocabulary?: SearchVocabulary,
): { search?: SearchQuery; formula?: FormulaQuery } {
  if (!q) return {};
  const { words, formulas } = splitQueryMaths(q);
  const formula = formulaQuery(formulas);
  const search = parseSearchQuery(formula ? words : q, vocabulary);
  return { ...(search ? { search } : {}), ...(formula ? { formula } : {}) };
}
