// String work on an answer's LaTeX before any parsing: the maths taken out of a stored text, the
// words of a list's joints, an answer that is only words or a time of day. No Compute Engine
// here: this runs first and must be cheap. The notation that does not change a value is removed
// in normalise-latex.ts; a list is split at its top level in split-top.ts.
import { readGroup, splitMath } from '@exemplar/shared/math';
import { unitKey } from './units';

/** The separator a list's words (`or`, `and`) become. */
export const LIST = ',';

/**
 * The maths of a text as one LaTeX string: its maths segments as the parts of a list (`$x=2$ or
 * $x=-3$`, `$22$ adults and $18$ children`), never run together into a product. Words outside
 * maths (units such as `months`, a choice label such as `(C)`) are left out. A text with no maths
 * delimiters (`$`, `\(`, `\[`) is taken as maths as a whole (learners type `3`, not `$3$`).
 */
export function mathOf(text: string): { math: string; words: string } {
  // No `$`, `\(` or `\[`: all maths, environments included (the splitter would take a matrix
  // alone as a display and leave out what follows it, `+ 1`, as words).
  if (!/(?:^|[^\\])\$|\\\(|\\\[/.test(text)) return { math: text.trim(), words: '' };
  // A matrix typed as an array in brackets is one piece of maths (the splitter would take the
  // array alone as a display and leave its brackets out as words).
  const segments = splitMath(bracketedArrays(text));
  const maths = segments.filter((s) => s.kind === 'inline' || s.kind === 'display');
  if (maths.length === 0) return { math: text.trim(), words: '' };
  const math: string[] = [];
  const words: string[] = [];
  segments.forEach((s, i) => {
    if (s.kind === 'inline' || s.kind === 'display') return void math.push(s.value);
    // Words that are only a unit the table knows, right after maths (`$7$ months`), are its unit.
    const word = s.value.trim().replace(/\.$/, '');
    const after = segments[i - 1];
    if (
      after &&
      (after.kind === 'inline' || after.kind === 'display') &&
      /^[a-zA-Z]+$/.test(word) &&
      unitKey(word, 1)
    ) {
      math[math.length - 1] += `\\text{ ${word}}`;
    } else if (word) words.push(s.value.trim());
  });
  return { math: math.join(` ${LIST} `), words: words.join(' ') };
}

/** Every `\name{arg}` replaced by what `replace` makes of its argument. */
export function replaceCommand(s: string, names: string, replace: (arg: string) => string): string {
  const re = new RegExp(`\\\\(?:${names})\\s*(?=\\{)`, 'g');
  let out = '';
  let from = 0;
  for (let m = re.exec(s); m; m = re.exec(s)) {
    const group = readGroup(s, m.index + m[0].length);
    if (!group) break;
    out += s.slice(from, m.index) + replace(group.content);
    from = group.end;
    re.lastIndex = group.end;
  }
  return out + s.slice(from);
}

/** Text matched literally by a regular expression. */
export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `or` / `and` as a word of a text (`\text{ and }`, `\text{ adults and }`). */
export const JOINT_WORD_RE = /(?:^|[^a-zA-Z])(?:or|and)(?![a-zA-Z])/i;

/**
 * A learner's answer typed without `$` with its texts that hold `or` / `and` among their words
 * (`22\text{ adults and }18\text{ children}`) written as the bare word `and`, which joins parts
 * as a comma does wherever the answer is split into parts.
 */
export function textJoints(latex: string): string {
  if (latex.includes('$')) return latex;
  return replaceCommand(latex, 'text|textrm|textnormal|mbox', (arg) =>
    JOINT_WORD_RE.test(arg) ? ' and ' : `\\text{${arg}}`,
  );
}

/**
 * A matrix written as an array in brackets, `\left[\begin{array}{cc}1&2\\3&4\end{array}\right]`,
 * or bare, as the matrix it is.
 */
export function bracketedArrays(s: string): string {
  return s
    .replace(
      /(?:\\left\s*)?[[(]\s*\\begin\{array\}\s*\{[^{}]*\}((?:(?!\\(?:begin|end)\{)[\s\S])*)\\end\{array\}\s*(?:\\right\s*)?[\])]/g,
      (_, body: string) => `\\begin{bmatrix}${body}\\end{bmatrix}`,
    )
    .replace(
      /\\begin\{array\}\s*\{[^{}]*\}((?:(?!\\(?:begin|end)\{)[\s\S])*)\\end\{array\}/g,
      (_, body: string) => `\\begin{matrix}${body}\\end{matrix}`,
    );
}

/**
 * An answer that is only words (`\text{Thursday}`, `Thursday`, `(C) Thursday` without its letter),
 * as lower-case words; else undefined (anything with a digit, a command other than text or an
 * operator is maths).
 */
export function wordsOnly(text: string): string | undefined {
  const plain = text
    .replace(/\$/g, ' ')
    .replace(/\\(?:text|textrm|textnormal|textbf|mbox|mathrm|operatorname)\s*\{([^{}]*)\}/g, ' $1 ')
    .replace(/\\[,;:! ]|~/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/\.$/, '');
  return /^[A-Za-z]{2,}(?: [A-Za-z]+)*$/.test(plain) ? plain.toLowerCase() : undefined;
}

/** A time of day `h:mm` with `a.m.` / `p.m.` when written (`8:36 a.m.` is `8:36 am`). */
const TIME_RE =
  /(?<![\d:])(\d{1,2}):([0-5]\d)(?![\d:])(?:\s*(?:\\text\s*\{\s*)?([ap])\.?\s*m\b\.?)?/gi;

/** The times of day in a text (`At 8:36 a.m., …` has `8:36 am`), written `h:mm` or `h:mm am`. */
export function timesOfDay(text: string): string[] {
  return [...text.matchAll(TIME_RE)].map(
    (m) => `${Number(m[1])}:${m[2]}${m[3] ? ` ${m[3].toLowerCase()}m` : ''}`,
  );
}

/** A learner's answer that is only a time of day (`8:36`, `8:36\text{ a.m.}`), else undefined. */
export function timeOfDayAnswer(given: string): string | undefined {
  const plain = given.replace(/\\text\s*\{([^{}]*)\}/g, ' $1 ').replace(/\\[,;:! ]/g, ' ');
  const times = timesOfDay(plain);
  if (times.length !== 1) return undefined;
  return plain.replace(TIME_RE, '').trim() === '' ? times[0] : undefined;
}
