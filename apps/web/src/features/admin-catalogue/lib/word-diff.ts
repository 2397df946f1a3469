import { splitMath } from '@exemplar/shared/math';
import { diffArrays, diffWordsWithSpace } from 'diff';

/** A run of text kept, added (only in the newer version) or removed (only in the older). */
export interface DiffPart {
  kind: 'same' | 'added' | 'removed';
  text: string;
  /** How many words it counts as, when not its whitespace-separated words (a formula is one). */
  words?: number;
}

/** The word-level difference from `older` to `newer`, whitespace kept as it is. */
export function wordDiff(older: string, newer: string): DiffPart[] {
  return diffWordsWithSpace(older, newer).map((change) => ({
    kind: change.added ? 'added' : change.removed ? 'removed' : 'same',
    text: change.value,
  }));
}

/**
 * How many words were added and removed: "2 words added, 1 removed", or "No change" (in a rendered
 * diff a formula counts as one word).
 */
export function diffSummary(parts: readonly DiffPart[]): string {
  const words = (kind: DiffPart['kind']) =>
    parts
      .filter((p) => p.kind === kind)
      .reduce(
        (n, p) => n + (p.words ?? (p.text.trim() ? p.text.trim().split(/\s+/).length : 0)),
        0,
      );
  const added = words('added');
  const removed = words('removed');
  if (added === 0 && removed === 0)
    return parts.some((p) => p.kind !== 'same') ? 'Only spacing changed' : 'No change';
  const plural = (n: number) => (n === 1 ? 'word' : 'words');
  if (removed === 0) return `${added} ${plural(added)} added`;
  if (added === 0) return `${removed} ${plural(removed)} removed`;
  return `${added} ${plural(added)} added, ${removed} removed`;
}

/**
 * The text as the reader sees it, cut into the pieces a rendered diff compares: each formula whole
 * (its source with its delimiters, so it is typeset as one) and the prose between them word by
 * word, spaces kept as their own pieces.
 */
export function renderedTokens(text: string): string[] {
  return splitMath(text).flatMap((segment) =>
    segment.kind === 'text' ? (segment.raw.match(/\s+|[^\s]+/g) ?? []) : [segment.raw],
  );
}

/**
 * The difference from `older` to `newer` as typeset: a formula that changed at all is removed
 * and added whole, prose word by word. Each part's text is source to typeset as it is.
 */
export function renderedDiff(older: string, newer: string): DiffPart[] {
  return diffArrays(renderedTokens(older), renderedTokens(newer)).map((change) => ({
    kind: change.added ? 'added' : change.removed ? 'removed' : 'same',
    text: change.value.join(''),
    words: change.value.filter((token) => token.trim()).length,
  }));
}
