import { tokenAt } from '../math/display-tokens';
import { splitMath } from '../math/split-math';
import { parseSearchQuery, type SearchQuery, type SearchVocabulary } from './query';

/**
 * Formulas read for search by their structure (ADR 050): a formula is parsed into a tree whose
 * variables are all `v` and whose numbers are all `n` (operators, functions and their nesting
 * kept), so `\int x e^{3x}dx` and `\int t e^{2t}\,dt` have the same tree. Its structure tokens are
 * the subtrees of every node cut at depth 1, 2 and 3, each hashed to a short string: the more of
 * a query's tokens an example holds (bigger subtrees weighing more), the more of its structure
 * matches. The numbers themselves are kept apart, as `#5` tokens, to break ties. Never throws:
 * what the parser cannot read is skipped.
 */

interface Node {
  op: string;
  kids: Node[];
  /** The number as written, for a number leaf. */
  num?: string;
  /** The subtree cut at depth 0 to 3 (computed once, see `cuts`). */
  cut?: string[];
  /** Their numbers of nodes. */
  size?: number[];
}

const leaf = (op: string, num?: string): Node =>
  num === undefined ? { op, kids: [] } : { op, kids: [], num };
const node = (op: string, ...kids: Node[]): Node => ({ op, kids });

/** Operators whose operands' order does not matter: their children are sorted. */
const COMMUTATIVE = new Set(['+', '*']);

const RELATION_NAMES: Record<string, string> = {
  '=': '=',
  '<': '<',
  '>': '>',
  '\\lt': '<',
  '\\gt': '>',
  '\\le': '≤',
  '\\leq': '≤',
  '\\leqslant': '≤',
  '\\ge': '≥',
  '\\geq': '≥',
  '\\geqslant': '≥',
  '\\ne': '≠',
  '\\neq': '≠',
  '\\approx': '≈',
  '\\equiv': '≡',
  '\\sim': '~',
  '\\cong': '≅',
  '\\propto': '∝',
  '\\in': '∈',
  '\\subset': '⊂',
  '\\subseteq': '⊂',
  '\\to': '→',
  '\\rightarrow': '→',
  '\\mid': '|',
  '\\implies': '⇒',
  '\\Rightarrow': '⇒',
  '\\iff': '⇔',
};

const FUNCTIONS = new Set(
  (
    'sin cos tan sec csc cot arcsin arccos arctan sinh cosh tanh ln log lg exp det gcd lcm max min ' +
    'deg arg'
  ).split(' '),
);

const GREEK = new Set(
  (
    'alpha beta gamma delta epsilon varepsilon zeta eta theta vartheta iota kappa lambda mu nu xi ' +
    'rho varrho sigma tau upsilon phi varphi chi psi omega Gamma Delta Theta Lambda Xi Sigma Phi ' +
    'Psi Omega'
  ).split(' '),
);

/** Commands that only space, size or style: skipped. */
const SKIPPED = new Set(
  (
    'left right big bigl bigr Big Bigl Bigr bigg biggl biggr Bigg Biggl Biggr displaystyle ' +
    'textstyle scriptstyle limits nolimits quad qquad , ; : ! > enspace thinspace middle'
  )
    .split(' ')
    .map((c) => `\\${c}`),
);

/** Commands dropped with their one argument (words, labels). */
const DROPPED_WITH_ARG = new Set(
  ['text', 'textrm', 'textbf', 'textit', 'mbox', 'label', 'tag', 'hspace', 'color'].map(
    (c) => `\\${c}`,
  ),
);

/** Commands whose one argument stands for them (styles, accents). */
const TRANSPARENT = new Set(
  [
    'mathrm',
    'mathbf',
    'mathit',
    'mathsf',
    'boldsymbol',
    'bm',
    'boxed',
    'vec',
    'bar',
    'hat',
    'tilde',
    'overline',
    'underline',
    'dot',
    'ddot',
  ].map((c) => `\\${c}`),
);

const INTEGRALS = new Set(['\\int', '\\iint', '\\iiint', '\\oint']);
const BIG_OPERATORS: Record<string, string> = { '\\sum': 'sum', '\\prod': 'prod' };
const FRACTIONS = new Set(['\\frac', '\\dfrac', '\\tfrac', '\\cfrac']);
const OPENERS: Record<string, string> = {
  '(': ')',
  '[': ']',
  '\\{': '\\}',
  '\\lbrace': '\\rbrace',
  '\\langle': '\\rangle',
  '\\lfloor': '\\rfloor',
  '\\lceil': '\\rceil',
};
const BRACKET_NODES: Record<string, string> = {
  '\\lfloor': 'floor',
  '\\lceil': 'ceil',
  '\\{': 'set',
  '\\lbrace': 'set',
};
const SUMS: Record<string, string> = { '+': '+', '-': '-', '\\pm': '±', '\\mp': '∓' };
const PRODUCTS = new Set(['*', '\\cdot', '\\times']);
const DIVISIONS = new Set(['/', '\\div']);

/** The most source characters of one formula read (longer is cut: a runaway paste). */
const FORMULA_CHARS_MAX = 2_000;

/** The formula's tokens: commands, characters, numbers (digits with a decimal point) as one. */
function lex(latex: string): string[] {
  const src = latex.slice(0, FORMULA_CHARS_MAX);
  const out: string[] = [];
  for (let i = 0; i < src.length;) {
    const ch = src[i]!;
    if (/\s/.test(ch) || ch === '~' || ch === '&') {
      i++;
      continue;
    }
    const num = /^\d+(?:\.\d+)?/.exec(src.slice(i, i + 40));
    if (num) {
      out.push(num[0]);
      i += num[0].length;
      continue;
    }
    const t = tokenAt(src, i);
    i = t.end;
    if (t.text === '\\mathrm' || t.text === '\\operatorname') {
      // `\mathrm{d}x` is a differential, `\operatorname{sgn}` a function's name: read as written.
      const m = /^\s*\{\s*([a-zA-Z]+)\s*\}/.exec(src.slice(i, i + 40));
      if (m) {
        const word = m[1]!;
        out.push(word.length > 1 ? `\\${word}` : word);
        i += m[0].length;
        continue;
      }
    }
    if (SKIPPED.has(t.text)) continue;
    out.push(t.text);
  }
  return out;
}

/** Where the parser stops a product: these end a factor run. */
const ENDS_PRODUCT = new Set([
  ...Object.keys(SUMS),
  ...Object.keys(RELATION_NAMES),
  ...PRODUCTS,
  ...DIVISIONS,
  ...Object.values(OPENERS),
  ',',
  ';',
  '}',
  '\\\\',
  '\\end',
  '^',
  '_',
]);

class Parser {
  private at = 0;
  /** Inside `\int`: a `d` before a letter ends the integrand. */
  private integrals = 0;
  /** Inside `|…|`: a `|` closes. */
  private bars = 0;

  constructor(private readonly toks: string[]) {}

  private peek(k = 0) {
    return this.toks[this.at + k];
  }
  private next() {
    return this.toks[this.at++];
  }
  private done() {
    return this.at >= this.toks.length;
  }

  /** The whole formula: statements separated by commas, semicolons or line breaks. */
  formula(): Node | undefined {
    const parts: Node[] = [];
    while (!this.done()) {
      const before = this.at;
      const part = this.relation();
      if (part) parts.push(part);
      if (this.at === before) this.at++; // a token nothing reads: step over it
    }
    return parts.length === 1 ? parts[0] : parts.length ? node('list', ...parts) : undefined;
  }

  /** A list inside a group: up to the closer (not consumed). */
  private list(closer: string): Node | undefined {
    const parts: Node[] = [];
    while (!this.done() && this.peek() !== closer) {
      const before = this.at;
      const part = this.relation();
      if (part) parts.push(part);
      if (this.peek() === ',' || this.peek() === ';' || this.peek() === '\\\\') this.at++;
      else if (this.at === before && this.peek() !== closer) this.at++;
    }
    return parts.length === 1 ? parts[0] : parts.length ? node('list', ...parts) : undefined;
  }

  private relation(): Node | undefined {
    const first = this.sum();
    const kids = first ? [first] : [];
    let ops = '';
    while (this.peek() !== undefined && RELATION_NAMES[this.peek()!] !== undefined) {
      ops += RELATION_NAMES[this.next()!];
      const right = this.sum();
      if (right) kids.push(right);
    }
    return ops ? node(ops, ...kids) : first;
  }

  private sum(): Node | undefined {
    const terms: Node[] = [];
    let signed = false;
    for (;;) {
      const t = this.peek();
      const sign = t !== undefined ? SUMS[t] : undefined;
      if (sign) {
        this.at++;
        signed = true;
      }
      const term = this.product();
      if (!term) {
        if (sign) continue;
        break;
      }
      terms.push(
        sign === '-' ? node('neg', term) : sign === '±' || sign === '∓' ? node('±', term) : term,
      );
      const after = this.peek();
      if (after === undefined || !SUMS[after]) break;
    }
    if (terms.length === 0) return undefined;
    return terms.length === 1 && !signed
      ? terms[0]
      : terms.length === 1
        ? terms[0]!
        : node('+', ...terms);
  }

  private product(): Node | undefined {
    const first = this.power();
    if (!first) return undefined;
    const factors = [first];
    let result: Node | undefined;
    for (;;) {
      const t = this.peek();
      if (t === undefined) break;
      if (PRODUCTS.has(t)) {
        this.at++;
        const f = this.power();
        if (f) factors.push(f);
        continue;
      }
      if (DIVISIONS.has(t)) {
        this.at++;
        const f = this.power();
        const left = factors.length === 1 ? factors[0]! : node('*', ...factors);
        result = node('frac', left, f ?? leaf('?'));
        factors.length = 0;
        factors.push(result);
        continue;
      }
      if (this.endsProduct(t)) break;
      const before = this.at;
      const f = this.power();
      if (f) factors.push(f);
      else if (this.at === before) break;
    }
    return factors.length === 1 ? factors[0] : node('*', ...factors);
  }

  private endsProduct(t: string): boolean {
    if (ENDS_PRODUCT.has(t) || t === '\\right') return true;
    if (t === '|' && this.bars > 0) return true;
    // `dx` at the end of an integrand.
    if (
      this.integrals > 0 &&
      (t === 'd' || t === '\\differentialD') &&
      /^[a-zA-Z]$/.test(this.peek(1) ?? '')
    )
      return true;
    return false;
  }

  /** An atom with its postfixes: powers, subscripts, factorials, primes. */
  private power(): Node | undefined {
    const t = this.peek();
    if (t === '-') {
      this.at++;
      const f = this.power();
      return f ? node('neg', f) : undefined;
    }
    let base = this.atom();
    if (!base) return undefined;
    for (;;) {
      const t2 = this.peek();
      if (t2 === '^') {
        this.at++;
        const exp = this.argument();
        base = node('pow', base, exp ?? leaf('?'));
      } else if (t2 === '_') {
        this.at++;
        const sub = this.argument();
        // A variable's index names another variable (x_1); anything else keeps its index.
        if (base.op !== 'v' && sub) base = node('sub', base, sub);
      } else if (t2 === '!') {
        this.at++;
        base = node('!', base);
      } else if (t2 === "'" || t2 === '\\prime') {
        this.at++;
        base = node("'", base);
      } else break;
    }
    return base;
  }

  /** One argument as TeX reads it: a `{…}` group or one token. */
  private argument(): Node | undefined {
    if (this.peek() === '{') {
      this.at++;
      const saved = [this.integrals, this.bars];
      this.integrals = 0;
      this.bars = 0;
      const inner = this.list('}');
      [this.integrals, this.bars] = saved as [number, number];
      if (this.peek() === '}') this.at++;
      return inner;
    }
    if (this.peek() === '-') {
      this.at++;
      const a = this.argument();
      return a && node('neg', a);
    }
    return this.atom();
  }

  /** A function's argument: in brackets or braces, else the product that follows. */
  private functionArgument(): Node | undefined {
    const t = this.peek();
    if (t === '(' || t === '{' || t === '[') return this.atom();
    const saved = this.bars;
    const arg = this.product();
    this.bars = saved;
    return arg;
  }

  /** `_{…}` and `^{…}` after a big operator, in either order. */
  private limits(): { lower?: Node; upper?: Node } {
    const out: { lower?: Node; upper?: Node } = {};
    for (let k = 0; k < 2; k++) {
      if (this.peek() === '_' && !out.lower) {
        this.at++;
        out.lower = this.argument() ?? leaf('?');
      } else if (this.peek() === '^' && !out.upper) {
        this.at++;
        out.upper = this.argument() ?? leaf('?');
      }
    }
    return out;
  }

  private atom(): Node | undefined {
    const t = this.next();
    if (t === undefined) return undefined;
    if (/^\d/.test(t))
      return leaf(
        'n',
        t.replace(/\.?0+$/, (m) => (m.startsWith('.') ? '' : m)),
      );
    if (/^[a-zA-Z]$/.test(t)) {
      if (t === 'e') return leaf('e');
      return leaf('v');
    }
    if (t === '{') {
      const saved = [this.integrals, this.bars];
      this.integrals = 0;
      this.bars = 0;
      const inner = this.list('}');
      [this.integrals, this.bars] = saved as [number, number];
      if (this.peek() === '}') this.at++;
      return inner;
    }
    const closer = OPENERS[t];
    if (closer) {
      const saved = [this.integrals, this.bars];
      this.integrals = 0;
      this.bars = 0;
      const inner = this.list(closer);
      [this.integrals, this.bars] = saved as [number, number];
      if (this.peek() === closer) this.at++;
      const name = BRACKET_NODES[t];
      if (name) return node(name, ...(inner ? [inner] : []));
      return inner ?? leaf('()');
    }
    if (t === '|' || t === '\\lvert' || t === '\\vert') {
      const close = t === '\\lvert' ? '\\rvert' : t;
      const saved = this.integrals;
      this.integrals = 0;
      this.bars++;
      const inner = this.list(close);
      this.bars--;
      this.integrals = saved;
      if (this.peek() === close) this.at++;
      return node('abs', inner ?? leaf('?'));
    }
    if (!t.startsWith('\\')) return undefined; // punctuation: nothing to read
    if (t === '\\pi') return leaf('pi');
    if (t === '\\infty') return leaf('inf');
    if (GREEK.has(t.slice(1))) return leaf('v');
    if (FRACTIONS.has(t)) {
      // d/dx written as a fraction (`\frac{d}{dx}`, `\frac{dy}{dx}`, `\frac{d^2y}{dx^2}`): a
      // derivative of what follows, or of the numerator's letter.
      const derivative = this.derivativeFraction();
      if (derivative) return derivative;
      const num = this.argument() ?? leaf('?');
      const den = this.argument() ?? leaf('?');
      return node('frac', num, den);
    }
    if (t === '\\binom' || t === '\\dbinom' || t === '\\tbinom') {
      return node('binom', this.argument() ?? leaf('?'), this.argument() ?? leaf('?'));
    }
    if (t === '\\sqrt') {
      let index: Node | undefined;
      if (this.peek() === '[') {
        this.at++;
        index = this.list(']');
        if (this.peek() === ']') this.at++;
      }
      const radicand = this.argument() ?? leaf('?');
      return index ? node('root', radicand, index) : node('sqrt', radicand);
    }
    if (INTEGRALS.has(t)) {
      const { lower, upper } = this.limits();
      this.integrals++;
      const body = this.sum();
      this.integrals--;
      let differential: Node | undefined;
      if (
        (this.peek() === 'd' || this.peek() === '\\differentialD') &&
        /^[a-zA-Z]$/.test(this.peek(1) ?? '')
      ) {
        this.at += 2;
        differential = leaf('dv');
      }
      const kids = [body ?? leaf('?'), ...(differential ? [differential] : [])];
      return lower || upper
        ? node('defint', ...kids, lower ?? leaf('?'), upper ?? leaf('?'))
        : node('int', ...kids);
    }
    const big = BIG_OPERATORS[t];
    if (big) {
      const { lower, upper } = this.limits();
      const body = this.functionArgument();
      return node(big, body ?? leaf('?'), ...(lower ? [lower] : []), ...(upper ? [upper] : []));
    }
    if (t === '\\lim') {
      const { lower } = this.limits();
      const body = this.functionArgument();
      return node('lim', body ?? leaf('?'), ...(lower ? [lower] : []));
    }
    const name = t.slice(1);
    if (FUNCTIONS.has(name)) {
      let power: Node | undefined;
      let base: Node | undefined;
      for (let k = 0; k < 2; k++) {
        if (this.peek() === '^') {
          this.at++;
          power = this.argument();
        } else if (this.peek() === '_') {
          this.at++;
          base = this.argument();
        }
      }
      const arg = this.functionArgument() ?? leaf('?');
      const applied = node(name, arg, ...(base ? [base] : []));
      return power ? node('pow', applied, power) : applied;
    }
    if (DROPPED_WITH_ARG.has(t)) {
      if (this.peek() === '{') this.skipGroup();
      return undefined;
    }
    if (TRANSPARENT.has(t)) return this.argument();
    if (t === '\\begin' || t === '\\end') {
      if (this.peek() === '{') this.skipGroup();
      return undefined;
    }
    if (t === '\\partial') return leaf('d');
    if (t === '\\circ') return leaf('deg');
    if (/^\\[^a-zA-Z]$/.test(t)) return undefined; // `\%`, `\$`, `\\`: not structure
    return leaf(name);
  }

  /** After `\frac`: `{d}{dx}`, `{dy}{dx}` or `{d^2y}{dx^2}` read as a derivative, else nothing. */
  private derivativeFraction(): Node | undefined {
    const rest = this.toks.slice(this.at, this.at + 12).join(' ');
    const m =
      /^\{ d (?:\^ (?:\d|\{ \d \}) )?([a-zA-Z] )?\} \{ d [a-zA-Z] (?:\^ (?:\d|\{ \d \}) )?\}/.exec(
        rest,
      );
    if (!m) return undefined;
    this.at += m[0].split(' ').length;
    const body = m[1] ? leaf('v') : this.functionArgument();
    return node('deriv', body ?? leaf('?'));
  }

  private skipGroup() {
    let depth = 0;
    do {
      const t = this.next();
      if (t === '{') depth++;
      else if (t === '}') depth--;
      else if (t === undefined) return;
    } while (depth > 0);
  }
}

/**
 * Nested sums and products flattened, commutative operands in one order, a number's sign dropped.
 */
function canonical(n: Node): Node {
  // A number's sign is part of the number: `-5x` and `+3x`, `-10` and `+6` read alike.
  if (n.op === 'neg') {
    const inner = canonical(n.kids[0]!);
    if (inner.op === 'n' || (inner.op === '*' && inner.kids.some((k) => k.op === 'n')))
      return inner;
    return { op: 'neg', kids: [inner] };
  }
  let kids = n.kids.map(canonical);
  if (COMMUTATIVE.has(n.op)) {
    kids = kids.flatMap((k) => (k.op === n.op ? k.kids : [k]));
    // A term's coefficient is a number even when it is 1 or -1: `x^2 + x` reads as `x^2 + 2x`
    // (and `-x` as `3x`), and `x^2` as `2x^2`.
    if (n.op === '+') kids = kids.map(withCoefficient);
    kids.sort(byShape);
  }
  return n.num !== undefined ? n : { op: n.op, kids };
}

const hasNumber = (n: Node) => n.op === 'n' || (n.op === '*' && n.kids.some((k) => k.op === 'n'));

/** A term of a sum with its coefficient: a number, a product with a number, or n times it. */
function withCoefficient(term: Node): Node {
  const bare = term.op === 'neg' ? term.kids[0]! : term;
  if (hasNumber(bare)) return bare;
  const kids = [leaf('n'), ...(bare.op === '*' ? bare.kids : [bare])];
  return { op: '*', kids: kids.sort(byShape) };
}

/** The deepest subtree cut a structure token is made of. */
export const STRUCTURE_DEPTH_MAX = 3;

/**
 * The subtree at `n` cut at each depth from 0 to STRUCTURE_DEPTH_MAX, as text, with their numbers
 * of nodes; computed once per node from its children's.
 */
function cuts(n: Node): { cut: string[]; size: number[] } {
  if (!n.cut || !n.size) {
    const cut = [n.op];
    const size = [1];
    for (let d = 1; d <= STRUCTURE_DEPTH_MAX; d++) {
      if (n.kids.length === 0) {
        cut.push(n.op);
        size.push(1);
        continue;
      }
      let text = `${n.op}(`;
      let nodes = 1;
      n.kids.forEach((k, i) => {
        const kc = cuts(k);
        text += (i ? ',' : '') + kc.cut[d - 1]!;
        nodes += kc.size[d - 1]!;
      });
      cut.push(`${text})`);
      size.push(nodes);
    }
    n.cut = cut;
    n.size = size;
  }
  return { cut: n.cut, size: n.size };
}

/**
 * Children in one order, by their cut at depth 2: what their parent's cuts show of them (two
 * children alike to that depth look the same in every token, whatever their order).
 */
function byShape(a: Node, b: Node): number {
  const x = cuts(a).cut[STRUCTURE_DEPTH_MAX - 1]!;
  const y = cuts(b).cut[STRUCTURE_DEPTH_MAX - 1]!;
  return x < y ? -1 : x > y ? 1 : 0;
}

/** One structure token: its text (readable), its hash (what is stored) and its weight. */
export interface StructureToken {
  /** The subtree as text: `pow(v,n)`. */
  shape: string;
  /** A short hash of the shape: what the index holds. */
  token: string;
  /** The subtree's number of nodes: bigger subtrees weigh more. */
  weight: number;
}

/**
 * A 53-bit hash (cyrb53) of a string, in base 36: short enough to store millions of, wide enough
 * that two shapes of one catalogue share one by chance almost never.
 */
function hash(text: string): string {
  const known = hashes.get(text);
  if (known !== undefined) return known;
  if (hashes.size >= HASHES_KEPT) hashes.clear();
  const h = cyrb53(text);
  hashes.set(text, h);
  return h;
}

/** Shapes recur across a catalogue: their hashes are kept (up to HASHES_KEPT, then forgotten). */
const HASHES_KEPT = 20_000;
const hashes = new Map<string, string>();

function cyrb53(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

/** The formula's tree, canonical (variables `v`, numbers `n`); undefined when nothing is read. */
function formulaTree(latex: string): Node | undefined {
  const tree = new Parser(lex(latex)).formula();
  return tree && canonical(tree);
}

function collect(n: Node, out: Map<string, StructureToken>, numbers: Set<string>) {
  if (n.num !== undefined) numbers.add(`#${n.num}`);
  if (n.kids.length === 0) return;
  const { cut, size } = cuts(n);
  for (let depth = 1; depth <= STRUCTURE_DEPTH_MAX; depth++) {
    const text = cut[depth]!;
    if (text === cut[depth - 1]) break; // the subtree is no deeper
    if (!out.has(text)) out.set(text, { shape: text, token: hash(text), weight: size[depth]! });
  }
  for (const k of n.kids) collect(k, out, numbers);
}

/** A formula's structure tokens and its numbers, from one reading. */
function analyse(latex: string): { tokens: StructureToken[]; numbers: string[] } {
  const tree = formulaTree(latex);
  const out = new Map<string, StructureToken>();
  const numbers = new Set<string>();
  if (tree) collect(tree, out, numbers);
  return { tokens: [...out.values()], numbers: [...numbers] };
}

/**
 * The structure tokens of one formula (LaTeX without `$`): every subtree of depth 1 to 3 of its
 * canonical tree, once each. Renamed variables and changed numbers give the same tokens; a
 * different structure gives others. A lone variable or number has none.
 */
export const formulaStructure = (latex: string): StructureToken[] => analyse(latex).tokens;

/**
 * The structure tokens of one formula as short strings, once each: what the formula index holds.
 * Two formulas share a token when they share a subtree (up to renamed variables and numbers), so
 * the share of one's tokens the other holds measures how much of its structure they have in
 * common.
 */
export const formulaStructureTokens = (latex: string): string[] =>
  formulaStructure(latex).map((t) => t.token);

/** The numbers a formula is written with, as number tokens (`#5`, `#0.5`), once each. */
export const formulaNumbers = (latex: string): string[] => analyse(latex).numbers;

/** The maths of a text: its `$…$`, `\(…\)`, `\[…\]` and bare environments' sources. */
export function formulasOf(text: string): string[] {
  if (!text.includes('$') && !text.includes('\\')) return [];
  return splitMath(text)
    .filter((s) => s.kind === 'inline' || s.kind === 'display')
    .map((s) => s.value);
}

/** The most formula tokens kept for one example (its question's first, then answer, procedure). */
export const FORMULA_TOKENS_MAX = 400;

/**
 * The formula index of an example: the structure tokens of every formula in its question, answer
 * and procedure, then the numbers they are written with, at most FORMULA_TOKENS_MAX, once each.
 */
export function formulaIndexTokens(example: {
  question: string;
  answer: string;
  procedure: string | null;
}): string[] {
  const out = new Set<string>();
  const numbers = new Set<string>();
  for (const text of [example.question, example.answer, example.procedure ?? '']) {
    for (const formula of formulasOf(text)) {
      const read = analyse(formula);
      for (const t of read.tokens) {
        if (out.size >= FORMULA_TOKENS_MAX) break;
        out.add(t.token);
      }
      for (const n of read.numbers) numbers.add(n);
    }
  }
  for (const n of numbers) {
    if (out.size >= FORMULA_TOKENS_MAX) break;
    out.add(n);
  }
  return [...out];
}

/** A formula search: the query's structure tokens with their weights, and its numbers. */
export interface FormulaQuery {
  tokens: { token: string; weight: number }[];
  numbers: string[];
}

/** The most structure tokens of a query searched for (the biggest subtrees kept). */
export const QUERY_FORMULA_TOKENS_MAX = 60;

/** The formula search for the formulas of a query; undefined when they have no structure. */
export function formulaQuery(formulas: string[]): FormulaQuery | undefined {
  const tokens = new Map<string, number>();
  const numbers = new Set<string>();
  for (const f of formulas) {
    const read = analyse(f);
    for (const t of read.tokens) tokens.set(t.token, Math.max(t.weight, tokens.get(t.token) ?? 0));
    for (const n of read.numbers) numbers.add(n);
  }
  if (tokens.size === 0) return undefined;
  const sorted = [...tokens]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, QUERY_FORMULA_TOKENS_MAX);
  return {
    tokens: sorted.map(([token, weight]) => ({ token, weight })),
    numbers: [...numbers].slice(0, 20),
  };
}

/** Bare function names a learner types without a backslash. */
const BARE_FUNCTIONS =
  /(?<![\\a-zA-Z])(sin|cos|tan|sec|csc|cot|arcsin|arccos|arctan|sinh|cosh|tanh|ln|log|exp|sqrt|int|frac|pi|lim|sum)(?![a-zA-Z])/g;

/** A word of a query that is maths: a sign, a command, digits next to letters, one letter. */
const MATHS_WORD =
  /[\\^_=+*/<>{}()|]|\d[a-zA-Z]|[a-zA-Z]\d|^[a-zA-Z]$|^-?\d+(?:\.\d+)?$|^(?:sin|cos|tan|sec|ln|log|exp|sqrt|int|frac|lim|sum|pi|dx|dy|dt)$/;

/**
 * A query split into its words and its formulas: the maths in `$…$` (or `\(…\)`), else runs of
 * words that read as maths (`x^2-5x+6`, `\frac{a}{b}`, `sin x`); bare function names gain their
 * backslash. A run that is only numbers or one letter stays with the words.
 */
export function splitQueryMaths(q: string): { words: string; formulas: string[] } {
  const segments = splitMath(q);
  if (segments.some((s) => s.kind === 'inline' || s.kind === 'display')) {
    return {
      words: segments
        .filter((s) => s.kind === 'text')
        .map((s) => s.value)
        .join(' ')
        .trim(),
      formulas: segments.filter((s) => s.kind !== 'text' && s.kind !== 'code').map((s) => s.value),
    };
  }
  const words: string[] = [];
  const formulas: string[] = [];
  let run: string[] = [];
  const flush = () => {
    if (!run.length) return;
    const formula = run.join(' ');
    const structural = run.some((w) => /[\\^_=+*/<>{}()|]|\d[a-zA-Z]/.test(w));
    if (structural) formulas.push(formula.replace(BARE_FUNCTIONS, '\\$1'));
    else words.push(...run);
    run = [];
  };
  // A `-` between spaces joins maths (`x^2 - 1`); inside a word it joins words (`am-gm`).
  for (const w of q.trim().split(/\s+/)) {
    if (!w) continue;
    if (MATHS_WORD.test(w) || (run.length > 0 && /^[-+=]$/.test(w))) run.push(w);
    else {
      flush();
      words.push(w);
    }
  }
  flush();
  return { words: words.join(' '), formulas };
}

/**
 * What a learner's query searches for: its formulas by their structure and, when it has any, its
 * other words (which then rank the formula's matches, see the list repository); else its words
 * alone, as before formulas were searched.
 */
export function readExampleSearch(
  q: string | undefined,
  vocabulary?: SearchVocabulary,
): { search?: SearchQuery; formula?: FormulaQuery } {
  if (!q) return {};
  const { words, formulas } = splitQueryMaths(q);
  const formula = formulaQuery(formulas);
  const search = parseSearchQuery(formula ? words : q, vocabulary);
  return { ...(search ? { search } : {}), ...(formula ? { formula } : {}) };
}
