export type SortDirection = 'asc' | 'desc';

export interface SortState {
  key: string;
  direction: SortDirection;
}

export type SortValue = string | number | null | undefined;

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** Numbers by value, text by a natural, case-insensitive order; empty values last. */
export function compareSortValues(a: SortValue, b: SortValue): number {
  const emptyA = a === null || a === undefined || a === '';
  const emptyB = b === null || b === undefined || b === '';
  if (emptyA || emptyB) return emptyA === emptyB ? 0 : emptyA ? 1 : -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return collator.compare(String(a), String(b));
}

/** A sorted copy of `rows` (stable: equal rows keep their order). */
export function sortRows<T>(
  rows: readonly T[],
  value: (row: T) => SortValue,
  direction: SortDirection,
): T[] {
  const sign = direction === 'asc' ? 1 : -1;
  return rows
    .map((row, index) => ({ row, index, key: value(row) }))
    .sort((a, b) => {
      const byValue = compareSortValues(a.key, b.key);
      // Empty values stay last in both directions.
      const emptyInvolved = byValue !== 0 && (isEmpty(a.key) || isEmpty(b.key));
      return (emptyInvolved ? byValue : byValue * sign) || a.index - b.index;
    })
    .map(({ row }) => row);
}

function isEmpty(value: SortValue): boolean {
  return value === null || value === undefined || value === '';
}

/** Next state when a column header is clicked: ascending, then descending, then back to none. */
export function nextSort(current: SortState | null, key: string): SortState | null {
  if (!current || current.key !== key) return { key, direction: 'asc' };
  return current.direction === 'asc' ? { key, direction: 'desc' } : null;
}

/** True when every word of `query` appears in one of `fields` (case- and accent-insensitive). */
export function matchesSearch(query: string, fields: readonly (string | null | undefined)[]) {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = fold(fields.filter(Boolean).join(' \u0000 '));
  return words.every((word) => haystack.includes(word));
}

function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}
