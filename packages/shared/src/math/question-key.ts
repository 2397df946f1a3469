/**
 * The key two example questions share when they say the same thing: compared case-insensitively,
 * with whitespace collapsed (and dropped next to punctuation and LaTeX symbols), and with LaTeX
 * spellings of the same maths unified — `\dfrac`/`\tfrac` as `\frac`, `\left(`/`\right)` as
 * `(`/`)`, spacing commands (`\,` `\;` `\:` `\!` `\ ` `~` `\quad` `\qquad` …) as plain space,
 * `\[…\]` as `$$…$$`, `\(…\)` as `$…$`, and `^{2}` / `_{1}` / `^{\pi}` without their braces.
 * The API stores it in `examples.question_key` to find a repeated question with one indexed lookup
 * (docs/decisions/032-duplicate-questions.md).
 */

// A command not preceded by another backslash (so `\\[2pt]`, a line break, is left alone).
const NOT_ESCAPED = '(?<!\\\\)';

const RULES: readonly [RegExp, string][] = [
  // Delimiters: \[ \] → $$, \( \) → $.
  [new RegExp(`${NOT_ESCAPED}\\\\[[\\]]`, 'g'), '$$$$'],
  [new RegExp(`${NOT_ESCAPED}\\\\[()]`, 'g'), '$$'],
  // \left( … \right) and other sized delimiters: the delimiter alone.
  [/\\(?:left|right|bigl|bigr|Bigl|Bigr|biggl|biggr|Biggl|Biggr)(?![a-zA-Z])\s*/g, ''],
  // Fraction styles.
  [/\\[dt]frac(?![a-zA-Z])/g, '\\frac'],
  // Spacing commands and ties: a space.
  [new RegExp(`${NOT_ESCAPED}\\\\[,;:! ]`, 'g'), ' '],
  [/\\(?:qquad|quad|thinspace|medspace|thickspace|enspace|negthinspace|space)(?![a-zA-Z])/g, ' '],
  [/~/g, ' '],
  // Braces around one character or one command in a superscript or subscript.
  [/([\^_])\s*\{\s*([^{}\\\s]|\\[a-zA-Z]+)\s*\}/g, '$1$2'],
];

/** The normalised form of `question`: equal keys mean the questions repeat each other. */
export function questionKey(question: string): string {
  let s = question;
  for (const [re, to] of RULES) s = s.replace(re, to);
  return (
    s
      .toLowerCase()
      .replace(/\s+/g, ' ')
      // Spaces only separate words: next to anything else they carry nothing.
      .replace(/ ?([^a-z0-9 ]) ?/g, '$1')
      .trim()
  );
}
