// Every id a filter matches, in the list's browsing order (by id), kept per filter and catalogue
// version: what a worksheet draws from, and where a browsing position is found.
import type { ExamplePosition } from '@exemplar/shared/catalogue';
import type { Kysely } from 'kysely';
import type { Engine } from '../../../db/database';
import type { Database } from '../../../db/schema';
import { remembered, versionedLru } from '../../../lib/versioned-lru';
import * as list from './examples-list.repository';

/**
 * Where `id` stands among `ids` (ascending): 1-based position, neighbours and total; undefined
 * when it is not among them. A binary search.
 */
export function placeAmong(ids: readonly number[], id: number): ExamplePosition | undefined {
  let lo = 0;
  let hi = ids.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const at = ids[mid]!;
    if (at === id) {
      return {
        position: mid + 1,
        total: ids.length,
        previousId: mid > 0 ? ids[mid - 1]! : null,
        nextId: mid + 1 < ids.length ? ids[mid + 1]! : null,
      };
    }
    if (at < id) lo = mid + 1;
    else hi = mid - 1;
  }
  return undefined;
}

export function idLists(
  db: Kysely<Database>,
  engine: Engine,
  catalogueVersion: (() => Promise<string>) | undefined,
) {
  const lists = versionedLru<number[]>({
    maxEntries: 200,
    maxTotalSize: 2_000_000,
    sizeOf: (ids) => ids.length,
  });

  /** Every id `filter` matches, ascending (kept unless it reads the caller's marks). */
  async function filteredIds(filter: list.ExampleFilter): Promise<number[]> {
    if (!catalogueVersion || list.readsMarks(filter)) return list.filteredIds(db, engine, filter);
    return remembered(
      catalogueVersion,
      lists,
      JSON.stringify({ ...filter, viewerId: undefined }),
      () => list.filteredIds(db, engine, filter),
    );
  }

  return {
    filteredIds,
    /**
     * `id`'s place while browsing (no search: the list is in id order) from the filter's kept
     * ids: after the first ask of a filter, every example's position, neighbours and total are a
     * binary search, not a count of the examples before it. Position null (with the total) when
     * the filter leaves `id` out; undefined when the filter searches or reads the caller's marks
     * (or nothing is kept).
     */
    async keptPlace(id: number, filter: list.ExampleFilter): Promise<ExamplePosition | undefined> {
      if (!catalogueVersion || filter.search || filter.formula || list.readsMarks(filter)) {
        return undefined;
      }
      const ids = await filteredIds(filter);
      return (
        placeAmong(ids, id) ?? { position: null, total: ids.length, previousId: null, nextId: null }
      );
    },
  };
}
