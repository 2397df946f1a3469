// The formulas of a text and their typesetting, for keeping it (docs/decisions/052-typeset-once.md):
// what an example's texts need typeset, found the way renderRichText finds it.
import { formulaKey, renderMath } from './render-math';
import { splitMath } from './split-math';

/** One formula as renderRichText typesets it: its LaTeX (as written) and display mode. */
export interface Formula {
  latex: string;
  displayMode: boolean;
}

/**
 * The formulas renderRichText(text) typesets, each once (by formulaKey), in order of appearance:
 * inline and display maths, bare environments included; code and prose are not formulas.
 */
export function formulasOf(text: string): Map<string, Formula> {
  const formulas = new Map<string, Formula>();
  for (const segment of splitMath(text)) {
    if (segment.kind !== 'inline' && segment.kind !== 'display') continue;
    const displayMode = segment.kind === 'display';
    formulas.set(formulaKey(segment.value, displayMode), { latex: segment.value, displayMode });
  }
  return formulas;
}

/**
 * `formulas` typeset (formulaKey → renderMath's HTML), leaving out those that fail: an error is
 * drawn from its message each time, and is cheap to find again.
 */
export function typesetFormulas(formulas: Iterable<[string, Formula]>): Map<string, string> {
  const typeset = new Map<string, string>();
  for (const [key, { latex, displayMode }] of formulas) {
    const result = renderMath(latex, { displayMode });
    if (result.ok) typeset.set(key, result.html);
  }
  return typeset;
}
