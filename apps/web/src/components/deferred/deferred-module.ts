import { useSyncExternalStore } from 'react';

/**
 * A module fetched the first time it is needed (a hover, a focus, a press) instead of with the
 * page: the floating-ui based pieces (tooltips, select dropdowns, popovers) only matter after an
 * interaction (docs/decisions/006-bundle-budget.md). `request()` starts the fetch once; `use()`
 * re-renders with the module when it has arrived (null until then). A failed fetch is logged and
 * tried again on the next request.
 */
export function deferredModule<M>(load: () => Promise<M>) {
  let loaded: M | null = null;
  let pending: Promise<M | null> | null = null;
  const listeners = new Set<() => void>();

  function request(): Promise<M | null> {
    pending ??= load().then(
      (module) => {
        loaded = module;
        listeners.forEach((listener) => listener());
        return module;
      },
      (error: unknown) => {
        console.error('Could not load a part of the page', error);
        pending = null;
        return null;
      },
    );
    return pending;
  }
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  const get = () => loaded;

  return { request, use: () => useSyncExternalStore(subscribe, get, get) };
}
