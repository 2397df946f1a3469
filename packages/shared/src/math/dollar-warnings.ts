import { splitMath, type DollarNote } from './split-math';

/**
 * A `$` (or `$$`) that the renderer shows as text although it looks like a maths delimiter: one
 * that never closes. A price (`$5`, `$20,000 and $30,000`), a `$` before white space or at the
 * end, `\$`, and every `$` that pairs (`$ x $` included, as in TeX) get none (split-math.ts).
 */
export interface DollarWarning {
  kind: DollarNote['kind'];
  /** Position in the text of the `$` (or `$$`) shown as text. */
  index: number;
  /** Its line, counted from 1. */
  line: number;
  /** What is shown, where, why, and what to write instead, in plain words. */
  message: string;
}

/** Up to two words of the text starting at `from` (leading spaces kept, line breaks as spaces). */
function wordsAfter(text: string, from: number): string {
  const m = /^\s*\S+(?:[ \t]+\S+)?/.exec(text.slice(from, from + 40).replace(/[\r\n]/g, ' '));
  return (m?.[0] ?? '').slice(0, 24);
}

function describe(text: string, note: DollarNote, where: string): string {
  const dollar = text.startsWith('$$', note.at) ? '$$' : '$';
  const subject = `The "${dollar}" before "${wordsAfter(text, note.at + dollar.length)}"${where}`;
  return dollar === '$$'
    ? `${subject} has no closing "$$" in the same paragraph, so it is shown as text. Close the maths with "$$", or write \\$\\$ for two dollar signs.`
    : `${subject} has no closing "$", so it is shown as a dollar sign. If you meant maths, close it with "$"; if you meant a dollar sign, write \\$.`;
}

/**
 * The dollar signs in `text` that are shown as text although they look like maths delimiters (a
 * `$` or `$$` that never closes), in order, each with a plain-words message (for the admin form's
 * warnings; saving stays allowed). Prices, escaped `\$`, `$` inside `[asy]` code and `$` inside
 * maths never warn. Linear in the text.
 */
export function dollarWarnings(text: string): DollarWarning[] {
  const notes: DollarNote[] = [];
  splitMath(text, notes);
  const multiline = text.includes('\n');
  let line = 1;
  let counted = 0;
  return notes.map((note) => {
    for (; counted < note.at; counted++) if (text.charCodeAt(counted) === 10) line++;
    const where = multiline ? ` on line ${line}` : '';
    return { kind: note.kind, index: note.at, line, message: describe(text, note, where) };
  });
}
