/**
 * A value loaded on demand and trusted for `maxAgeMs` (the catalogue version, the database's health):
 * concurrent callers share one load, a failed load is not kept, and `forget()` makes the next call
 * load again, discarding a load already under way (it may have started before what made it stale).
 * `now` is the clock in milliseconds (tests pass their own).
 */
export function recentValue<T>(
  load: () => Promise<T>,
  maxAgeMs: number,
  now: () => number = () => performance.now(),
) {
  let known: { value: T; loadedAt: number } | undefined;
  let pending: Promise<T> | undefined;
  let generation = 0;
  return {
    /** The value when it was loaded recently enough, else undefined. */
    fresh(): T | undefined {
      return known && now() - known.loadedAt < maxAgeMs ? known.value : undefined;
    },
    read(): Promise<T> {
      if (known && now() - known.loadedAt < maxAgeMs) {
        return Promise.resolve(known.value);
      }
      if (!pending) {
        // Trusted from when the load began, not when it ended.
        const startedAt = now();
        const startedIn = generation;
        const load$ = load().then(
          (value) => {
            if (startedIn === generation) known = { value, loadedAt: startedAt };
            if (pending === load$) pending = undefined;
            return value;
          },
          (err: unknown) => {
            if (pending === load$) pending = undefined;
            throw err;
          },
        );
        pending = load$;
      }
      return pending;
    },
    forget() {
      generation += 1;
      known = undefined;
      pending = undefined;
    },
  };
}
