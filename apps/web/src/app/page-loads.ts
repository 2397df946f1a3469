import { useSyncExternalStore } from 'react';

/**
 * Page chunks being fetched right now: the layout shows its progress bar while one is (a
 * navigation waits for the next page's code; React keeps the current page meanwhile).
 */
let pending = 0;
const listeners = new Set<() => void>();
// Lazy pages start loading while React renders: tell the layout after that render.
const changed = () => queueMicrotask(() => listeners.forEach((listener) => listener()));

export function trackPageLoad<T>(load: Promise<T>): Promise<T> {
  pending += 1;
  changed();
  return load.finally(() => {
    pending -= 1;
    changed();
  });
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function usePageLoading(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => pending > 0,
    () => false,
  );
}
