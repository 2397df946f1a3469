// One expression's LaTeX parsed by Compute Engine as written (not canonical: nothing is computed
// while parsing), or refused with a sentence for the learner that names what they typed.
import { ComputeEngine } from '@cortex-js/compute-engine';
import type { Expr } from './answer-parts';
import { Unreadable } from './evaluate';
import {
  asTyped,
  BRACKETS_CLAUSE,
  couldNotRead,
  LINE_BREAK_CLAUSE,
  MISSING_CLAUSE,
  notReadable,
  WORDS_CLAUSE,
} from './messages';

export const ce = new ComputeEngine();

/** The LaTeX a Compute Engine error points at (`['LatexString', "'\\lor'"]`), if any. */
function errorLatex(json: unknown[]): string {
  const where = Array.isArray(json[2])
    ? json[2]
    : Array.isArray(json[1]) && json[1][0] === 'ErrorCode'
      ? [undefined, json[1][2]]
      : undefined;
  return where ? String(where[1] ?? '').replace(/^'|'$/g, '') : '';
}

/**
 * The first Compute Engine error in a parsed expression, as a sentence for the learner that names
 * what they typed (never the parser's words or a TeX command).
 */
function errorHint(json: unknown): string | undefined {
  if (!Array.isArray(json))
    return typeof json === 'string' && json.startsWith("'") ? notReadable(WORDS_CLAUSE) : undefined;
  if (json[0] === 'Error') {
    const code = String(Array.isArray(json[1]) ? json[1][1] : json[1]).replace(/'/g, '');
    const latex = errorLatex(json);
    if (/^\\\\?$/.test(latex.trim())) return notReadable(LINE_BREAK_CLAUSE);
    if (/delimiter|closing|opening/.test(code)) return notReadable(BRACKETS_CLAUSE);
    if (code === 'missing' || code === 'unexpected-operator') {
      const near = asTyped(latex);
      return near
        ? `We couldn’t read your answer: something is missing next to “${near}”.`
        : notReadable(MISSING_CLAUSE);
    }
    return couldNotRead(latex);
  }
  for (const a of json.slice(1)) {
    const hint = errorHint(a);
    if (hint) return hint;
  }
  return undefined;
}

export function parseExpr(latex: string): Expr {
  const trimmed = latex.trim();
  if (!trimmed) throw new Unreadable(notReadable(MISSING_CLAUSE));
  const json = ce.parse(trimmed, { canonical: false }).json;
  const hint = errorHint(json);
  if (hint) throw new Unreadable(hint);
  return { kind: 'expr', json, latex: trimmed };
}
