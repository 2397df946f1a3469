// String work on an answer's LaTeX before any parsing: the maths taken out of a stored text, the
// notation that does not change a value (spacing, \left, \dfrac, \boxed) removed, units marked, and
// the top-level splitting of a list. No Compute Engine here: this runs first and must be cheap.
import { splitMath } from '@exemplar/shared/math';
import { BARE_UNIT_RE, marker, unitKey } from './units';

/** The separator a list's words (`or`, `and`) become. */
const LIST = ',';

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

/** The index just after the group `{…}` that opens at `start` (or -1 when it is not closed). */
export function groupEnd(s: string, start: number): number {
  let depth = 0;
  for (let i = start; i < s.length; i++) {
    const c = s[i];
    if (c === '\\') {
      i++;
      continue;
    }
    if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return i + 1;
  }
  return -1;
}

/** Every `\name{arg}` replaced by what `replace` makes of its argument. */
function replaceCommand(s: string, names: string, replace: (arg: string) => string): string {
  const re = new RegExp(`\\\\(?:${names})\\s*(?=\\{)`, 'g');
  let out = '';
  let from = 0;
  for (let m = re.exec(s); m; m = re.exec(s)) {
    const open = m.index + m[0].length;
    const end = groupEnd(s, open);
    if (end < 0) break;
    out += s.slice(from, m.index) + replace(s.slice(open + 1, end - 1));
    from = end;
    re.lastIndex = end;
  }
  return out + s.slice(from);
}

/** `or` / `and` as a word of a text (`\text{ and }`, `\text{ adults and }`). */
const JOINT_WORD_RE = /(?:^|[^a-zA-Z])(?:or|and)(?![a-zA-Z])/i;

/**
 * Text inside maths: `or` / `and` among its words join a list (`22\text{ adults and }18`, the
 * other words left out as a unit's would be); anything else (other words) is left out.
 */
const textInMaths = (arg: string) =>
  JOINT_WORD_RE.test(arg) ? ` ${LIST} ` : /^[\s,;]*$/.test(arg) ? arg : ' ';

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
 * The notation that never changes an answer's value, removed or made uniform:
 * - spacing commands, `\left` / `\right`, `\displaystyle`, `\boxed{…}` and font commands;
 * - `\dfrac`, `\tfrac` and `\cfrac` as `\frac`;
 * - thousands written `10,\!000` or `10{,}000` as `10000`;
 * - units: `\$`, `\%`, degrees (`^\circ`), and the units the units table knows in `\text{…}` or
 *   `\mathrm{…}`, with their power (`\text{ cm}^2`), become markers (`\unit{cm^2}`) that each
 *   part takes out before it is parsed; other words in `\text{…}` are left out (but `or` / `and`
 *   join a list). With `bareUnits` (a stored answer with a unit), a unit typed without `\text`
 *   after a number (`44 m^2`) is a unit too.
 */
export function normaliseLatex(latex: string, { bareUnits = false } = {}): string {
  let s = latex;
  s = s.replace(/(\d),\\!\s*(?=\d{3}(?!\d))/g, '$1').replace(/(\d)\{,\}(?=\d{3}(?!\d))/g, '$1');
  s = shorthandArguments(s);
  // A choice label: `\text{(A)}` anywhere, or an answer that is only `\text{A}` (boxed or not),
  // is the letter.
  const label =
    /^\s*(?:\\boxed\s*\{\s*)?\\(?:text|textbf|mbox|mathrm|mathbf)\s*\{\s*\(?([A-Za-z])\)?\s*\}\s*\}?\s*$/.exec(
      s,
    );
  if (label) return label[1]!;
  // An empty `\operatorname{ }` or `\text{ }` (the maths field writes one for a space) is a space.
  s = s.replace(
    /\\(?:operatorname|text|textrm|textnormal|mbox|mathrm)\s*\{\s*(?:\\mathrm\s*\{\s*\}\s*)?\}/g,
    ' ',
  );
  s = writtenUnits(s);
  // `\mathbf{2340}` is maths in bold; `\mathrm{cm}` or `\mathrm{m}` (letters) is a unit, but
  // `\mathrm{e}` and `\mathrm{i}` are the constants.
  s = replaceCommand(s, 'mathrm|mathbf|mathit|mathsf', (arg) =>
    /^\s*[a-zA-Z]+\s*$/.test(arg) && !/^\s*[ei]\s*$/.test(arg) ? ' ' : `{${arg}}`,
  );
  s = replaceCommand(s, 'text|textrm|textnormal|mbox|textit|textbf', (arg) =>
    /^\s*\([A-Za-z]\)\s*$/.test(arg) ? ` ${arg.replace(/[\s()]/g, '')} ` : textInMaths(arg),
  );
  // A box round a list or a relation (`\boxed{1, 2}`, `\boxed{k \ge 2}`) is left out with its
  // braces, which would make the list one group; round a value the braces stay (`2^\boxed{3}`).
  s = replaceCommand(s, 'boxed|fbox|bm|boldsymbol', (arg) =>
    splitTop(arg, [',', ';', '=', '<', '>', '\\le', '\\ge', '\\ne', '\\in']).length > 1
      ? ` ${arg} `
      : `{${arg}}`,
  );
  // Degrees: in an answer with a trigonometric function, an angle (x π/180); else a unit.
  const degrees = /\\(sin|cos|tan|sec|csc|cot)(?![a-zA-Z])/.test(s)
    ? '\\cdot\\frac{\\pi}{180}'
    : marker('deg');
  s = s
    .replace(/\^\s*\{\s*\\circ\s*\}|\^\s*\\circ|\\circ|\\degree|°/g, degrees)
    .replace(/\\([$%])/g, (_, unit: string) => marker(unit))
    .replace(/\\[dtc]frac(?![a-zA-Z])/g, '\\frac')
    .replace(/\\(?:left|right|bigl|bigr|Bigl|Bigr|biggl|biggr|big|Big)\s*\./g, ' ')
    .replace(/\\(?:left|right|bigl|bigr|Bigl|Bigr|biggl|biggr|big|Big)(?![a-zA-Z])\s*/g, '')
    .replace(/\\(?:displaystyle|textstyle|quad|qquad|enspace)(?![a-zA-Z])/g, ' ')
    .replace(/\\(\\|[,;:! ])/g, (m) => (m === '\\\\' ? m : ' '))
    .replace(/~/g, ' ')
    .replace(/\\(?:leqslant|le)(?![a-zA-Z])/g, '\\leq')
    .replace(/\\(?:geqslant|ge)(?![a-zA-Z])/g, '\\geq')
    .replace(/\\(?:neq|ne)(?![a-zA-Z])/g, '\\neq')
    .replace(/\\varnothing(?![a-zA-Z])/g, '\\emptyset')
    // "or" as the maths field writes it (`k<-2\lor k>6`) joins a list like the word.
    .replace(/\\(?:lor|vee)(?![a-zA-Z])/g, ` ${LIST} `)
    // Compute Engine reads the greatest common divisor as an operator name only.
    .replace(/\\gcd(?![a-zA-Z])/g, '\\operatorname{gcd}');
  s = relationsAsTyped(s);
  s = bracketedArrays(s);
  // `1.06 \times 10^{-33}`: Compute Engine would fold it into a number it then writes as 0.
  s = s.replace(/(\d)\s*(\\times|\\cdot)\s*10\s*\^/g, '$1$2{10}^');
  // Typed without backslashes: `pi`, `sqrt`.
  s = s.replace(/(^|[^\\a-zA-Z])(pi|sqrt)(?![a-zA-Z])/g, '$1\\$2');
  s = sqrtWithParentheses(s);
  // A function's bare argument ends at a product sign: `\ln2\cdot\pi` is (ln 2)·π, as a teacher
  // reads it (Compute Engine would read ln(2π)); a degree sign's product (`\sin 60^\circ`) stays.
  s = s.replace(
    /\\(ln|log|exp|sin|cos|tan|sec|csc|cot|arcsin|arccos|arctan|sinh|cosh|tanh)\s*(\d+(?:\.\d+)?|[a-zA-Z]|\\pi|\\theta|\\alpha|\\beta)\s*(?=\\cdot|\\times)(?!\\cdot\\frac\{\\pi\}\{180\})/g,
    (_, fn: string, arg: string) => `\\${fn}(${arg})`,
  );
  // A word typed as a list's joint (`x=2 or x=-3`); a TeX command such as `\nor` is left alone.
  s = s.replace(/(^|[^\\a-zA-Z])(?:or|and)(?![a-zA-Z])/g, `$1 ${LIST} `);
  // A list's joints left next to each other by the words removed (`2, 3, and 4`).
  s = s.replace(/,(\s*,)+/g, ',').replace(/^\s*,|,\s*$/g, '');
  // A mixed number (`2\frac{1}{2}` is 2½), when a whole number stands right before a fraction of
  // two whole numbers; after an exponent, a letter or a bracket it stays a product.
  s = s.replace(/(?<![\w^_}).\\])(\d+)\s*\\frac\{(\d+)\}\{(\d+)\}/g, '($1+\\frac{$2}{$3})');
  s = s.replace(/\s+/g, ' ').trim();
  // A full stop that ends the maths (`x = 3.`) and braces round all of it (`{1, 2, 3}`, a
  // group in TeX, shown as the list) are not part of the answer.
  s = s.replace(/(?<!\\)\.$/, '').trim();
  if (s.startsWith('{') && groupEnd(s, 0) === s.length) s = s.slice(1, -1).trim();
  if (bareUnits) s = bareUnitsMarked(s);
  // `1,000,000` with nothing else: one number (a list would be written with spaces).
  if (/^-?\d{1,3}(,\d{3})+(\.\d+)?$/.test(s)) s = s.replace(/,/g, '');
  // `\$1,000.99` and `1,000.99\$`: an amount of money written with thousands separators.
  s = s
    .replace(
      /(\\unit\{\$\}\s*-?)(\d{1,3}(?:,\d{3})+(?:\.\d+)?)(?![\d,])/g,
      (_, pre: string, n: string) => pre + n.replace(/,/g, ''),
    )
    .replace(/(?<![\d,.])(\d{1,3}(?:,\d{3})+(?:\.\d+)?)(?=\s*\\unit\{\$\})/g, (n: string) =>
      n.replace(/,/g, ''),
    );
  return s;
}

/**
 * Relations as learners and keyboards write them: `\lt` and `\gt` (the maths field), `<=`,
 * `>=`, `=<` and `!=` (typed), and `≤`, `≥`, `≠`, `−` (pasted), as the checker reads them. `!=`
 * right after a digit or a bracket stays a factorial (`3!=6`); right after a letter (`n!=120`,
 * `x!=3`) it is left as written: the part keeps both readings, and the stored answer decides
 * (a factorial in it: n! = 120; else x ≠ 3).
 */
function relationsAsTyped(s: string): string {
  return s
    .replace(/\\lt(?![a-zA-Z])/g, '<')
    .replace(/\\gt(?![a-zA-Z])/g, '>')
    .replace(/<\s*=|=\s*<|≤|⩽/g, '\\leq ')
    .replace(/>\s*=|≥|⩾/g, '\\geq ')
    .replace(/(?<![\w)\]}!])\s*!\s*=|≠/g, '\\neq ')
    .replace(/−/g, '-');
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
 * A unit word in `\text{…}`, `\mbox{…}`, `\mathrm{…}` or `\operatorname{…}` (the maths field
 * types `cm` as `\operatorname{\mathrm{cm}}`), with its power.
 */
const WRITTEN_UNIT_RE =
  /\\(text|textrm|textnormal|mbox|mathrm|operatorname)\s*\{\s*(?:\\mathrm\s*\{([^{}]*)\}|([^{}]*))\s*\}(?:\s*\^\s*(?:\{\s*(\d)\s*\}|(\d)))?/g;

/**
 * Units the table knows, written as text (`5 \text{ cm}`, `44\mathrm{m}^2`), as markers; and
 * `\min` with no argument after it (the maths field types `min` as `\min`) as minutes. A word in
 * `\text{…}` the table does not know is left for the text rules below, but its power goes with it
 * (`\text{ sq units}^2` must not square the number).
 */
function writtenUnits(s: string): string {
  return s
    .replace(
      WRITTEN_UNIT_RE,
      (whole, command: string, inner?: string, arg?: string, p1?: string, p2?: string) => {
        // The maths field writes a unit's space inside it: `\mathrm{~m}`, `\mathrm{\,s}`.
        const words = (inner ?? arg ?? '').replace(/~|\\[,;:! ]/g, ' ').trim();
        // `\mathrm{e}` and `\mathrm{i}` are the constants; `or` / `and` join a list.
        if (/^[ei]$/.test(words) || /^(or|and)$/i.test(words)) return whole;
        if (!/^[a-zA-Z][a-zA-Z. ]*$/.test(words)) return whole;
        const power = Number(p1 ?? p2 ?? 1);
        const key = unitKey(words, power);
        if (key) return marker(key);
        return (p1 || p2) && command !== 'operatorname' ? ' ' : whole;
      },
    )
    .replace(/\\min(?![a-zA-Z])(?!\s*(?:[({[]|\\left))/g, marker('min'));
}

/** Units typed bare after a number (`44 m^2`, `5cm`) at the end of a part, as markers. */
function bareUnitsMarked(s: string): string {
  return s.replace(
    BARE_UNIT_RE,
    (whole, before: string, symbol: string, p1?: string, p2?: string) => {
      const key = unitKey(symbol, Number(p1 ?? p2 ?? 1));
      return key ? `${before}${marker(key)}` : whole;
    },
  );
}

/**
 * TeX's one-character arguments written with braces: `\frac13`, `\frac 3{16}`, `\frac{1}2` and
 * `\sqrt2` as `\frac{1}{3}`, `\frac{3}{16}`, `\frac{1}{2}` and `\sqrt{2}`.
 */
export function shorthandArguments(latex: string): string {
  return latex
    .replace(/\\([dtc]?frac)\s*(\w)\s*(\w)/g, '\\$1{$2}{$3}')
    .replace(/\\([dtc]?frac)\s*(\w)\s*\{/g, '\\$1{$2}{')
    .replace(/\\([dtc]?frac)\s*(\{[^{}]*\})\s*(\w)/g, '\\$1$2{$3}')
    .replace(/\\sqrt\s*(\w)/g, '\\sqrt{$1}');
}

/** `\sqrt(2)` (typed like a function call) as `\sqrt{2}`. */
function sqrtWithParentheses(s: string): string {
  for (let at = s.search(/\\sqrt\s*\(/); at >= 0; at = s.search(/\\sqrt\s*\(/)) {
    const open = s.indexOf('(', at);
    let depth = 0;
    let close = -1;
    for (let i = open; i < s.length && close < 0; i++) {
      if (s[i] === '(') depth++;
      else if (s[i] === ')' && --depth === 0) close = i;
    }
    if (close < 0) return s;
    s = `${s.slice(0, at)}\\sqrt{${s.slice(open + 1, close)}}${s.slice(close + 1)}`;
  }
  return s;
}

const OPENERS = new Set(['(', '[', '{']);
const CLOSERS = new Set([')', ']', '}']);

/**
 * `s` cut at every separator found outside all brackets and braces. Separators are literal
 * strings; a TeX command separator (`\cup`) must not be followed by a letter.
 */
export function splitTop(s: string, separators: readonly string[]): string[] {
  const parts: string[] = [];
  let depth = 0;
  let from = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (c === '\\') {
      if (s.startsWith('\\begin', i)) depth++;
      else if (s.startsWith('\\end', i)) depth--;
      else if (s[i + 1] === '{' || s[i + 1] === '}') {
        depth += s[i + 1] === '{' ? 1 : -1;
        i++;
        continue;
      }
    }
    if (depth === 0) {
      const sep = separators.find(
        (t) =>
          s.startsWith(t, i) && !(t.startsWith('\\') && /[a-zA-Z]/.test(s[i + t.length] ?? '')),
      );
      if (sep) {
        parts.push(s.slice(from, i));
        from = i + sep.length;
        i = from - 1;
        continue;
      }
    }
    if (c === '\\') {
      const m = /^\\[a-zA-Z]+/.exec(s.slice(i, i + 30));
      i += m ? m[0].length - 1 : 1;
      continue;
    }
    if (OPENERS.has(c)) depth++;
    else if (CLOSERS.has(c)) depth--;
  }
  parts.push(s.slice(from));
  return parts;
}

/** The index of the bracket that closes the one opening at 0 (any of `(`/`[` with `)`/`]`). */
export function outerClose(s: string): number {
  let depth = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (c === '\\') {
      if (s[i + 1] === '{') depth++;
      else if (s[i + 1] === '}' && --depth === 0) return i + 1;
      i++;
      continue;
    }
    if (OPENERS.has(c)) depth++;
    else if (CLOSERS.has(c) && --depth === 0) return i;
  }
  return -1;
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
