// The notation that never changes an answer's value, removed or made uniform before an answer is
// parsed (see normaliseLatex), units marked. No Compute Engine here: this runs first and must be
// cheap.
import { RELATIONS, relationsAsSigns } from './inequality-signs';
import { bracketedArrays, JOINT_WORD_RE, LIST, replaceCommand } from './latex-text';
import { isOneGroup, splitTop } from './split-top';
import { BARE_UNIT_RE, marker, unitKey } from './units';

/**
 * Text inside maths: `or` / `and` among its words join a list (`22\text{ adults and }18`, the
 * other words left out as a unit's would be); anything else (other words) is left out.
 */
const textInMaths = (arg: string) =>
  JOINT_WORD_RE.test(arg) ? ` ${LIST} ` : /^[\s,;]*$/.test(arg) ? arg : ' ';

/** What makes a box's content a list or a relation, not a value. */
const BOX_SEPARATORS = [',', ';', '=', ...RELATIONS.map((r) => r.sign), '\\in'];

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
    splitTop(relationsAsSigns(arg), BOX_SEPARATORS).length > 1 ? ` ${arg} ` : `{${arg}}`,
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
    .replace(/\\varnothing(?![a-zA-Z])/g, '\\emptyset')
    // "or" as the maths field writes it (`k<-2\lor k>6`) joins a list like the word.
    .replace(/\\(?:lor|vee)(?![a-zA-Z])/g, ` ${LIST} `)
    // Compute Engine reads the greatest common divisor as an operator name only.
    .replace(/\\gcd(?![a-zA-Z])/g, '\\operatorname{gcd}');
  // Relations however written (`\leqslant`, `⩽`, `<=`) as the signs the parser reads (`\leq`).
  s = relationsAsSigns(s).replace(/−/g, '-');
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
  if (isOneGroup(s)) s = s.slice(1, -1).trim();
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
