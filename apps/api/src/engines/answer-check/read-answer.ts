// "We read your answer as …": a learner's answer as the checker reads it, written back as LaTeX to
// typeset (each grouping made visible: a typed `e^2x` is `e^{2} x`, the power on e alone), or the
// plain-words problem with the part that cannot be read. Runs on the answer checker's thread.
import type { AnswerReading, AnswerSpec } from '@exemplar/shared/answer-spec';
import type { Expr, Part, Value } from './answer-parts';
import { Refusal } from './evaluate';
import { textOutcome } from './guards';
import { ce } from './parse-expr';
import { learnerMessage, read, storedHasUnit } from './read-maths';
import { typedParts } from './spec-check';
import { choiceLetter } from './spec-text';

/** Compute Engine's names of constants and Greek letters, as LaTeX. */
const SYMBOLS: Record<string, string> = { Pi: '\\pi', ExponentialE: 'e', ImaginaryUnit: 'i' };
const GREEK = new Set(
  (
    'alpha beta gamma delta epsilon varepsilon zeta eta theta vartheta iota kappa lambda mu nu xi ' +
    'rho sigma tau upsilon phi varphi chi psi omega Gamma Delta Theta Lambda Xi Sigma Phi Psi Omega'
  ).split(' '),
);
const FUNCTIONS: Record<string, string> = {
  Sin: '\\sin',
  Cos: '\\cos',
  Tan: '\\tan',
  Sec: '\\sec',
  Csc: '\\csc',
  Cot: '\\cot',
  Arcsin: '\\arcsin',
  Arccos: '\\arccos',
  Arctan: '\\arctan',
  Sinh: '\\sinh',
  Cosh: '\\cosh',
  Tanh: '\\tanh',
  Ln: '\\ln',
  Exp: '\\exp',
};
const RELATION_LATEX: Record<string, string> = { '<': '<', '\\leq': '\\leq', '\\neq': '\\neq' };

/** Compute Engine's own LaTeX for what this serialiser does not write itself. */
function fallback(json: unknown): string {
  try {
    return ce.box(json as never, { canonical: false }).latex;
  } catch {
    return '\\text{?}';
  }
}

const isAtom = (json: unknown) =>
  (typeof json === 'number' && json >= 0) || (typeof json === 'string' && !json.startsWith("'"));
const head = (json: unknown) => (Array.isArray(json) ? (json[0] as string) : undefined);

/** An expression in brackets when it is more than one symbol or number. */
const grouped = (json: unknown) =>
  isAtom(json) || head(json) === 'Delimiter' || head(json) === 'Sqrt'
    ? latexOf(json)
    : `\\left(${latexOf(json)}\\right)`;

/** MathJSON (as parsed, not canonical) written as LaTeX with every grouping explicit. */
export function latexOf(json: unknown): string {
  if (typeof json === 'number') return Number.isFinite(json) ? String(json) : fallback(json);
  if (typeof json === 'string') {
    if (json.startsWith("'")) return `\\text{${json.slice(1, -1)}}`;
    if (json in SYMBOLS) return SYMBOLS[json]!;
    if (GREEK.has(json)) return `\\${json}`;
    if (/^[a-zA-Z]$/.test(json)) return json;
    return fallback(json);
  }
  if (!Array.isArray(json)) {
    const num = (json as { num?: string } | null)?.num;
    return typeof num === 'string' ? num : fallback(json);
  }
  const [h, ...args] = json as [string, ...unknown[]];
  switch (h) {
    case 'Delimiter':
      return args.length === 1 ? `\\left(${latexOf(args[0])}\\right)` : fallback(json);
    case 'Add':
      return args
        .map((a, i) =>
          i === 0
            ? latexOf(a)
            : head(a) === 'Negate'
              ? ` - ${grouped2((a as unknown[])[1])}`
              : ` + ${latexOf(a)}`,
        )
        .join('');
    case 'Subtract':
      return args.length === 2 ? `${latexOf(args[0])} - ${grouped2(args[1])}` : fallback(json);
    case 'Negate':
      return `-${grouped2(args[0])}`;
    case 'Multiply':
      return args.map(factor).join(' \\cdot ');
    case 'InvisibleOperator':
      return args.map(factor).join(' ');
    case 'Divide':
    case 'Rational':
      return args.length === 2
        ? `\\frac{${latexOf(args[0])}}{${latexOf(args[1])}}`
        : fallback(json);
    case 'Power':
      return args.length === 2 ? `${grouped(args[0])}^{${latexOf(args[1])}}` : fallback(json);
    case 'Sqrt':
      return `\\sqrt{${latexOf(args[0])}}`;
    case 'Root':
      return args.length === 2
        ? `\\sqrt[${latexOf(args[1])}]{${latexOf(args[0])}}`
        : fallback(json);
    case 'Abs':
      return `\\left|${latexOf(args[0])}\\right|`;
    case 'Factorial':
      return `${grouped(args[0])}!`;
    case 'Log':
      return args.length === 2
        ? `\\log_{${latexOf(args[1])}}\\left(${latexOf(args[0])}\\right)`
        : `\\log\\left(${latexOf(args[0])}\\right)`;
    default:
      if (h in FUNCTIONS && args.length === 1)
        return `${FUNCTIONS[h]}\\left(${latexOf(args[0])}\\right)`;
      return fallback(json);
  }
}

/** A term after a minus sign: bracketed when it is a sum. */
const grouped2 = (json: unknown) =>
  head(json) === 'Add' || head(json) === 'Subtract'
    ? `\\left(${latexOf(json)}\\right)`
    : latexOf(json);
/** A factor of a product: bracketed when it is a sum or a negative. */
const factor = (json: unknown) =>
  ['Add', 'Subtract', 'Negate'].includes(head(json) ?? '')
    ? `\\left(${latexOf(json)}\\right)`
    : latexOf(json);

const OPEN: Record<string, string> = { '(': '\\left(', '[': '\\left[', '<': '\\left\\langle' };
const CLOSE: Record<string, string> = { ')': '\\right)', ']': '\\right]', '>': '\\right\\rangle' };

function valueLatex(v: Value): string {
  switch (v.kind) {
    case 'expr':
      return exprLatex(v);
    case 'seq':
      if (v.open === ':') return v.items.map(valueLatex).join(' : ');
      return `${OPEN[v.open] ?? v.open}${v.items.map(valueLatex).join(', ')}${CLOSE[v.close] ?? v.close}`;
    case 'set':
      return v.items.length === 0
        ? '\\emptyset'
        : `\\left\\{${v.items.map(partLatex).join(', ')}\\right\\}`;
    case 'union':
      return v.parts.map(valueLatex).join(' \\cup ');
    case 'matrix':
      return `\\begin{pmatrix}${v.rows.map((r) => r.map(valueLatex).join(' & ')).join(' \\\\ ')}\\end{pmatrix}`;
  }
}

const exprLatex = (e: Expr) => latexOf(e.json);

/** A unit's key (`cm^2`, `m/s`, `deg`, `$`) as LaTeX after its value. */
function unitLatex(key: string): string {
  if (key === 'deg') return '^{\\circ}';
  if (key === '%') return '\\%';
  if (key === '$') return '\\text{ dollars}';
  return `\\ ${key
    .split('/')
    .map((u) => {
      const [name, power] = u.split('^');
      return `\\text{${name}}${power ? `^{${power}}` : ''}`;
    })
    .join('/')}`;
}

function partLatex(p: Part): string {
  let body: string;
  switch (p.kind) {
    case 'value':
      body = `${p.variable ? `${p.variable} = ` : ''}${valueLatex(p.value)}`;
      break;
    case 'relation':
      body = `${exprLatex(p.lhs)} ${RELATION_LATEX[p.op] ?? p.op} ${exprLatex(p.rhs)}`;
      break;
    case 'equation':
      body = `${exprLatex(p.lhs)} = ${exprLatex(p.rhs)}`;
      break;
  }
  return p.unit ? `${body}${unitLatex(p.unit)}` : body;
}

/** What `read` is given: the example's question and stored answer, its spec, and the answer typed. */
export interface ReadInput {
  question: string;
  expected: string;
  given: string;
  spec: AnswerSpec;
}

/** The answer as the checker reads it, or the problem that stops it (the learner's words). */
export function readAnswer({ expected, given, spec }: ReadInput): AnswerReading {
  const refused = textOutcome('0', given);
  if (refused?.kind === 'refused') return { problem: refused.message };
  if (spec.kind === 'choice') {
    const letter = choiceLetter(given);
    if (letter) return { reading: `\\text{(${letter})}` };
  }
  const bareUnits = storedHasUnit(expected, spec);
  try {
    if (spec.kind === 'parts') {
      const parts = typedParts(given);
      return {
        reading: parts
          .map((t) => {
            const value = read(t.value, bareUnits).map(partLatex).join(', ');
            if (!t.labelSource) return value;
            const label = t.labelSource.trim();
            // A word typed as a label (`mean`) is a word, not a product of letters.
            return `${/^[a-zA-Z]{2,}$/.test(label) ? `\\text{${label}}` : label} = ${value}`;
          })
          .join(',\\quad '),
      };
    }
    return { reading: read(given, bareUnits).map(partLatex).join(',\\quad ') };
  } catch (err) {
    if (err instanceof Refusal) return { problem: err.message };
    return { problem: learnerMessage(err) };
  }
}
