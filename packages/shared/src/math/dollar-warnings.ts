import { splitMath, type DollarNote } from './split-math';

/**
 * A `$` (or `$$`) that the renderer shows as a dollar sign although the author may have meant
 * maths: one that never closes, or one the dollar rule keeps out of maths (a space after the
 * opening `$`, a space before the closing one, a digit right after the closing one).
 */
export interface DollarWarning {
  kind: DollarNote['kind'];
  /** Position in the text of the `$` (or `$$`) shown as text. */
  index: number;
  /** Its line, counted from 1. */
  line: number;
  /** Position of the `$` that would have closed it, when there is one. */
  closer?: number;
  /** What is shown, where, why, and what to write instead, in plain words. */
  message: string;
}

/** Up to two words of the text starting at `from` (leading spaces kept, line breaks as spaces). */
function wordsAfter(text: string, from: number): string {
  const m = /^\s*\S+(?:[ \t]+\S+)?/.exec(text.slice(from, from + 40).replace(/[\r\n]/g, ' '));
  return (m?.[0] ?? '').slice(0, 24);
}

/** Up to two words of the text after `from` ending just before `to` (trailing spaces kept). */
function wordsBefore(text: string, from: number, to: number): string {
  const slice = text.slice(Math.max(from, to - 40), to).replace(/[\r\n]/g, ' ');
  const m = /\S+(?:[ \t]+\S+)?\s*$/.exec(slice);
  const words = m?.[0] ?? slice;
  return words.length > 24 ? words.slice(-24) : words;
}

const ESCAPE_HINT = 'write \\$ for each dollar sign';

function describe(text: string, note: DollarNote, where: string): string {
  const dollar = text.startsWith('$$', note.at) && note.kind === 'unclosed' ? '$$' : '$';
  const subject = `The "${dollar}" before "${wordsAfter(text, note.at + dollar.length)}"${where}`;
  switch (note.kind) {
    case 'unclosed':
      return dollar === '$$'
        ? `${subject} has no closing "$$" in the same paragraph, so it is shown as text. Close the maths with "$$", or write \\$\\$ for two dollar signs.`
        : `${subject} has no closing "$", so it is shown as a dollar sign. If you meant maths, close it with "$"; if you meant a dollar sign, write \\$.`;
    case 'space-after-opener':
      return `${subject} is shown as a dollar sign, not maths: a "$" that opens maths must be followed by a character other than a space. If you meant maths, remove the space after it; if you meant dollar signs, ${ESCAPE_HINT}.`;
    case 'space-before-closer':
      return `${subject} is shown as a dollar sign, not maths: the next "$" (after "${wordsBefore(text, note.at + 1, note.closer!)}") has a space before it, and a "$" that closes maths must follow a character other than a space. If you meant maths, remove that space; if you meant dollar signs, ${ESCAPE_HINT}.`;
    case 'digit-after-closer':
      return `${subject} is shown as a dollar sign, not maths: the next "$" (after "${wordsBefore(text, note.at + 1, note.closer!)}") is followed by the digit "${text[note.closer! + 1]}", and a "$" that closes maths must not be followed by a digit. If you meant maths, put a space after it or the digit inside the maths; if you meant dollar signs, ${ESCAPE_HINT}.`;
  }
}

/**
 * The dollar signs in `text` that are shown as text although they look like maths delimiters, in
 * order, each with a plain-words message (for the admin form's warnings; saving stays allowed). A
 * `$` already named as the would-be closer of an earlier warning gets no warning of its own.
 * Escaped `\$`, `$` inside `[asy]` code and `$` inside maths never warn. Linear in the text.
 */
export function dollarWarnings(text: string): DollarWarning[] {
  const notes: DollarNote[] = [];
  splitMath(text, notes);
  const warnings: DollarWarning[] = [];
  const named = new Set<number>();
  const multiline = text.includes('\n');
  let line = 1;
  let counted = 0;
  for (const note of notes) {
    if (named.has(note.at)) continue;
    for (; counted < note.at; counted++) if (text.charCodeAt(counted) === 10) line++;
    if (note.closer !== undefined) named.add(note.closer);
    const where = multiline ? ` on line ${line}` : '';
    const warning: DollarWarning = {
      kind: note.kind,
      index: note.at,
      line,
      message: describe(text, note, where),
    };
    if (note.closer !== undefined) warning.closer = note.closer;
    warnings.push(warning);
  }
  return warnings;
}
