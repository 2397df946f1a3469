import { leaf, lex, type Node } from './formula-lexer';
import { Parser } from './formula-parser';

/**
 * Formulas read for search by their structure (ADR 050): a formula is parsed into a tree whose
 * variables are all `v` and whose numbers are all `n` (operators, functions and their nesting
 * kept), so `\int x e^{3x}dx` and `\int t e^{2t}\,dt` have the same tree. Its structure tokens are
 * the subtrees of every node cut at depth 1, 2 and 3, each hashed to a short string: the more of
 * a query's tokens an example holds (bigger subtrees weighing more), the more of its structure
 * matches. The numbers themselves are kept apart, as `#5` tokens, to break ties. Never throws:
 * what the parser cannot read is skipped.
 */

/** Operators whose operands' order does not matter: their children are sorted. */
const COMMUTATIVE = new Set(['+', '*']);

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
      for (let i = 0; i < n.kids.length; i++) {
        const kid = cuts(n.kids[i]!);
        text += (i ? ',' : '') + kid.cut[d - 1]!;
        nodes += kid.size[d - 1]!;
      }
      cut.push(`${text})`);
      size.push(nodes);
    }
    n.cut = cut;
    n.size = size;
  }
  // The node itself holds them now: no new object for each of the many calls sorting makes.
  return n as { cut: string[]; size: number[] };
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
const HASHES_KEPT = 100_000;
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
export function analyse(latex: string): { tokens: StructureToken[]; numbers: string[] } {
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
