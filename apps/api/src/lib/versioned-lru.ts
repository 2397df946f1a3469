/**
 * A least-recently-used map whose entries are tagged with the version of the data they were made
 * from (the catalogue version): an entry read under another version is a miss. Bounded by entry
 * count and, when `sizeOf` is given, by total size.
 */
export function versionedLru<V>(options: {
  maxEntries: number;
  maxTotalSize?: number;
  sizeOf?: (value: V) => number;
}) {
  const entries = new Map<string, { version: string; value: V; size: number }>();
  let total = 0;
  const drop = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    total -= entry.size;
  };
  return {
    /** The value kept for `key` under whichever version (recency unchanged), if any. */
    latest(key: string): V | undefined {
      return entries.get(key)?.value;
    },
    get(key: string, version: string): V | undefined {
      const entry = entries.get(key);
      if (!entry || entry.version !== version) return undefined;
      entries.delete(key); // most recently used goes last
      entries.set(key, entry);
      return entry.value;
    },
    set(key: string, version: string, value: V) {
      drop(key);
      const size = options.sizeOf?.(value) ?? 0;
      entries.set(key, { version, value, size });
      total += size;
      const maxTotal = options.maxTotalSize ?? Infinity;
      while (entries.size > options.maxEntries || total > maxTotal) {
        drop(entries.keys().next().value!);
      }
    },
    get size() {
      return entries.size;
    },
    get totalSize() {
      return total;
    },
  };
}

/**
 * `compute()` as kept in `cache` for the current catalogue version. The version is read first, so
 * a value computed while the catalogue changed is filed under the older version and not reused.
 */
export async function remembered<V>(
  catalogueVersion: () => Promise<string>,
  cache: ReturnType<typeof versionedLru<V>>,
  key: string,
  compute: () => Promise<V>,
): Promise<V> {
  const version = await catalogueVersion();
  const known = cache.get(key, version);
  if (known !== undefined) return known;
  const value = await compute();
  cache.set(key, version, value);
  return value;
}
