/**
 * Step 1 of break-display.ts: `displayParts` cuts a display formula at its top level into
 * statements, and each statement into its left-hand side and pieces.
 */
import {
  ARROWS,
  CLOSERS,
  FORBIDDEN,
  OPENERS,
  OPERATORS,
  PRODUCTS,
  RELATIONS,
  SIZED_CLOSE,
  SIZED_OPEN,
  SMALL_SPACES,
  STATEMENT_SPACES,
  TOP_FORBIDDEN,
  displayPartsWork,
  separatorRun,
  tokenAt,
} from './display-tokens';

/** What a piece starts with; cuts are preferred in this order. */
export type PieceKind = 'arrow' | 'relation' | 'operator' | 'product';

export interface DisplayPiece {
  kind: PieceKind;
  /** LaTeX of the piece, starting with its relation, arrow or operator. */
  latex: string;
}

export interface DisplayStatement {
  /** LaTeX before the first piece (may be empty: a formula can start with `=`). */
  lhs: string;
  pieces: DisplayPiece[];
}

export interface DisplayParts {
  statements: DisplayStatement[];
}

/** More break points than this and the formula is left alone (it is a wall, not a line). */
export const MAX_PIECES = 200;

/** Where a cut may go, found in the scan. */
interface Cut {
  /** 'statement': hard (a wide space); 'comma': soft (merged away unless both sides relate). */
  kind: PieceKind | 'statement' | 'comma';
  /** Source index where the next part starts. */
  at: number;
  /** For statement and comma cuts: where the previous part ends (spaces after it are dropped). */
  endPrevious: number;
}

type TopClass = 'none' | 'ord' | 'rel' | 'bin' | 'open' | 'punct' | 'script';

/**
 * Cuts a display formula at its top level (see break-display.ts). Null when it must not or
 * cannot be rewritten, or when it has no cut at all.
 */
export function displayParts(latex: string): DisplayParts | null {
  const cuts: Cut[] = [];
  let braces = 0;
  let brackets = 0;
  let envs = 0;
  let last: TopClass = 'none';
  /** A relation or arrow cut just made: a relation right after it joins it (`:=`, `\le=`). */
  let relStart = -1;
  let i = 0;
  const top = () => braces === 0 && brackets === 0 && envs === 0;
  while (i < latex.length) {
    const ch = latex[i]!;
    if (/\s/.test(ch)) {
      displayPartsWork.add(1);
      i++;
      continue;
    }
    const tok = tokenAt(latex, i);
    const t = tok.text;
    i = tok.end;
    // Only a relation right after a relation joins it (`\le =`); anything between ends that.
    const afterRelation = relStart >= 0;
    relStart = -1;
    if (t === '%') return null;
    if (FORBIDDEN.has(t)) return null;
    if (t === '\\begin' || t === '\\end') {
      // Skip the environment's name group with the brace counter.
      envs += t === '\\begin' ? 1 : -1;
      if (envs < 0) return null;
      if (envs === 0) last = 'ord';
      continue;
    }
    if (t === '{') {
      braces++;
      continue;
    }
    if (t === '}') {
      braces--;
      if (braces < 0) return null;
      if (top()) last = 'ord';
      continue;
    }
    if (braces > 0 || envs > 0) continue;
    if (SIZED_OPEN.test(t) || SIZED_CLOSE.test(t)) {
      // The delimiter after \left, \bigl… belongs to it.
      let j = i;
      while (j < latex.length && /\s/.test(latex[j]!)) j++;
      if (j < latex.length) i = tokenAt(latex, j).end;
      if (SIZED_OPEN.test(t)) brackets++;
      else brackets = Math.max(0, brackets - 1);
      if (brackets === 0) last = 'ord';
      continue;
    }
    if (t === '\\middle') {
      let j = i;
      while (j < latex.length && /\s/.test(latex[j]!)) j++;
      if (j < latex.length) i = tokenAt(latex, j).end;
      continue;
    }
    if (OPENERS.has(t)) {
      brackets++;
      continue;
    }
    if (CLOSERS.has(t)) {
      brackets = Math.max(0, brackets - 1);
      if (brackets === 0) last = 'ord';
      continue;
    }
    if (brackets > 0) continue;
    // Top level from here on.
    if (t === '\\\\' || t === '&' || t === '\\cr' || t === '\\newline') return null;
    if (TOP_FORBIDDEN.has(t)) return null;
    if (t === '^' || t === '_') {
      last = 'script';
      continue;
    }
    if (last === 'script') {
      // An unbraced script argument (`10^\circ`, `x^-`): part of what came before.
      last = 'ord';
      continue;
    }
    const isRel = RELATIONS.has(t) || ARROWS.has(t);
    if (t === '\\not' || isRel) {
      const kind: PieceKind = ARROWS.has(t) ? 'arrow' : 'relation';
      if (afterRelation) {
        // `\le =`, `\not =`: one relation, cut once before its first part.
        const prev = cuts[cuts.length - 1]!;
        if (kind === 'arrow') prev.kind = 'arrow';
      } else {
        let at = tok.start;
        // `:=` is one relation: cut before the colon.
        if (t === '=' && latex[at - 1] === ':' && last === 'punct') at -= 1;
        cuts.push({ kind, at, endPrevious: at });
        if (cuts.length > MAX_PIECES) return null;
      }
      relStart = tok.start;
      last = 'rel';
      continue;
    }
    if (SMALL_SPACES.has(t) || t === '\\!') continue;
    if (OPERATORS.has(t)) {
      // Binary only after an ordinary atom; `= -2`, `(-1` and a leading `-` are unary.
      if (last === 'ord') {
        const kind = PRODUCTS.has(t) ? 'product' : 'operator';
        cuts.push({ kind, at: tok.start, endPrevious: tok.start });
        if (cuts.length > MAX_PIECES) return null;
      }
      last = 'bin';
      continue;
    }
    if (t === ',' || t === ';' || STATEMENT_SPACES.has(t) || t === '\\hspace') {
      const run = separatorRun(latex, tok.start);
      if (!run) return null;
      if (run.at < latex.length) {
        cuts.push({
          kind: run.hard ? 'statement' : 'comma',
          at: run.at,
          endPrevious: run.endPrevious,
        });
      }
      i = run.at;
      last = 'punct';
      continue;
    }
    if (t === ':') {
      last = 'punct';
      continue;
    }
    last = 'ord';
  }
  if (braces !== 0 || envs !== 0) return null;
  if (cuts.length === 0 || cuts.length > MAX_PIECES) return null;
  return assemble(latex, cuts);
}

/** Builds statements from the cuts: comma parts without a relation join their neighbour. */
function assemble(latex: string, cuts: Cut[]): DisplayParts | null {
  interface Chunk {
    from: number;
    to: number;
    pieces: Cut[];
    hard: boolean; // starts after a statement cut
    related: boolean;
  }
  const chunks: Chunk[] = [];
  let current: Chunk = { from: 0, to: latex.length, pieces: [], hard: true, related: false };
  for (const cut of cuts) {
    if (cut.kind === 'statement' || cut.kind === 'comma') {
      current.to = cut.endPrevious;
      chunks.push(current);
      current = {
        from: cut.at,
        to: latex.length,
        pieces: [],
        hard: cut.kind === 'statement',
        related: false,
      };
    } else {
      current.pieces.push(cut);
      if (cut.kind === 'arrow' || cut.kind === 'relation') current.related = true;
    }
  }
  chunks.push(current);
  // A comma part without a relation joins the part before it (`x = 1, 2, 3`), and a relation
  // after a relation-less part joins it too (`a_1, a_2 = 0`): only related parts stand alone.
  const merged: Chunk[] = [];
  for (const chunk of chunks) {
    const prev = merged[merged.length - 1];
    if (prev && !chunk.hard && (!chunk.related || !prev.related)) {
      prev.to = chunk.to;
      prev.pieces.push(...chunk.pieces);
      prev.related ||= chunk.related;
    } else merged.push(chunk);
  }
  const statements: DisplayStatement[] = [];
  for (const chunk of merged) {
    // The left-hand side ends at the first relation or arrow; without one, at the first operator.
    const firstRel = chunk.pieces.findIndex((p) => p.kind === 'arrow' || p.kind === 'relation');
    const usable = chunk.pieces.filter((p, k) => firstRel < 0 || k >= firstRel);
    const bounds = usable.map((p) => p.at).filter((at) => at > chunk.from && at < chunk.to);
    const lhs = latex.slice(chunk.from, bounds[0] ?? chunk.to).trim();
    const pieces: DisplayPiece[] = [];
    bounds.forEach((at, k) => {
      const cut = usable.find((p) => p.at === at)!;
      const text = latex.slice(at, bounds[k + 1] ?? chunk.to).trim();
      if (text) pieces.push({ kind: cut.kind as PieceKind, latex: text });
    });
    if (lhs || pieces.length) statements.push({ lhs, pieces });
  }
  const total = statements.reduce((n, s) => n + s.pieces.length, 0) + statements.length - 1;
  return total > 0 ? { statements } : null;
}
