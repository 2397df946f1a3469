// A list page's cursor: the last id seen (catalogue order) or an offset (a search's relevance
// order), encoded opaque for the client (lib/cursor.ts).
import { ID_MAX } from '@exemplar/shared/fields';
import { decodeCursor } from '../../../lib/cursor';

export type Cursor = { after: number } | { offset: number };

export function readCursor(raw: string): Cursor {
  return decodeCursor(raw, (v): Cursor | undefined => {
    // Ids (after) and offsets are bounded like every id: the engines compare them as 32-bit integers.
    const bounded = (n: unknown, min: number): n is number =>
      Number.isSafeInteger(n) && (n as number) >= min && (n as number) <= ID_MAX;
    if (bounded(v.after, 0) && Object.keys(v).length === 1) return { after: v.after };
    if (bounded(v.offset, 1) && Object.keys(v).length === 1) return { offset: v.offset };
    return undefined;
  });
}
