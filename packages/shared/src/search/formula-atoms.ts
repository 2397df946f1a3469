import {
  BIG_OPERATORS,
  BRACKET_NODES,
  DROPPED_WITH_ARG,
  FRACTIONS,
  FUNCTIONS,
  GREEK,
  INTEGRALS,
  leaf,
  negated,
  node,
  OPENERS,
  TRANSPARENT,
  type Node,
} from './formula-lexer';

/**
 * How deep atoms (groups, brackets, fractions, roots) may nest: far deeper than any real formula,
 * shallow enough that thousands of nested braces cannot exhaust the call stack.
 */
export const NESTING_MAX = 64;

/**
 * The formula parser's atoms and scripts: numbers, letters, groups and brackets, commands
 * (fractions, roots, integrals, big operators, limits, functions) and what follows an atom (powers,
 * subscripts, factorials, primes). The expression level (relations, sums, products) is the
 * subclass `Parser` (formula-parser), which these call back through the abstract methods.
 */
export abstract class AtomParser {
  protected at = 0;
  /** Inside `\int`: a `d` before a letter ends the integrand. */
  protected integrals = 0;
  /** Inside `|…|`: a `|` closes. */
  protected bars = 0;
  /** How many atoms are being read, one inside another. */
  private nesting = 0;

  constructor(protected readonly toks: string[]) {}

  protected peek(k = 0) {
    return this.toks[this.at + k];
  }
  protected next() {
    return this.toks[this.at++];
  }
  protected done() {
    return this.at >= this.toks.length;
  }
  /** An atom with its postfixes: powers, subscripts, factorials, primes. */
  protected power(): Node | undefined {
    const negs = this.minusSigns();
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
    return negated(base, negs);
  }

  /** The minus signs before an atom, read (a loop, so a long run of them cannot nest calls). */
  private minusSigns(): number {
    let negs = 0;
    while (this.peek() === '-') {
      this.at++;
      negs++;
    }
    return negs;
  }

  /**
   * A `{…}` group or a bracket, its opener read: a list of its own (an integral's `d` or a `|`
   * inside it does not close one outside), up to its `closer`.
   */
  protected group(closer = '}'): Node | undefined {
    const saved = [this.integrals, this.bars];
    this.integrals = 0;
    this.bars = 0;
    const inner = this.list(closer);
    [this.integrals, this.bars] = saved as [number, number];
    if (this.peek() === closer) this.at++;
    return inner;
  }

  /** One argument as TeX reads it: a `{…}` group or one token. */
  protected argument(): Node | undefined {
    const negs = this.minusSigns();
    const a = this.atom(); // a `{…}` group is an atom
    return a && negated(a, negs);
  }

  /** A function's argument: in brackets or braces, else the product that follows. */
  protected functionArgument(): Node | undefined {
    const t = this.peek();
    if (t === '(' || t === '{' || t === '[') return this.atom();
    const saved = this.bars;
    const arg = this.product();
    this.bars = saved;
    return arg;
  }

  /** `_{…}` and `^{…}` after a big operator, in either order. */
  protected limits(): { lower?: Node; upper?: Node } {
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

  /** One atom; past NESTING_MAX deep, its tokens (a whole `{…}` group) are stepped over: `?`. */
  protected atom(): Node | undefined {
    if (this.done()) return undefined;
    if (this.nesting >= NESTING_MAX) {
      if (this.peek() === '{') this.skipGroup();
      else this.at++;
      return leaf('?');
    }
    this.nesting++;
    try {
      return this.readAtom();
    } finally {
      this.nesting--;
    }
  }

  private readAtom(): Node | undefined {
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
    if (t === '{') return this.group();
    const closer = OPENERS[t];
    if (closer) {
      const inner = this.group(closer);
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
  protected derivativeFraction(): Node | undefined {
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

  protected skipGroup() {
    let depth = 0;
    do {
      const t = this.next();
      if (t === '{') depth++;
      else if (t === '}') depth--;
      else if (t === undefined) return;
    } while (depth > 0);
  }

  /** A list inside a group: up to the closer (not consumed). */
  protected abstract list(closer: string): Node | undefined;
  protected abstract sum(): Node | undefined;
  protected abstract product(): Node | undefined;
}
