import { AtomParser } from './formula-atoms';
import {
  DIVISIONS,
  ENDS_PRODUCT,
  leaf,
  node,
  PRODUCTS,
  RELATION_NAMES,
  SUMS,
  type Node,
} from './formula-lexer';

/**
 * The formula parser's expression level: statements, relations, sums and products, over the atoms
 * and scripts its base class reads. Never throws: a token nothing reads is stepped over.
 */
export class Parser extends AtomParser {
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
  protected list(closer: string): Node | undefined {
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

  protected relation(): Node | undefined {
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

  protected sum(): Node | undefined {
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

  protected product(): Node | undefined {
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

  protected endsProduct(t: string): boolean {
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
}
