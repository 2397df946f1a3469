// Answers generated from a stored answer for the checker's measurement: equivalent rewritings
// (which it must accept) and wrong answers (which it must not), only the kinds that apply.
import { mathOf } from './latex-text';
import { shorthandArguments } from './normalise-latex';
import { otherUnit, unitKey } from './units';

/** What a generated answer should get: accepted (the stored one, rewritings) or not (wrong ones). */
export type Group = 'stored' | 'rewriting' | 'wrong';

export interface Variant {
  group: Group;
  kind: string;
  given: string;
}

/** A maths answer is a single value (not a list, tuple, set, relation or matrix). */
const SCALAR_RE = /^(?!.*(\\begin|\\cup|\\pm|\\mp|<|>|\\le|\\ge|\\ne|\\in|\\text|,|;|:)).*$/s;
const isScalar = (m: string) =>
  SCALAR_RE.test(m) && !/^[([]/.test(m.trim()) && !/^\\\{/.test(m.trim()) && !m.includes('=');

/** Index of each character's bracket depth (braces, parentheses, brackets). */
function depths(m: string): number[] {
  const out: number[] = [];
  let d = 0;
  for (let i = 0; i < m.length; i++) {
    const c = m[i]!;
    if ('{(['.includes(c) && m[i - 1] !== '\\') d++;
    out.push(d);
    if ('})]'.includes(c) && m[i - 1] !== '\\') d--;
  }
  return out;
}

/** The terms of a sum at the top level, each with its sign (`+` unless written `-`). */
export function topTerms(m: string): string[] {
  const d = depths(m);
  const terms: string[] = [];
  let from = 0;
  for (let i = 1; i < m.length; i++) {
    if ((m[i] === '+' || m[i] === '-') && d[i] === 0) {
      const before = m.slice(0, i).trimEnd().at(-1);
      if (!before || '^_({[=+-*/,'.includes(before) || m.slice(0, i).trimEnd().endsWith('\\cdot'))
        continue;
      terms.push(m.slice(from, i).trim());
      from = i;
    }
  }
  terms.push(m.slice(from).trim());
  return terms.filter((t) => t !== '');
}

/** The factors of a product at the top level (a number, a command with its arguments, a letter, a group). */
export function topFactors(m: string): string[] | undefined {
  const factors: string[] = [];
  let i = 0;
  const groupAt = (at: number, open: string, close: string) => {
    let d = 0;
    for (let k = at; k < m.length; k++) {
      if (m[k] === open) d++;
      else if (m[k] === close && --d === 0) return k + 1;
    }
    return -1;
  };
  const skipSpaces = () => {
    while (m[i] === ' ') i++;
  };
  while (i < m.length) {
    skipSpaces();
    if (i >= m.length) break;
    const start = i;
    const rest = m.slice(i);
    const num = /^\d+(\.\d+)?/.exec(rest);
    const cmd = /^\\[a-zA-Z]+/.exec(rest);
    if (cmd && (cmd[0] === '\\cdot' || cmd[0] === '\\times')) {
      i += cmd[0].length;
      continue;
    }
    if (num) i += num[0].length;
    else if (cmd) {
      i += cmd[0].length;
      if (m[i] === '[') i = groupAt(i, '[', ']');
      while (i > 0 && m[i] === '{') i = groupAt(i, '{', '}');
    } else if (/[a-zA-Z]/.test(m[i]!)) i++;
    else if (m[i] === '(') i = groupAt(i, '(', ')');
    else return undefined;
    if (i < 0) return undefined;
    while (m[i] === '^' || m[i] === '_') {
      i++;
      if (m[i] === '{') i = groupAt(i, '{', '}');
      else i += /^\\[a-zA-Z]+/.exec(m.slice(i))?.[0].length ?? 1;
      if (i < 0) return undefined;
    }
    factors.push(m.slice(start, i));
  }
  return factors;
}

/** The first integer written on its own (not part of a decimal, a `\frac13`, or a command). */
const INTEGER_RE = /(?<![\d.a-zA-Z^_]|_\{)\d+(?![\d._])/;
/** A fraction of two integers: `\frac{3}{4}` or `\frac34`. */
const FRACTION_RE = /\\[dt]?frac\{(\d+)\}\{(\d+)\}/;

/** A unit written as text, with its power: `\text{ cm}^2`, `\mbox{ feet}`, `\mathrm{m}`. */
const WRITTEN_UNIT_RE = /\\(?:text|mbox|mathrm)\s*\{([^{}]*)\}(?:\s*\^\s*(?:\{\s*(\d)\s*\}|(\d)))?/;

/** A unit key as LaTeX: `cm^2` as `\text{ cm}^2`. */
const unitLatex = (key: string) => {
  const [symbol, power] = key.split('^');
  return `\\text{ ${symbol}}${power ? `^${power}` : ''}`;
};

const onlyTwosAndFives = (q: number) => {
  while (q % 2 === 0) q /= 2;
  while (q % 5 === 0) q /= 5;
  return q === 1;
};

/** The answers generated from one stored answer: only the kinds that apply to it. */
export function variantsOf(stored: string): Variant[] {
  const out: Variant[] = [{ group: 'stored', kind: 'stored answer', given: stored }];
  // Rewritings start from the maths with TeX's one-character arguments braced (`\frac13` as
  // `\frac{1}{3}`), itself an equivalent rewriting, so a number is replaced whole.
  const m = shorthandArguments(mathOf(stored).math.trim());
  if (!m) return out;
  const add = (group: Group, kind: string, given: string | undefined) => {
    if (given !== undefined && given.trim() !== m) out.push({ group, kind, given });
  };
  const thousands = /,\\!|\{,\}/.test(m);
  // `2\frac{1}{2}` is a mixed number: its whole part is not a factor to move or rewrite.
  const mixed = /(?<![\w^_}).\\])\d+\s*\\frac/.test(m);

  // Rewritings that must be accepted.
  add(
    'rewriting',
    'spacing',
    m
      .replace(/(\\[a-zA-Z]+) (?=[a-zA-Z])/g, '$1\t')
      .replace(/ /g, '')
      .replace(/\t/g, ' ')
      .replace(thousands ? /([=+])/g : /([=+,])/g, ' $1 ')
      .trim(),
  );
  if (/\\frac(?![a-zA-Z])/.test(m))
    add('rewriting', '\\dfrac for \\frac', m.replace(/\\frac(?![a-zA-Z])/g, '\\dfrac'));
  const int = INTEGER_RE.exec(m);
  if (int && !thousands && !mixed) {
    const n = BigInt(int[0]);
    add(
      'rewriting',
      'integer n as \\frac{2n}{2}',
      spliceAt(m, int.index, int[0], `{\\frac{${2n * n}}{2}}`),
    );
  }
  const frac = FRACTION_RE.exec(m);
  if (frac) {
    const p = Number(frac[1]);
    const q = Number(frac[2]);
    const wholePart = /\d\s*$/.test(m.slice(0, frac.index)); // 2\frac{1}{2}: a mixed number
    if (q > 0 && onlyTwosAndFives(q) && !wholePart)
      add('rewriting', 'decimal for a fraction', spliceAt(m, frac.index, frac[0], `${p / q}`));
  }
  if (isScalar(m)) {
    const terms = topTerms(m);
    if (terms.length >= 2) {
      const [first, ...rest] = terms;
      const moved = /^[+-]/.test(first!) ? first! : `+ ${first}`;
      add('rewriting', 'reordered sum', `${rest.join(' ').replace(/^\+\s*/, '')} ${moved}`);
    } else {
      const negative = m.startsWith('-');
      const body = negative ? m.slice(1).trim() : m;
      const factors = topFactors(body);
      const plainCommands = (body.match(/\\[a-zA-Z]+/g) ?? []).every((c) =>
        /^\\(frac|sqrt|pi|cdot|times)$/.test(c),
      );
      if (factors && factors.length >= 2 && plainCommands && !mixed) {
        add(
          'rewriting',
          'reordered product',
          `${negative ? '-' : ''}${[...factors].reverse().join(' \\cdot ')}`,
        );
      }
    }
  }
  const list = splitList(m);
  if (list && list.length >= 2 && !thousands) {
    // `2, 3, \text{ and } 4` reversed is `4, 3, 2`: the joint word goes with the order.
    const items = list.map((x) =>
      x.replace(/^(?:\\text\s*\{\s*(?:and|or)\s*\}|(?:and|or)\s)\s*/, ''),
    );
    add('rewriting', 'reordered solutions', items.reverse().join(', '));
  }

  // A unit the checker knows: left out (the number is the answer), or typed as the maths field
  // types it (`44 m^2`), at the end after a number.
  const written = WRITTEN_UNIT_RE.exec(m);
  const unit = written ? unitKey(written[1]!, Number(written[2] ?? written[3] ?? 1)) : undefined;
  if (written && unit) {
    add('rewriting', 'unit left out', spliceAt(m, written.index, written[0], ' ').trim());
    const [symbol, power] = unit.split('^');
    const atEnd = m.slice(written.index + written[0].length).trim() === '';
    if (atEnd && /\d\s*$/.test(m.slice(0, written.index)) && /^[a-zA-Z]+$/.test(symbol!))
      add(
        'rewriting',
        'unit typed bare',
        spliceAt(m, written.index, written[0], ` ${symbol}${power ? `^${power}` : ''}`),
      );
  }

  // Wrong answers that must not be accepted.
  if (int) {
    const next = `${BigInt(int[0]) + 1n}`;
    add('wrong', 'off by one', spliceAt(m, int.index, int[0], thousands ? next : `{${next}}`));
  }
  if (isScalar(m) && !/^-?0$/.test(m)) {
    const terms = topTerms(m);
    add(
      'wrong',
      'sign changed',
      terms.length === 1 && m.startsWith('-') ? m.slice(1).trim() : `-(${m})`,
    );
  } else {
    const eq = /^([a-zA-Z])\s*=\s*([^=,]+)$/.exec(m);
    if (eq && !/^-?0$/.test(eq[2]!.trim()) && isScalar(eq[2]!))
      add('wrong', 'sign changed', `${eq[1]} = -(${eq[2]})`);
  }
  if (frac) {
    const p = Number(frac[1]);
    const q = frac[2];
    add('wrong', 'numerator changed', spliceAt(m, frac.index, frac[0], `\\frac{${p + 1}}{${q}}`));
  }
  const other = written && unit ? otherUnit(unit) : undefined;
  if (written && other)
    add('wrong', 'unit of another size', spliceAt(m, written.index, written[0], unitLatex(other)));
  return out;
}

const spliceAt = (m: string, at: number, old: string, replacement: string) =>
  m.slice(0, at) + replacement + m.slice(at + old.length);

/** A list of solutions written as such (`1, 2`, `\{1, 2\}`), as its items; else undefined. */
function splitList(m: string): string[] | undefined {
  const inner = /^\\\{(.*)\\\}$/s.exec(m)?.[1] ?? m;
  if (/^[([]/.test(inner.trim()) && inner === m) {
    // a tuple or interval, unless the list is of several of them
    const d = depths(inner);
    if (![...inner].some((c, i) => c === ',' && d[i] === 0)) return undefined;
  }
  const d = depths(inner);
  const items: string[] = [];
  let from = 0;
  for (let i = 0; i < inner.length; i++) {
    if (inner[i] === ',' && d[i] === 0) {
      items.push(inner.slice(from, i).trim());
      from = i + 1;
    }
  }
  items.push(inner.slice(from).trim());
  return items.length >= 2 && items.every((x) => x !== '') ? items : undefined;
}
