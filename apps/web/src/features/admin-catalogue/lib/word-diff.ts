import { diffWordsWithSpace } from 'diff';

/** A run of text kept, added (only in the newer version) or removed (only in the older). */
export interface DiffPart {
  kind: 'same' | 'added' | 'removed';
  text: string;
}

/** The word-level difference from `older` to `newer`, whitespace kept as it is. */
export function wordDiff(older: string, newer: string): DiffPart[] {
  return diffWordsWithSpace(older, newer).map((change) => ({
    kind: change.added ? 'added' : change.removed ? 'removed' : 'same',
    text: change.value,
  }));
}

/** How many words were added and removed: "2 words added, 1 removed", or "No change". */
export function diffSummary(parts: readonly DiffPart[]): string {
  const words = (kind: DiffPart['kind']) =>
    parts
      .filter((p) => p.kind === kind)
      .reduce((n, p) => n + (p.text.trim() ? p.text.trim().split(/\s+/).length : 0), 0);
  const added = words('added');
  const removed = words('removed');
  if (added === 0 && removed === 0)
    return parts.some((p) => p.kind !== 'same') ? 'Only spacing changed' : 'No change';
  const plural = (n: number) => (n === 1 ? 'word' : 'words');
  if (removed === 0) return `${added} ${plural(added)} added`;
  if (added === 0) return `${removed} ${plural(removed)} removed`;
  return `${added} ${plural(added)} added, ${removed} removed`;
}
