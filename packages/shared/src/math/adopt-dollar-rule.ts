import { splitMath, type DollarNote } from './split-math';

/** Passes over the text; each fixes the pairs the previous one uncovered (real texts need one). */
const MAX_PASSES = 3;

function onePass(text: string): { text: string; changed: boolean } {
  const notes: DollarNote[] = [];
  splitMath(text, notes);
  let out = '';
  let from = 0; // text before `from` is copied or rewritten already
  let changed = false;
  for (const note of notes) {
    if (note.closer === undefined || note.at < from) continue;
    const body = text.slice(note.at + 1, note.closer);
    const trimmed = body.trim();
    let replacement: string | null = null;
    if (note.kind === 'digit-after-closer') {
      // `$\$$25`: a dollar sign written as maths, right before the amount.
      if (trimmed === '\\$') replacement = '\\$';
    } else if (trimmed && !trimmed.endsWith('\\') && !/^[0-9]/.test(text[note.closer + 1] ?? '')) {
      // `$ x $`: spaces inside the delimiters, which TeX ignores; the maths itself is kept.
      replacement = `$${trimmed}$`;
    }
    if (replacement === null) continue;
    out += text.slice(from, note.at) + replacement;
    from = note.closer + 1;
    changed = true;
  }
  return { text: changed ? out + text.slice(from) : text, changed };
}

/**
 * For importing texts written for TeX, which reads every `$` as a maths delimiter: rewrites the
 * inline maths that the dollar rule would show as text so that it renders as the author meant.
 * `$ x = 1 $` becomes `$x = 1$` (TeX ignores those spaces) and `$\$$25`, a dollar sign written
 * as maths before an amount, becomes `\$25`. Everything else is returned unchanged, so text that
 * already follows the rule is never touched; a `$` followed by a digit after other maths (`$x$5`)
 * is left as it is, since no spacing keeps its meaning. Linear in the text.
 */
export function adoptDollarRule(text: string): string {
  let current = text;
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const { text: next, changed } = onePass(current);
    if (!changed) break;
    current = next;
  }
  return current;
}
